import { HEADERS, indiaDate } from '@erp/contracts';
import { compareCursors, type EventStore, type GlobalCursor, lastEventSql, type Notifier, prepared } from '@erp/eventstore';
import { readCheckpoints, type ReadDb } from '@erp/projections';
import { sql } from 'kysely';
import type { Context, Middleware, Next } from 'koa';

const MAX_WAIT_MS = 5000;
const POLL_MS = 50;

export interface ReadDeps {
  readonly db: ReadDb;
  readonly store: EventStore;
  readonly notifier: Notifier;
  /** Today, for what is decided when read (overdue); tests set it. */
  readonly clock?: () => Date;
}

/** Today in India (UTC+5:30): a report's default date. The UTC date is yesterday from 00:00 to 05:30 IST. */
export const todayInIndia = (deps: Pick<ReadDeps, 'clock'>): string => indiaDate(deps.clock?.() ?? new Date());

/**
 * 'yes' when each of these projections has applied the event at this cursor; 'stopped' when one
 * of them is stopped on an event it cannot apply (waiting would not help); else 'no'.
 */
const caughtUp = async (db: ReadDb, names: readonly string[], target: GlobalCursor) => {
  const checkpoints = await readCheckpoints(db, names);
  if (checkpoints.some((c) => c.stopped !== null && compareCursors(c.cursor, target) < 0)) return 'stopped';
  return checkpoints.length === names.length && checkpoints.every((c) => compareCursors(c.cursor, target) >= 0) ? 'yes' : 'no';
};

/**
 * Projection rounds landing ('projected'), watched from now on: `landed` says one landed since
 * it was last cleared (a round that lands while the caller reads is kept, not lost to the
 * poll); `next` returns when one lands, after the poll interval, or at the deadline.
 */
const watchRounds = (notifier: Notifier) => {
  let wake: (() => void) | null = null;
  const rounds = {
    landed: false,
    next: (deadline: number) =>
      rounds.landed
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              wake = null;
              resolve();
            };
            const timer = setTimeout(done, Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
            wake = done;
          }),
    close: notifier.subscribe('projected', () => {
      rounds.landed = true;
      wake?.();
    }),
  };
  return rounds;
};

/**
 * Waits, at most `maxMs`, until each of these projections has applied the event at `target`,
 * waking on 'projected' and polling in between. 'stopped' at once when one of them is stopped
 * on an event it cannot apply (waiting would not help); 'late' past the deadline.
 */
export const waitUntilApplied = async (deps: ReadDeps, projections: readonly string[], target: GlobalCursor, maxMs: number): Promise<'yes' | 'stopped' | 'late'> => {
  const deadline = Date.now() + maxMs;
  const rounds = watchRounds(deps.notifier);
  try {
    for (let asked = false; ; asked = true) {
      rounds.landed = false;
      const state = await caughtUp(deps.db, projections, target);
      if (state !== 'no') return state;
      if (Date.now() >= deadline) return 'late';
      // The runner may be gathering writes into its next round: this read waits, so it goes now.
      if (!asked) deps.notifier.publish('wanted', target.position);
      await rounds.next(deadline);
    }
  } finally {
    rounds.close();
  }
};

/**
 * Read-your-writes (DESIGN §2) for one route: a GET with X-Min-Position waits, at most 5 s,
 * until the projections this route reads have applied that position — only those, so one slow
 * or rebuilding read model holds back nobody else's reads. It wakes on 'projected' and polls
 * in between; past the deadline, or at once when one of them is stopped on an event it cannot
 * apply, it answers what it has, with X-Read-Model-Stale: true.
 */
export const readsFrom = (deps: ReadDeps, named: readonly string[]): Middleware => {
  // Each once: a read model named twice (a route's lists put together) would never count as caught up.
  const projections = [...new Set(named)];
  return async (ctx: Context, next: Next) => {
    const wanted = ctx.get(HEADERS.minPosition).trim();
    if (projections.length === 0 || !/^\d{1,18}$/.test(wanted) || wanted === '0') return next();
    const target = await deps.store.cursorAt(wanted);
    if (target && (await waitUntilApplied(deps, projections, target, MAX_WAIT_MS)) !== 'yes') ctx.set('X-Read-Model-Stale', 'true');
    await next();
  };
};

/** How long a GET of one record the read model does not hold waits for the writes before it. */
const MISSING_WAIT_MS = 1000;

/**
 * Whether each of these projections has applied every event up to `end` — by default the end
 * of the log now, which is answered too — and 'stopped' when one of them is stopped short of
 * it: one round trip.
 */
const caughtUpToEnd = async (db: ReadDb, names: readonly string[], end: GlobalCursor | null) => {
  const { rows } = await prepared(sql<{ tx: string; position: string; applied: number; stopped: boolean }>`
    with target as (
      select coalesce(${end?.tx ?? null}::xid8, last.transaction_id, '0'::xid8) as tx,
             coalesce(${end?.position ?? null}::bigint, last.position, 0) as position
      from (select 1) one left join lateral (${lastEventSql}) last on true)
    select t.tx::text as tx, t.position::text as position,
      count(c.name) filter (where (c.tx, c.position) >= (t.tx, t.position))::int as applied,
      coalesce(bool_or(c.stopped is not null and (c.tx, c.position) < (t.tx, t.position)), false) as stopped
    from target t left join projection_checkpoints c on c.name = any(${names}::text[])
    group by t.tx, t.position`).execute(db);
  const row = rows[0]!;
  const state = row.stopped ? 'stopped' : row.applied === names.length ? 'yes' : 'no';
  return { end: { tx: row.tx, position: row.position }, state } as const;
};

/**
 * One record by id, also right after it was written without X-Min-Position (a POST, then a GET
 * of its Location): when the read model does not hold it, wait — at most a second — until these
 * projections have applied everything committed before this request, looking for it again each
 * time a read model moves. A record that does not exist is still a quick 404: the read models
 * are usually caught up already, and one stopped on an event it cannot apply answers at once.
 */
export const findAfterCatchUp = async <T>(deps: ReadDeps, projections: readonly string[], find: () => Promise<T | null | undefined>): Promise<T | null> => {
  // Listening from the start: a round that lands during the first look sends us to look again
  // at once, without asking where the read models stand.
  const rounds = watchRounds(deps.notifier);
  try {
    const found = await find();
    if (found !== null && found !== undefined) return found;
    const deadline = Date.now() + MISSING_WAIT_MS;
    let end: GlobalCursor | null = null;
    for (;;) {
      if (rounds.landed && Date.now() < deadline) {
        // A read model moved: the record is most likely there now; the checkpoints only if not.
        rounds.landed = false;
        const now = await find();
        if (now !== null && now !== undefined) return now;
        continue;
      }
      const check = await caughtUpToEnd(deps.db, projections, end);
      // Caught up (it may have landed since the last look), stopped, or out of time: one last
      // look decides.
      if (check.state !== 'no' || Date.now() >= deadline) return (await find()) ?? null;
      // The first time: the runner may be gathering writes into its next round, and this read waits.
      if (end === null) deps.notifier.publish('wanted', check.end.position);
      end = check.end;
      await rounds.next(deadline);
    }
  } finally {
    rounds.close();
  }
};
