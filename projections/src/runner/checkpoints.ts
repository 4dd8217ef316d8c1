import { compiledOnce, type GlobalCursor, prepared, START, type Statement, statementOnce } from '@erp/eventstore';
import { CompiledQuery, sql } from 'kysely';
import { z } from 'zod';

import type { ReadDb } from '../read-models';
import { runTogether } from './table';

/**
 * The runner's own tables, column → type as the DDL below makes them (`| null` where it may be
 * null); checkpoints.int.spec.ts holds them to a freshly prepared database's catalogue.
 */
export const RUNNER_COLUMNS = {
  projection_checkpoints: { name: 'text', version: 'integer', tx: 'xid8', position: 'bigint', updated_at: 'timestamp with time zone', stopped: 'jsonb | null' },
  projection_rebuilds: {
    schema: 'text',
    projections: 'text[]',
    applied: 'bigint',
    position: 'bigint',
    target: 'bigint',
    started_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
  },
} as const;

/** A value as pg hands it over: int8 and xid8 as text, timestamps as text (eventstore db.ts). */
type PgValue<T> = T extends `${infer Type} | null` ? PgValue<Type> | null : T extends 'integer' ? number : T extends 'text[]' ? string[] : T extends 'jsonb' ? unknown : string;

export type RunnerTables = { [T in keyof typeof RUNNER_COLUMNS]: { [C in keyof (typeof RUNNER_COLUMNS)[T]]: PgValue<(typeof RUNNER_COLUMNS)[T][C]> } };

/** Where a projection stopped: the event it could not apply, and why (DESIGN: one stops, others go on). */
const ProjectionStopSchema = z.object({ position: z.string(), type: z.string(), streamId: z.string(), error: z.string(), at: z.string() }).readonly();
export type ProjectionStop = z.output<typeof ProjectionStopSchema>;

export interface CheckpointRow {
  readonly name: string;
  readonly version: number;
  readonly cursor: GlobalCursor;
  /** Set while the projection is stopped on an event it cannot apply. */
  readonly stopped: ProjectionStop | null;
}

type Raw = Pick<RunnerTables['projection_checkpoints'], 'name' | 'version' | 'tx' | 'position' | 'stopped'>;
const toRow = (r: Raw): CheckpointRow => ({ name: r.name, version: r.version, cursor: { tx: r.tx, position: r.position }, stopped: ProjectionStopSchema.nullable().parse(r.stopped) });
const COLUMNS = sql`name, version, tx::text as tx, position::text as position, stopped`;

export const migrateCheckpoints = async (db: ReadDb) => {
  await sql`create table if not exists projection_checkpoints (
    name text primary key,
    version integer not null,
    tx xid8 not null,
    position bigint not null,
    updated_at timestamptz not null default now())`.execute(db);
  await sql`alter table projection_checkpoints add column if not exists stopped jsonb`.execute(db);
  await migrateRebuilds(db);
};

/** Rebuilds under way (blue-green, into a shadow schema): how far each has come, for health and the Activity screen. */
export const migrateRebuilds = async (db: ReadDb) => {
  await sql`create table if not exists projection_rebuilds (
    schema text primary key,
    projections text[] not null,
    applied bigint not null,
    position bigint not null,
    target bigint not null,
    started_at timestamptz not null default now(),
    updated_at timestamptz not null default now())`.execute(db);
};

export interface RebuildProgress {
  readonly projections: readonly string[];
  readonly applied: number;
  readonly position: string;
  /** The log's end when the rebuild started: it is done catching up past it. */
  readonly target: string;
  readonly startedAt: string;
}

export const readRebuilds = async (db: ReadDb): Promise<RebuildProgress[]> => {
  await migrateRebuilds(db);
  const { rows } = await sql<RebuildProgress>`select projections, applied::float8 as applied, position::text as position, target::text as target,
      to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startedAt"
    from projection_rebuilds order by started_at`.execute(db);
  return rows;
};

export const readCheckpoint = async (db: ReadDb, name: string): Promise<CheckpointRow | null> => {
  const { rows } = await sql<Raw>`select ${COLUMNS}
    from projection_checkpoints where name = ${name}`.execute(db);
  return rows[0] ? toRow(rows[0]) : null;
};

export const readCheckpoints = async (db: ReadDb, names?: readonly string[]): Promise<CheckpointRow[]> => {
  const { rows } = await prepared(sql<Raw>`select ${COLUMNS}
    from projection_checkpoints ${names ? sql`where name = any(${names}::text[])` : sql``} order by name`).execute(db);
  return rows.map(toRow);
};

/**
 * Leadership, per projection, for one transaction: lock the checkpoint rows nobody else holds
 * (another worker's are skipped, not waited for). Whoever holds a row applies the next batch
 * of that projection and moves its checkpoint; nobody else can, so nothing is applied twice.
 */
export const lockCheckpoints = async (db: ReadDb, names: readonly string[]): Promise<CheckpointRow[]> => {
  const { rows } = await db.executeQuery(lockQuery(db, CHECKPOINTS, names));
  return rows.map(toRow);
};

/** The key of the checkpoint statements made once (their text is fixed). */
const CHECKPOINTS = {};

// Read models are rebuilt from the durable log, and each batch commits with its checkpoint: a
// commit lost in a crash is simply applied again. So the batch need not wait for its WAL flush
// (set here, once, for this transaction, without a round trip of its own).
const lockQuery = compiledOnce(
  (_: object, names: readonly string[]) => prepared(sql<Raw>`select ${COLUMNS}
    from projection_checkpoints
    where name = any(${names}::text[]) and (select set_config('synchronous_commit', 'off', true)) = 'off'
    order by name for update skip locked`),
);

/**
 * lockCheckpoints as the first statement of a new transaction, after ending the one before
 * (`commit` true): `commit; begin; select … for update skip locked` in one round trip, where
 * three took three. One simple query takes no parameters, so the names go in its text as
 * literals (made once per set of names).
 */
export const beginLocked = async (db: ReadDb, names: readonly string[], commit: boolean): Promise<CheckpointRow[]> => {
  const key = `${commit}\0${names.join('\0')}`;
  let text = lockTexts.get(key);
  if (text === undefined) {
    if (lockTexts.size >= 100) lockTexts.clear();
    const { sql: lock, parameters } = sql`${sql.raw(commit ? 'commit; begin; ' : 'begin; ')}select ${COLUMNS}
      from projection_checkpoints
      where name = any(array[${sql.join([...names.map((n) => sql.lit(n)), sql.lit('')])}]) and (select set_config('synchronous_commit', 'off', true)) = 'off'
      order by name for update skip locked`.compile(db);
    if (parameters.length > 0) throw new Error('beginLocked: its statement must take no parameters');
    lockTexts.set(key, (text = lock));
  }
  const { rows } = await db.executeQuery<Raw>(CompiledQuery.raw(text, []));
  return rows.map(toRow);
};
const lockTexts = new Map<string, string>();

/** Waits for the row lock (a rebuild's final swap waits for the batch in flight). */
export const lockCheckpointsWaiting = async (db: ReadDb, names: readonly string[]): Promise<CheckpointRow[]> => {
  // One statement, in name order: when the live runner's round ends (it holds its rows while it
  // waits for appends, at most the poll), every row is taken at once, before its next round.
  const { rows } = await sql<Raw>`select ${COLUMNS}
    from projection_checkpoints where name = any(${names}::text[]) order by name for update`.execute(db);
  return rows.map(toRow);
};

/**
 * The statement that moves checkpoints (to end a batch's writes, in the same round trip). A
 * projection that moves is no longer stopped.
 */
export const checkpointUpdate = (db: ReadDb, names: readonly string[], version: number | null, cursor: GlobalCursor): Statement =>
  checkpointStatement(db, CHECKPOINTS, '', cursor.tx, cursor.position, version, names);

const checkpointStatement = statementOnce(
  (_: object, _part: string, tx: string, position: string, version: number | null, names: readonly string[]) =>
    sql`update projection_checkpoints set tx = ${tx}::xid8, position = ${position}::bigint,
      version = coalesce(${version}::integer, version), updated_at = now(), stopped = null
    where name = any(${names}::text[])`,
);

/** Marks a projection stopped on an event (health, metrics and the log say so until it moves). */
export const markStopped = async (db: ReadDb, name: string, stop: ProjectionStop) => {
  await sql`update projection_checkpoints set stopped = ${JSON.stringify(stop)}::jsonb where name = ${name}`.execute(db);
};

export const writeCheckpoints = async (db: ReadDb, names: readonly string[], version: number | null, cursor: GlobalCursor) => {
  await runTogether(db, [], checkpointUpdate(db, names, version, cursor));
};

export const ensureCheckpoint = async (db: ReadDb, name: string, version: number) => {
  await sql`insert into projection_checkpoints (name, version, tx, position)
    values (${name}, ${version}, ${START.tx}::xid8, ${START.position}::bigint)
    on conflict (name) do nothing`.execute(db);
};
