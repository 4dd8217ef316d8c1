import { type AnyDb, type EventStore, START } from '@erp/eventstore';

import { type ProjectionStop, readCheckpoints } from './checkpoints';
import type { Projection } from './projection';

export interface ProjectionLag {
  readonly name: string;
  readonly version: number | null;
  readonly position: string;
  /** Committed events the projection has not applied yet. */
  readonly lag: number;
  /** How long the oldest of them has waited (0 when there is none). */
  readonly lagMs: number;
  /** Set while it is stopped on an event it cannot apply. */
  readonly stopped: ProjectionStop | null;
}

/** Each projection's checkpoint and how far behind the log it is (health and metrics). */
export const projectionLags = async (db: AnyDb, store: EventStore, projections: readonly Projection[], now = Date.now()): Promise<ProjectionLag[]> => {
  const checkpoints = await readCheckpoints(db);
  return Promise.all(
    projections.map(async (p) => {
      const c = checkpoints.find((x) => x.name === p.name);
      const cursor = c?.cursor ?? START;
      const lag = await store.countAfter(cursor);
      const oldest = lag > 0 ? (await store.readAll(cursor, 1)).events[0] : undefined;
      const lagMs = oldest ? Math.max(0, now - Date.parse(oldest.metadata.at)) : 0;
      return { name: p.name, version: c?.version ?? null, position: cursor.position, lag, lagMs, stopped: c?.stopped ?? null };
    }),
  );
};
