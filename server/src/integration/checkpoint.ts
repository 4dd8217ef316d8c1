import { type AnyDb, type GlobalCursor, LOCK_KEYS, START } from '@erp/eventstore';
import { sql } from 'kysely';

/**
 * Where each integration worker (the JetStream publisher, the webhook fan-out) stands in the
 * log. Like a projection's checkpoint, the row is also the leader's lock: whoever holds it in
 * a transaction publishes the next page; a second worker skips it and waits.
 */
export const migrateIntegrationCheckpoints = async (db: AnyDb) => {
  // Several workers start at once (services mode): two concurrent `create table if not exists` of one table fail.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEYS.integrationSchema})`.execute(trx);
    await sql`create table if not exists integration_checkpoints (
      name text primary key,
      tx xid8 not null,
      position bigint not null,
      updated_at timestamptz not null default now())`.execute(trx);
    // Since when the worker's rounds fail, and why: health and /metrics read it from any process.
    await sql`alter table integration_checkpoints add column if not exists failing_since timestamptz,
      add column if not exists last_error text`.execute(trx);
  });
};

/** A round failed (kept from the first failure on) or worked again (cleared). */
export const markIntegrationFailure = async (db: AnyDb, name: string, error: string | null) => {
  await (error === null
    ? sql`update integration_checkpoints set failing_since = null, last_error = null where name = ${name} and failing_since is not null`
    : sql`update integration_checkpoints set failing_since = coalesce(failing_since, now()), last_error = ${error.slice(0, 500)} where name = ${name}`
  ).execute(db);
};

export const ensureIntegrationCheckpoint = async (db: AnyDb, name: string) => {
  await sql`insert into integration_checkpoints (name, tx, position)
    values (${name}, ${START.tx}::xid8, ${START.position}::bigint) on conflict (name) do nothing`.execute(db);
};

/** Puts the checkpoint at `cursor`, made or moved (a restore: the worker goes on after the restored log). */
export const placeIntegrationCheckpoint = async (db: AnyDb, name: string, cursor: GlobalCursor) => {
  await sql`insert into integration_checkpoints (name, tx, position) values (${name}, ${cursor.tx}::xid8, ${cursor.position}::bigint)
    on conflict (name) do update set tx = excluded.tx, position = excluded.position, updated_at = now()`.execute(db);
};

/** The checkpoint, locked for this transaction; null when another worker holds it. */
export const lockIntegrationCheckpoint = async (db: AnyDb, name: string): Promise<GlobalCursor | null> => {
  const { rows } = await sql<{ tx: string; position: string }>`select tx::text as tx, position::text as position
    from integration_checkpoints where name = ${name} for update skip locked`.execute(db);
  return rows[0] ?? null;
};

export const moveIntegrationCheckpoint = async (db: AnyDb, name: string, cursor: GlobalCursor) => {
  await sql`update integration_checkpoints set tx = ${cursor.tx}::xid8, position = ${cursor.position}::bigint, updated_at = now()
    where name = ${name}`.execute(db);
};

export const readIntegrationCheckpoint = async (db: AnyDb, name: string): Promise<string | null> => {
  const { rows } = await sql<{ position: string }>`select position::text as position from integration_checkpoints where name = ${name}`.execute(db);
  return rows[0]?.position ?? null;
};
