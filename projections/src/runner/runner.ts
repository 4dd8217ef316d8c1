import { type AnyDb, compareCursors, type EventStore, type GlobalCursor, LOCK_KEYS, type Notifier } from '@erp/eventstore';
import { sql } from 'kysely';

import { foldBatch } from './batch';
import { type CheckpointRow, checkpointUpdate, ensureCheckpoint, lockCheckpoints, migrateCheckpoints, readCheckpoint } from './checkpoints';
import { type ProjectionLog, silentLog } from './log';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';
import { catchUpLog, failureLog, leadershipLog } from './runner-log';
import { migrateTable, runTogether } from './table';

export interface RunnerOptions {
  readonly batchSize?: number;
  /** Poll interval when no wake-up arrives (notifier down, or a missed message). */
  readonly pollMs?: number;
  /**
   * Under a stream of appends (a batch read more than one event), a batch starts at most this
   * often: the events of a few milliseconds share one transaction instead of one each (fewer
   * round trips and commits competing with the appends themselves), for a few milliseconds more
   * write→visible lag. A lone write is projected at once.
   */
  readonly gatherMs?: number;
  readonly log?: ProjectionLog;
}

/**
 * Prepares tables and checkpoints; a projection whose version changed is rebuilt first. Every
 * process that starts (query services, workers, the CLI) runs this, often at the same moment:
 * a session advisory lock serialises them, as concurrent `create table if not exists` of the
 * same table fails in Postgres (pg_type unique violation) and two rebuilds would collide.
 */
export const prepareProjections = async (
  db: AnyDb,
  store: EventStore,
  projections: readonly Projection[],
  log: ProjectionLog = silentLog,
) =>
  db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_KEYS.projectionSchema})`.execute(conn);
    try {
      await migrateCheckpoints(conn);
      for (const projection of projections) {
        const checkpoint = await readCheckpoint(conn, projection.name);
        // A bumped version builds fresh tables and swaps them in; the old ones are never migrated.
        if (checkpoint && checkpoint.version < projection.version) {
          log.info({ projection: projection.name, from: checkpoint.version, to: projection.version }, 'projection version changed; rebuilding');
          await rebuildProjection(conn, store, projection, { log });
          continue;
        }
        for (const table of projection.tables) await migrateTable(conn, 'public', table);
        await ensureCheckpoint(conn, projection.name, projection.version);
      }
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEYS.projectionSchema})`.execute(conn);
    }
  });

interface Group {
  readonly cursor: GlobalCursor;
  readonly projections: Projection[];
}

/** Projections that stand at the same checkpoint read the same page: one read for all of them. */
const groupByCursor = (led: readonly CheckpointRow[], byName: ReadonlyMap<string, Projection>): Group[] => {
  const groups: Group[] = [];
  for (const row of led) {
    const projection = byName.get(row.name);
    // Another deployment's version (or one waiting for its rebuild) is not ours to move.
    if (!projection || projection.version !== row.version) continue;
    const group = groups.find((g) => compareCursors(g.cursor, row.cursor) === 0);
    if (group) group.projections.push(projection);
    else groups.push({ cursor: row.cursor, projections: [projection] });
  }
  return groups.sort((a, b) => compareCursors(a.cursor, b.cursor));
};

export interface BatchResult {
  /** Events read (all types) across the groups. */
  readonly read: number;
  /** True when a page came back full: there is more to read right away. */
  readonly more: boolean;
  /** The furthest checkpoint moved to, if any moved. */
  readonly position: string | null;
  /** The projections whose checkpoint rows this worker got (led) in this round. */
  readonly led: readonly string[];
}

/** A batch that failed, with the projections it was folding (for the log). */
export class ProjectionBatchError extends Error {
  constructor(
    readonly projections: readonly string[],
    cause: unknown,
  ) {
    super(`projection batch of ${projections.join(', ')} failed: ${String((cause as Error)?.message ?? cause)}`, { cause });
    this.name = 'ProjectionBatchError';
  }
}

/**
 * One round for the projections this worker can lead: lock their checkpoint rows (skipping
 * those another worker holds), read one page per distinct checkpoint — a laggard's page stops
 * at the next checkpoint ahead, so the groups merge — fold it into every projection of the
 * group, and move the checkpoints, all in one transaction.
 */
export const projectBatch = async (
  db: AnyDb,
  store: EventStore,
  projections: readonly Projection[],
  batchSize: number,
): Promise<BatchResult> =>
  db.transaction().execute(async (trx) => {
    const byName = new Map(projections.map((p) => [p.name, p]));
    const locked = await lockCheckpoints(trx, [...byName.keys()]);
    const groups = groupByCursor(locked, byName);
    let read = 0;
    let more = false;
    let position: string | null = null;
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      const names = group.projections.map((p) => p.name);
      const page = await store.readAll(group.cursor, batchSize, groups[i + 1]?.cursor);
      if (page.events.length === 0) continue;
      try {
        const writes = await foldBatch(trx, 'public', group.projections, page.events);
        await runTogether(trx, writes, checkpointUpdate(names, null, page.cursor));
      } catch (error) {
        throw new ProjectionBatchError(names, error);
      }
      read += page.events.length;
      more ||= page.events.length === batchSize;
      position = page.cursor.position;
    }
    return { read, more, position, led: locked.map((row) => row.name) };
  });

/**
 * Sleeps until the poll interval passes or a wake-up comes. A wake-up that arrives while the
 * loop is busy is remembered, so the next sleep returns at once.
 */
const waker = () => {
  let pending = false;
  let cut: (() => void) | null = null;
  return {
    poke: () => {
      pending = true;
      cut?.();
    },
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (pending) {
          pending = false;
          return resolve();
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          cut = null;
          pending = false;
          resolve();
        }
        cut = done;
      }),
  };
};

/** The projection runner (STYLE b.7): wakes on the notifier, polls when it is quiet. */
export const startProjectionRunner = (
  db: AnyDb,
  store: EventStore,
  notifier: Notifier,
  projections: readonly Projection[],
  options: RunnerOptions = {},
) => {
  const batchSize = options.batchSize ?? 1000;
  const pollMs = options.pollMs ?? 500;
  const gatherMs = options.gatherMs ?? 20;
  const log = options.log ?? silentLog;
  const names = projections.map((p) => p.name);
  const leadership = leadershipLog(names, log);
  const caughtUp = catchUpLog(log);
  const failures = failureLog(log);
  log.info({ projections: names, notifier: notifier.kind, pollMs }, 'projection worker started');
  let running = true;
  const wake = waker();
  const unsubscribe = notifier.subscribe('appended', () => wake.poke());

  const loop = async () => {
    while (running) {
      try {
        const started = performance.now();
        const result = await projectBatch(db, store, projections, batchSize);
        failures.succeeded();
        leadership(result.led);
        caughtUp(result.read, result.more, result.position);
        if (result.position !== null) notifier.publish('projected', result.position);
        if (result.more) continue;
        const gather = gatherMs - (performance.now() - started);
        if (result.read > 1 && gather > 0) await new Promise((resolve) => setTimeout(resolve, gather));
      } catch (error) {
        if (error instanceof ProjectionBatchError) failures.failed(error.projections, error.cause);
        else failures.failed(names, error);
      }
      if (running) await wake.sleep(pollMs);
    }
  };

  const done = loop();
  return {
    stop: async () => {
      running = false;
      unsubscribe();
      wake.poke();
      await done;
      log.info({ projections: names }, 'projection worker stopped');
    },
  };
};
export type ProjectionRunner = ReturnType<typeof startProjectionRunner>;
