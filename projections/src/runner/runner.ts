import type { AnyDb, EventStore, Notifier } from '@erp/eventstore';
import { sql } from 'kysely';

import { applyEvents, lockKey } from './apply';
import { ensureCheckpoint, migrateCheckpoints, readCheckpoint, writeCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';

export interface RunnerOptions {
  readonly batchSize?: number;
  /** Poll interval when no wake-up arrives (notifier down, or a missed message). */
  readonly pollMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

/**
 * Prepares tables and checkpoints; a projection whose version changed is rebuilt first. Every
 * process that starts (query services, workers, the CLI) runs this, often at the same moment:
 * a session advisory lock serialises them, as concurrent `create table if not exists` of the
 * same table fails in Postgres (pg_type unique violation) and two rebuilds would collide.
 */
export const prepareProjections = async (db: AnyDb, store: EventStore, projections: readonly Projection[]) =>
  db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(4242004)`.execute(conn);
    try {
      await migrateCheckpoints(conn);
      for (const projection of projections) {
        const checkpoint = await readCheckpoint(conn, projection.name);
        // A bumped version builds fresh tables and swaps them in; the old ones are never migrated.
        if (checkpoint && checkpoint.version < projection.version) {
          await rebuildProjection(conn, store, projection);
          continue;
        }
        await projection.migrate(conn.withSchema('public'), 'public');
        await ensureCheckpoint(conn, projection.name, projection.version);
      }
    } finally {
      await sql`select pg_advisory_unlock(4242004)`.execute(conn);
    }
  });

/**
 * One batch for one projection: the read-model writes and the new checkpoint commit in one
 * transaction, under a transaction-scoped advisory lock, so two workers never double-apply and
 * a crash mid-batch loses nothing. Returns the events applied, or null when another worker leads.
 */
export const projectBatch = async (db: AnyDb, store: EventStore, projection: Projection, batchSize: number) =>
  db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${lockKey(projection.name)}) as ok`.execute(trx);
    if (!rows[0]?.ok) return null;
    const checkpoint = await readCheckpoint(trx, projection.name);
    if (!checkpoint || checkpoint.version !== projection.version) return null;
    const page = await store.readAll(checkpoint.cursor, batchSize);
    if (page.events.length === 0) return { applied: 0, position: checkpoint.cursor.position };
    await applyEvents(trx.withSchema('public'), projection, page.events);
    await writeCheckpoint(trx, projection.name, projection.version, page.cursor);
    return { applied: page.events.length, position: page.cursor.position };
  });

/**
 * One per projection loop. A wake-up that arrives while the loop is busy is remembered, so the
 * next sleep returns at once instead of waiting for the poll.
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
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 500;
  let running = true;
  const wakers = projections.map(() => waker());
  const unsubscribe = notifier.subscribe('appended', () => wakers.forEach((w) => w.poke()));

  const loop = async (projection: Projection, index: number) => {
    while (running) {
      try {
        const result = await projectBatch(db, store, projection, batchSize);
        if (result && result.applied > 0) notifier.publish('projected', result.position);
        if (result && result.applied === batchSize) continue;
      } catch (error) {
        options.log?.(`projection ${projection.name} failed a batch; retrying`, error);
      }
      if (running) await wakers[index]!.sleep(pollMs);
    }
  };

  const loops = projections.map(loop);
  return {
    stop: async () => {
      running = false;
      unsubscribe();
      wakers.forEach((w) => w.poke());
      await Promise.all(loops);
    },
  };
};
export type ProjectionRunner = ReturnType<typeof startProjectionRunner>;
