import { errorCode, errorMessage, type RecordedEvent } from '@erp/contracts';
import { compareCursors, type EventPage, type EventStore, type GlobalCursor, START, type Statement } from '@erp/eventstore';
import { sql } from 'kysely';

import { applyBatch, flushed, foldCarried, planBatch } from './batch';
import { ensureCheckpoint, lockCheckpointsWaiting, migrateRebuilds, type ProjectionStop, writeCheckpoints } from './checkpoints';
import { perSecond, type ProjectionLog, silentLog } from './log';
import type { Projection } from './projection';
import { RowCache } from './row-cache';
import { createRebuildTable, finishRebuiltTable, runTogether } from './table';
import type { ReadDb } from '../read-models';

/** Ends a shadow batch's statement: a shadow need not wait for its WAL flush. */
const SYNCHRONOUS_COMMIT_OFF: Statement = { pieces: ["select set_config('synchronous_commit', 'off', true)"], values: [] };

const WAIT_MS = 50;

/**
 * Tables made logged and indexed at once at the end of a rebuild. Each holds a connection for
 * seconds on a big log, and a statement waiting for one gives up after 5 s: the nine master-data
 * tables all at once on a pool of 8 failed a million-event rebuild at its very end.
 */
const FINISHING_AT_ONCE = 2;

/** Rows a rebuild keeps in memory between batches, per generation (row-cache.ts): a few hundred MB at most. */
const CACHE_ROWS = 150_000;
/** Rows a statement writes of what the cache holds at the end. */
const FLUSH_ROWS = 5000;

export interface RebuildOptions {
  readonly batchSize?: number;
  readonly onProgress?: (applied: number, position: string) => void;
  readonly log?: ProjectionLog;
  /** Log progress every this many events (default 100,000). */
  readonly logEvery?: number;
  /** Rows kept in memory between batches, per generation (default 150,000). */
  readonly cacheRows?: number;
}

export interface RebuildResult {
  /** Events of the projections' types read from the log (each once, however many projections were rebuilt). */
  readonly applied: number;
  readonly position: string;
}

/** A rebuild that met an event a projection cannot apply: which projection, which event, why. */
export class RebuildError extends Error {
  constructor(
    readonly projection: string,
    readonly stop: ProjectionStop,
  ) {
    super(`${projection} cannot apply the event at position ${stop.position} (${stop.type} on ${stop.streamId}): ${stop.error}`);
    this.name = 'RebuildError';
  }
}

/**
 * After a page failed in a shadow schema (thrown away anyway): fold its events one projection
 * and one event at a time, each in its own transaction, to name the event and the projection.
 * A failure that no single event reproduces (the database went away) is the original error.
 */
const rebuildFailure = async (db: ReadDb, projections: readonly Projection[], schema: string, events: readonly RecordedEvent[], original: unknown) => {
  for (const event of events) {
    for (const projection of projections) {
      try {
        await db.transaction().execute(async (trx) => applyBatch(trx, schema, [projection], [event]));
      } catch (error) {
        if (/^(08|40|53|57|58|E[A-Z]+$)/.test(errorCode(error) ?? '')) return original;
        return new RebuildError(projection.name, {
          position: event.position,
          type: event.type,
          streamId: event.streamId,
          error: errorMessage(error).slice(0, 500),
          at: new Date().toISOString(),
        });
      }
    }
  }
  return original;
};

/** Only the events these projections handle are read: the rest of the log is scanned past. */
export const handledTypes = (projections: readonly Projection[]) => [...new Set(projections.flatMap((p) => [...p.handles]))].sort();

/**
 * Pages of the log in order, only events of `types`, the next one read while the caller folds
 * the current one. A page's cursor may move past events of other types with none of its own.
 */
const pagesFrom = (store: EventStore, from: GlobalCursor, size: number, types: readonly string[]) => {
  let pending: Promise<EventPage> = store.readAll(from, size, undefined, types);
  return {
    next: async (): Promise<EventPage> => {
      const page = await pending;
      pending = store.readAll(page.cursor, size, undefined, types);
      return page;
    },
    /** Stops the read ahead (its answer is not needed any more). */
    drain: () => pending.then(() => undefined, () => undefined),
  };
};

/**
 * Folds the whole log, from position 0 to the end seen at the start, into fresh tables of
 * these projections in `schema` (dropped and created anew). The live tables are not touched.
 */
export const buildInto = async (
  db: ReadDb,
  store: EventStore,
  projections: readonly Projection[],
  schema: string,
  options: RebuildOptions = {},
): Promise<{ applied: number; cursor: GlobalCursor }> => {
  const batchSize = options.batchSize ?? 5000;
  const log = options.log ?? silentLog;
  const logEvery = options.logEvery ?? 100_000;
  const names = projections.map((p) => p.name);
  const started = performance.now();
  const rate = (events: number) => perSecond(events, performance.now() - started);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  for (const projection of projections) for (const table of projection.tables) await createRebuildTable(db, schema, table);
  // Everything committed before the rebuild started must be in it. An empty page can mean "an
  // append of ours is still in flight", not "done": keep reading until the end we saw.
  const target = await store.endCursor();
  log.info({ projections: names, until: target.position }, 'rebuild started');
  // Where it stands, for health and the Activity screen: written once a second at most, outside the batches.
  await migrateRebuilds(db);
  await sql`insert into projection_rebuilds (schema, projections, applied, position, target) values (${schema}, ${names}, 0, 0, ${target.position})
    on conflict (schema) do update set projections = excluded.projections, applied = 0, position = 0, target = excluded.target, started_at = now(), updated_at = now()`.execute(db);
  let reported = performance.now();
  const report = async (events: number, position: string) => {
    if (performance.now() - reported < 1000) return;
    reported = performance.now();
    await sql`update projection_rebuilds set applied = ${events}, position = ${position}, updated_at = now() where schema = ${schema}`.execute(db);
  };
  let cursor = START;
  let applied = 0;
  const pages = pagesFrom(store, START, batchSize, handledTypes(projections));
  // The rows earlier batches folded, written back (row-cache.ts), and the last batch's write, still
  // in flight while the next batch is folded: rows come from memory, the others are read meanwhile.
  const cache = new RowCache(options.cacheRows ?? CACHE_ROWS);
  let writing: { readonly page: EventPage; readonly done: Promise<unknown> } | null = null;
  const failed = async (page: EventPage, error: unknown) => {
    await pages.drain();
    return rebuildFailure(db, projections, schema, page.events, error);
  };
  const settle = async () => {
    if (!writing) return;
    const { page, done } = writing;
    writing = null;
    try {
      await done;
    } catch (error) {
      throw await failed(page, error);
    }
    cursor = page.cursor;
    const before = applied;
    applied += page.events.length;
    options.onProgress?.(applied, cursor.position);
    await report(applied, cursor.position);
    if (Math.floor(applied / logEvery) > Math.floor(before / logEvery)) {
      log.info({ projections: names, events: applied, position: cursor.position, eventsPerSecond: rate(applied) }, 'rebuild progress');
    }
  };
  for (;;) {
    const page = await pages.next();
    // The next page's read and the last batch's write go out before this batch's CPU work.
    await new Promise((resolve) => setImmediate(resolve));
    if (page.events.length === 0) {
      await settle();
      const moved = compareCursors(page.cursor, cursor) > 0;
      if (moved) cursor = page.cursor;
      if (compareCursors(cursor, target) >= 0) break;
      if (!moved) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      continue;
    }
    let writes: Awaited<ReturnType<typeof foldCarried>>;
    try {
      writes = await foldCarried(db, schema, planBatch(projections, page.events), cache);
    } catch (error) {
      await settle();
      throw await failed(page, error);
    }
    // Batches commit one after the other, in the log's order.
    await settle();
    // One statement, so one round trip, atomic on its own; a shadow need not wait for its WAL flush.
    const done = runTogether(db, writes, SYNCHRONOUS_COMMIT_OFF);
    done.catch(() => undefined); // awaited, and reported, by settle()
    writing = { page, done };
  }
  await pages.drain();
  // What the cache still holds unwritten, a few statements at once (each on a connection of its own).
  const rest = flushed(db, schema, cache.flush(), FLUSH_ROWS);
  const flushing = async () => {
    for (let statement = rest.pop(); statement; statement = rest.pop()) await runTogether(db, [statement], SYNCHRONOUS_COMMIT_OFF);
  };
  await Promise.all(Array.from({ length: FINISHING_AT_ONCE }, flushing));
  // Durable and indexed before the catch-up and the swap, outside the checkpoint locks; a few
  // tables side by side, each on a connection of its own.
  const tables = projections.flatMap((p) => p.tables);
  let next = 0;
  const finishing = async () => {
    while (next < tables.length) await finishRebuiltTable(db, schema, tables[next++]!);
  };
  await Promise.all(Array.from({ length: FINISHING_AT_ONCE }, finishing));
  return { applied, cursor };
};

/**
 * Rebuilds projections from position 0 into a shadow schema while the live tables keep
 * serving, then catches up and swaps the tables in under the projections' checkpoint locks
 * (blue-green). The log is read once for all of them, only the events of their types, in large
 * pages, the next page read while the current one is folded; shadow batches do not wait for
 * their WAL flush (a crash mid-way leaves only a shadow schema, dropped by the next rebuild).
 */
export const rebuildProjections = async (
  db: ReadDb,
  store: EventStore,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildResult> => {
  const batchSize = options.batchSize ?? 5000;
  const log = options.log ?? silentLog;
  const started = performance.now();
  const shadow = projections.length === 1 ? `rebuild_${projections[0]!.name}` : 'rebuild_all';
  let applied = 0;
  let cursor = START;
  try {
    ({ applied, cursor } = await buildInto(db, store, projections, shadow, options));
    await db.transaction().execute(async (trx) => {
      const names = projections.map((p) => p.name).sort();
      for (const projection of projections) await ensureCheckpoint(trx, projection.name, projection.version);
      // Waits for the live runner's batch of these projections, then keeps it out until the swap.
      await lockCheckpointsWaiting(trx, names);
      const types = handledTypes(projections);
      for (;;) {
        const page = await store.readAll(cursor, batchSize, undefined, types);
        if (page.events.length > 0) await applyBatch(trx, shadow, projections, page.events);
        applied += page.events.length;
        if (compareCursors(page.cursor, cursor) <= 0) break;
        cursor = page.cursor;
      }
      for (const projection of projections) {
        for (const table of projection.tables) {
          await sql`drop table if exists ${sql.id('public', table.name)}`.execute(trx);
          await sql`alter table ${sql.id(shadow, table.name)} set schema public`.execute(trx);
        }
        await writeCheckpoints(trx, [projection.name], projection.version, cursor);
      }
    });
    await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  } finally {
    // Done or failed, it is not under way any more.
    await sql`delete from projection_rebuilds where schema = ${shadow}`.execute(db).catch(() => undefined);
  }
  const ms = Math.round(performance.now() - started);
  log.info({ projections: projections.map((p) => p.name), events: applied, position: cursor.position, ms, eventsPerSecond: perSecond(applied, ms) }, 'rebuild done');
  return { applied, position: cursor.position };
};

/** One projection (`npm run erp -- rebuild <name>`). */
export const rebuildProjection = (db: ReadDb, store: EventStore, projection: Projection, options: RebuildOptions = {}) =>
  rebuildProjections(db, store, [projection], options);
