import { errorMessage, type RecordedEvent } from '@erp/contracts';
import { compareCursors, type EventStore, type GlobalCursor, LOCK_KEYS, type Notifier } from '@erp/eventstore';
import { sql } from 'kysely';

import { foldBatch } from './batch';
import {
  type CheckpointRow,
  checkpointUpdate,
  ensureCheckpoint,
  beginLocked,
  lockCheckpoints,
  markStopped,
  migrateCheckpoints,
  type ProjectionStop,
  readCheckpoints,
} from './checkpoints';
import { type ProjectionLog, silentLog } from './log';
import type { Projection } from './projection';
import { RebuildError, rebuildProjection } from './rebuild';
import { catchUpLog, failureLog, leadershipLog, stopLog } from './runner-log';
import { inSavepoint, isTransient, messageOf } from './transaction';
import { waker } from './waker';
import { isComplete, migrateTable, runTogether, schemaContents } from './table';
import type { ReadDb } from '../read-models';

export interface RunnerOptions {
  readonly batchSize?: number;
  /** Poll interval when no wake-up arrives (notifier down, or a missed message). */
  readonly pollMs?: number;
  /**
   * While appends keep coming, a round starts at most this often (default 50 ms): the events of
   * that time share one round. Each round has the same fixed part (its statements, every
   * checkpoint row locked and moved): under 8 HTTP writers, rounds of ~6 events every ~5 ms (20
   * ms, 1 ms quiet) left 1,150 writes/s on the 2-core box, rounds every 50 ms 1,350 (+15 %); one
   * client writing and reading record after record (a GET by id answers without the runner)
   * shares a round among ~18 of its writes instead of paying one per write. A reader that waits
   * for a position (X-Min-Position, a document not projected yet) says so on the notifier
   * ('wanted'), which ends the wait at once.
   */
  readonly gatherMs?: number;
  /**
   * A gather ends early once no append has come for this long (default 10 ms): the stream has
   * stopped, and its last events (or the next lone write) are not held for the rest of
   * gatherMs. Shorter ends gathers inside a stream (8 writers leave 1–5 ms gaps), longer holds
   * the tail.
   */
  readonly quietMs?: number;
  readonly log?: ProjectionLog;
}

/**
 * Prepares tables and checkpoints; a projection whose version changed is rebuilt first. Every
 * process that starts (query services, workers, the CLI) runs this, often at the same moment:
 * a session advisory lock serialises them, as concurrent `create table if not exists` of the
 * same table fails in Postgres (pg_type unique violation) and two rebuilds would collide.
 */
export const prepareProjections = async (
  db: ReadDb,
  store: EventStore,
  projections: readonly Projection[],
  log: ProjectionLog = silentLog,
) =>
  db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_KEYS.projectionSchema})`.execute(conn);
    try {
      await migrateCheckpoints(conn);
      const contents = await schemaContents(conn, 'public');
      const checkpoints = new Map((await readCheckpoints(conn)).map((row) => [row.name, row]));
      for (const projection of projections) {
        const checkpoint = checkpoints.get(projection.name);
        // A bumped version builds fresh tables and swaps them in; the old ones are never migrated.
        if (checkpoint && checkpoint.version < projection.version) {
          log.info({ projection: projection.name, from: checkpoint.version, to: projection.version }, 'projection version changed; rebuilding');
          try {
            await rebuildProjection(conn, store, projection, { log });
          } catch (error) {
            if (!(error instanceof RebuildError)) throw error;
            // The old tables keep serving at the old version; health and the log say why.
            await markStopped(conn, projection.name, error.stop);
            log.error({ projection: projection.name, ...error.stop }, 'projection rebuild stopped: it cannot apply this event; the other projections go on');
          }
          continue;
        }
        for (const table of projection.tables) if (!isComplete(contents, table)) await migrateTable(conn, 'public', table);
        if (!checkpoint) await ensureCheckpoint(conn, projection.name, projection.version);
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
  /** Projections that stopped in this round on an event they cannot apply. */
  readonly stopped: readonly { readonly name: string; readonly stop: ProjectionStop }[];
}

/** A batch that failed, with the projections it was folding (for the log). */
export class ProjectionBatchError extends Error {
  constructor(
    readonly projections: readonly string[],
    cause: unknown,
  ) {
    super(`projection batch of ${projections.join(', ')} failed: ${errorMessage(cause)}`, { cause });
    this.name = 'ProjectionBatchError';
  }
}

/**
 * One projection that could not fold a page with the others: fold it alone; if it still
 * cannot, apply the page an event at a time to move it up to the event it cannot apply, and
 * say which event that is and why.
 */
const foldAlone = async (trx: ReadDb, store: EventStore, projection: Projection, events: readonly RecordedEvent[], cursor: GlobalCursor): Promise<ProjectionStop | null> => {
  try {
    await inSavepoint(trx, async () => runTogether(trx, await foldBatch(trx, 'public', [projection], events), checkpointUpdate(trx, [projection.name], null, cursor)));
    return null;
  } catch (error) {
    if (isTransient(error)) throw error;
  }
  for (const event of events) {
    try {
      const at = (await store.cursorAt(event.position))!;
      await inSavepoint(trx, async () => runTogether(trx, await foldBatch(trx, 'public', [projection], [event]), checkpointUpdate(trx, [projection.name], null, at)));
    } catch (error) {
      if (isTransient(error)) throw error;
      const stop = { position: event.position, type: event.type, streamId: event.streamId, error: messageOf(error), at: new Date().toISOString() };
      await markStopped(trx, projection.name, stop);
      return stop;
    }
  }
  return null;
};

/** A fold or write of the fast round failed: the round is run again the careful way. */
class CarefulRoundNeeded extends Error {}

/**
 * One round for the projections this worker can lead: lock their checkpoint rows (skipping
 * those another worker holds), read one page per distinct checkpoint — a laggard's page stops
 * at the next checkpoint ahead, so the groups merge — fold it into every projection of the
 * group, and move the checkpoints, all in one transaction. A projection that cannot apply an
 * event stops there (said in `stopped`, on its checkpoint row, in health and metrics); the
 * others of its group go on. Projections in `skip` (stopped, waiting for their next try) sit
 * the round out.
 *
 * The round runs first without savepoints (two round trips fewer per group). If a fold or a
 * write fails for a reason other than a transient one, that transaction rolls back whole and
 * the round runs again the careful way: each group in a savepoint, and a group that fails
 * folded one projection at a time, to find the one that cannot apply which event.
 */
export const projectBatch = async (
  db: ReadDb,
  store: EventStore,
  projections: readonly Projection[],
  batchSize: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<BatchResult> => {
  try {
    return await projectRound(db, store, projections, batchSize, skip, false);
  } catch (error) {
    if (!(error instanceof CarefulRoundNeeded)) throw error;
    return projectRound(db, store, projections, batchSize, skip, true);
  }
};

const leadable = (projections: readonly Projection[], skip: ReadonlySet<string>) =>
  new Map(projections.filter((p) => !skip.has(p.name)).map((p) => [p.name, p]));

const projectRound = async (
  db: ReadDb,
  store: EventStore,
  projections: readonly Projection[],
  batchSize: number,
  skip: ReadonlySet<string>,
  careful: boolean,
): Promise<BatchResult> =>
  db.transaction().execute(async (trx) => {
    const byName = leadable(projections, skip);
    return foldRound(trx, store, byName, await lockCheckpoints(trx, [...byName.keys()]), batchSize, careful);
  });

/** A round's work once its checkpoint rows are locked, in the caller's transaction. */
const foldRound = async (
  trx: ReadDb,
  store: EventStore,
  byName: ReadonlyMap<string, Projection>,
  locked: readonly CheckpointRow[],
  batchSize: number,
  careful: boolean,
): Promise<BatchResult> => {
  const groups = groupByCursor(locked, byName);
  let read = 0;
  let more = false;
  let position: string | null = null;
  const stopped: { name: string; stop: ProjectionStop }[] = [];
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const names = group.projections.map((p) => p.name);
    const page = await store.readAll(group.cursor, batchSize, groups[i + 1]?.cursor);
    if (page.events.length === 0) continue;
    const fold = async () => runTogether(trx, await foldBatch(trx, 'public', group.projections, page.events), checkpointUpdate(trx, names, null, page.cursor));
    if (!careful) {
      try {
        await fold();
      } catch (error) {
        if (isTransient(error)) throw new ProjectionBatchError(names, error);
        throw new CarefulRoundNeeded(`a round of ${names.join(', ')} failed`, { cause: error });
      }
    } else {
      try {
        await inSavepoint(trx, fold);
      } catch (error) {
        if (isTransient(error)) throw new ProjectionBatchError(names, error);
        try {
          for (const projection of group.projections) {
            const stop = await foldAlone(trx, store, projection, page.events, page.cursor);
            if (stop) stopped.push({ name: projection.name, stop });
          }
        } catch (again) {
          throw new ProjectionBatchError(names, again);
        }
      }
    }
    read += page.events.length;
    more ||= page.events.length === batchSize;
    position = page.cursor.position;
  }
  return { read, more, position, led: locked.map((row) => row.name), stopped };
};

/** The projection runner (STYLE b.7): wakes on the notifier, polls when it is quiet. */
export const startProjectionRunner = (
  db: ReadDb,
  store: EventStore,
  notifier: Notifier,
  projections: readonly Projection[],
  options: RunnerOptions = {},
) => {
  const batchSize = options.batchSize ?? 1000;
  const pollMs = options.pollMs ?? 500;
  const gatherMs = options.gatherMs ?? 50;
  const quietMs = options.quietMs ?? 10;
  const log = options.log ?? silentLog;
  const names = projections.map((p) => p.name);
  const leadership = leadershipLog(names, log);
  const caughtUp = catchUpLog(log);
  const failures = failureLog(log);
  const stops = stopLog(log);
  // A stopped projection is tried again after 1 s, then less and less often (at most every 5
  // minutes): a fix deployed, or a transient cause gone, lets it resume by itself.
  const retry = new Map<string, { at: number; tries: number }>();
  const skipped = () => new Set([...retry].filter(([, r]) => r.at > Date.now()).map(([name]) => name));
  log.info({ projections: names, notifier: notifier.kind, pollMs }, 'projection worker started');
  let running = true;
  const wake = waker();
  const unsubscribers = [notifier.subscribe('appended', () => wake.poke()), notifier.subscribe('wanted', () => wake.hurry())];

  // What the next round waits for once it holds its checkpoints: nothing after a full page, the
  // rest of a stream of appends after a round that read some (a lone write's round included: a
  // write that follows within quietMs joins the next round), else the next append (or the poll
  // interval).
  let pause: 'none' | 'gather' | 'sleep' = 'none';
  let lastStarted = performance.now();
  const ready = async () => {
    if (pause === 'gather') await wake.gather(lastStarted + gatherMs, quietMs);
    if (pause !== 'none' && running) await wake.sleep(pollMs);
    lastStarted = performance.now();
  };
  const settle = (result: BatchResult) => {
    failures.succeeded();
    for (const name of result.led) {
      if (!retry.has(name) || result.stopped.some((s) => s.name === name) || skipped().has(name)) continue;
      retry.delete(name);
      stops.resumed(name);
    }
    for (const { name, stop } of result.stopped) {
      const tries = (retry.get(name)?.tries ?? 0) + 1;
      retry.set(name, { at: Date.now() + Math.min(300_000, 1000 * 2 ** (tries - 1)), tries });
      stops.stopped(name, stop, tries);
    }
    leadership(result.led);
    caughtUp(result.read, result.more, result.position);
    if (result.position !== null) notifier.publish('projected', result.position);
    pause = result.more ? 'none' : result.read > 0 ? 'gather' : 'sleep';
  };

  // Rounds on one connection that has the next round open, its checkpoint rows locked, while it
  // waits for appends: an append is read, folded and committed at once, and the commit, the next
  // begin and its locks go in one round trip. A round that needs the careful way is rolled back
  // and run again on a connection of its own.
  const rounds = async (conn: ReadDb) => {
    const begin = async (commit: boolean) => {
      const byName = leadable(projections, skipped());
      return { byName, locked: await beginLocked(conn, [...byName.keys()], commit) };
    };
    let open: Awaited<ReturnType<typeof begin>> | null = null;
    try {
      while (running) {
        open ??= await begin(false);
        await ready();
        if (!running) return;
        const result = await foldRound(conn, store, open.byName, open.locked, batchSize, false).catch((error: unknown) => {
          if (error instanceof CarefulRoundNeeded) return null;
          throw error;
        });
        if (!result) {
          open = null;
          await sql`rollback`.execute(conn);
          settle(await projectRound(db, store, projections, batchSize, skipped(), true));
          continue;
        }
        open = await begin(true);
        settle(result);
      }
    } finally {
      // Stopped, or failed: the open round ends without moving anything.
      await sql`rollback`.execute(conn).catch(() => undefined);
    }
  };

  const loop = async () => {
    while (running) {
      try {
        await db.connection().execute(rounds);
      } catch (error) {
        if (error instanceof ProjectionBatchError) failures.failed(error.projections, error.cause);
        else failures.failed(names, error);
        // Outside a transaction: a database that refuses connections is not asked again at once.
        pause = 'none';
        if (running) await wake.sleep(pollMs);
      }
    }
  };

  const done = loop();
  return {
    stop: async () => {
      running = false;
      for (const unsubscribe of unsubscribers) unsubscribe();
      wake.hurry();
      await done;
      log.info({ projections: names }, 'projection worker stopped');
    },
  };
};
export type ProjectionRunner = ReturnType<typeof startProjectionRunner>;
