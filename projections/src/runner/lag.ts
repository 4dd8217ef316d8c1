import { type EventStore, type GlobalCursor, START } from '@erp/eventstore';

import { type ProjectionStop, readCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import type { ReadDb } from '../read-models';

export interface ProjectionLag {
  readonly name: string;
  readonly version: number | null;
  readonly position: string;
  /** Committed events the projection has not applied yet, counted up to LAG_COUNTED_UP_TO. */
  readonly lag: number;
  /** How long the oldest of them has waited (0 when there is none). */
  readonly lagMs: number;
  /** Set while it is stopped on an event it cannot apply. */
  readonly stopped: ProjectionStop | null;
}

/** A lag of more events than this reads as this many (a rebuild from the start, a long outage). */
export const LAG_COUNTED_UP_TO = 100_000;

/**
 * Each projection's checkpoint and how far behind the log it is (health and metrics). The
 * projections that stand at one checkpoint (all of them, mostly) share one count and one read
 * of the oldest event they wait for.
 */
export const projectionLags = async (db: ReadDb, store: EventStore, projections: readonly Projection[], now = Date.now()): Promise<ProjectionLag[]> => {
  const checkpoints = await readCheckpoints(db);
  const behind = new Map<string, Promise<{ lag: number; lagMs: number }>>();
  const lagAt = (cursor: GlobalCursor) => {
    const key = `${cursor.tx}/${cursor.position}`;
    let found = behind.get(key);
    if (!found) {
      found = (async () => {
        const lag = await store.countAfter(cursor, LAG_COUNTED_UP_TO);
        const oldest = lag > 0 ? (await store.readAll(cursor, 1)).events[0] : undefined;
        return { lag, lagMs: oldest ? Math.max(0, now - Date.parse(oldest.metadata.at)) : 0 };
      })();
      behind.set(key, found);
    }
    return found;
  };
  return Promise.all(
    projections.map(async (p) => {
      const c = checkpoints.find((x) => x.name === p.name);
      const cursor = c?.cursor ?? START;
      const { lag, lagMs } = await lagAt(cursor);
      return { name: p.name, version: c?.version ?? null, position: cursor.position, lag, lagMs, stopped: c?.stopped ?? null };
    }),
  );
};
