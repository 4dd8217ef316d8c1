import type { ProjectionStop } from './checkpoints';
import { type ProjectionLog, perSecond } from './log';

/**
 * Leadership is taken per batch (checkpoint row locks, skip locked): a worker leads a projection
 * while it gets that row. It has lost it once another worker held the row for `lostAfterMs`
 * without a break; one skipped round while the other commits a batch is no change.
 */
export const leadershipLog = (names: readonly string[], log: ProjectionLog, lostAfterMs = 1000) => {
  const leading = new Map<string, boolean>();
  const skippedSince = new Map<string, number>();
  return (led: readonly string[], now = Date.now()) => {
    const got = new Set(led);
    for (const projection of names) {
      if (got.has(projection)) {
        skippedSince.delete(projection);
        if (leading.get(projection) !== true) log.info({ projection }, 'projection leader won');
        leading.set(projection, true);
        continue;
      }
      const since = skippedSince.get(projection) ?? now;
      skippedSince.set(projection, since);
      if (leading.get(projection) === false || now - since < lostAfterMs) continue;
      log.info({ projection }, leading.has(projection) ? 'projection leader lost' : 'projection led by another worker');
      leading.set(projection, false);
    }
  };
};

/**
 * "Caught up" once a run of full pages (a start, a backlog after an outage) ends: how far,
 * how many events and how fast. Single small batches under normal traffic say nothing.
 */
export const catchUpLog = (log: ProjectionLog) => {
  let behind = true;
  let since = performance.now();
  let events = 0;
  let last: string | null = null;
  return (read: number, more: boolean, position: string | null) => {
    last = position ?? last;
    if (more && !behind) {
      behind = true;
      since = performance.now();
      events = 0;
    }
    events += read;
    if (more || !behind) return;
    behind = false;
    const ms = Math.round(performance.now() - since);
    log.info({ position: last, events, ms, eventsPerSecond: perSecond(events, ms) }, 'projections caught up');
  };
};

/** A failing batch is said when it starts failing, every 20th retry, and when it recovers. */
export const failureLog = (log: ProjectionLog) => {
  let failures = 0;
  return {
    failed: (projections: readonly string[], error: unknown) => {
      if (failures++ % 20 === 0) log.error({ err: error, projections, failures }, 'projection batch failed; retrying');
    },
    succeeded: () => {
      if (failures > 0) log.info({ failures }, 'projection batches run again');
      failures = 0;
    },
  };
};

/**
 * A projection that stopped on an event it cannot apply: said at once as an error (which
 * event, why, what to do), again on every 10th failed retry, and when it moves again.
 */
export const stopLog = (log: ProjectionLog) => ({
  stopped: (projection: string, stop: ProjectionStop, tries: number) => {
    if (tries !== 1 && tries % 10 !== 0) return;
    log.error(
      { projection, position: stop.position, type: stop.type, streamId: stop.streamId, error: stop.error, tries },
      'projection stopped: it cannot apply this event; the other projections go on (fix and deploy, and it resumes or is rebuilt)',
    );
  },
  resumed: (projection: string) => log.info({ projection }, 'projection resumed'),
});
