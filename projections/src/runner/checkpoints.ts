import { type AnyDb, type GlobalCursor, START } from '@erp/eventstore';
import { sql } from 'kysely';

export interface CheckpointRow {
  readonly name: string;
  readonly version: number;
  readonly cursor: GlobalCursor;
}

export const migrateCheckpoints = async (db: AnyDb) => {
  await sql`create table if not exists projection_checkpoints (
    name text primary key,
    version integer not null,
    tx xid8 not null,
    position bigint not null,
    updated_at timestamptz not null default now())`.execute(db);
};

export const readCheckpoint = async (db: AnyDb, name: string): Promise<CheckpointRow | null> => {
  const { rows } = await sql<{ name: string; version: number; tx: string; position: string }>`
    select name, version, tx::text as tx, position::text as position
    from projection_checkpoints where name = ${name}`.execute(db);
  const row = rows[0];
  return row ? { name: row.name, version: row.version, cursor: { tx: row.tx, position: row.position } } : null;
};

export const readAllCheckpoints = async (db: AnyDb): Promise<CheckpointRow[]> => {
  const { rows } = await sql<{ name: string; version: number; tx: string; position: string }>`
    select name, version, tx::text as tx, position::text as position
    from projection_checkpoints order by name`.execute(db);
  return rows.map((r) => ({ name: r.name, version: r.version, cursor: { tx: r.tx, position: r.position } }));
};

export const writeCheckpoint = async (db: AnyDb, name: string, version: number, cursor: GlobalCursor) => {
  await sql`insert into projection_checkpoints (name, version, tx, position)
    values (${name}, ${version}, ${cursor.tx}::xid8, ${cursor.position}::bigint)
    on conflict (name) do update set version = excluded.version, tx = excluded.tx,
      position = excluded.position, updated_at = now()`.execute(db);
};

export const ensureCheckpoint = async (db: AnyDb, name: string, version: number) => {
  await sql`insert into projection_checkpoints (name, version, tx, position)
    values (${name}, ${version}, ${START.tx}::xid8, ${START.position}::bigint)
    on conflict (name) do nothing`.execute(db);
};
