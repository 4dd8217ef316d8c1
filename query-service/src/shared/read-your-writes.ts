import { HEADERS } from '@erp/contracts';
import { type AnyDb, compareCursors, type EventStore, type GlobalCursor, type Notifier } from '@erp/eventstore';
import { readCheckpoints } from '@erp/projections';
import type { Context, Middleware, Next } from 'koa';

const MAX_WAIT_MS = 5000;
const POLL_MS = 50;

export interface ReadDeps {
  readonly db: AnyDb;
  readonly store: EventStore;
  readonly notifier: Notifier;
  /** Today, for what is decided when read (overdue); tests set it. */
  readonly clock?: () => Date;
}

/**
 * 'yes' when each of these projections has applied the event at this cursor; 'stopped' when one
 * of them is stopped on an event it cannot apply (waiting would not help); else 'no'.
 */
const caughtUp = async (db: AnyDb, names: readonly string[], target: GlobalCursor) => {
  const checkpoints = await readCheckpoints(db, names);
  if (checkpoints.some((c) => c.stopped !== null && compareCursors(c.cursor, target) < 0)) return 'stopped';
  return checkpoints.length === names.length && checkpoints.every((c) => compareCursors(c.cursor, target) >= 0) ? 'yes' : 'no';
};

/**
 * Read-your-writes (DESIGN §2) for one route: a GET with X-Min-Position waits, at most 5 s,
 * until the projections this route reads have applied that position — only those, so one slow
 * or rebuilding read model holds back nobody else's reads. It wakes on 'projected' and polls
 * in between; past the deadline, or at once when one of them is stopped on an event it cannot
 * apply, it answers what it has, with X-Read-Model-Stale: true.
 */
export const readsFrom = (deps: ReadDeps, projections: readonly string[]): Middleware =>
  async (ctx: Context, next: Next) => {
    const wanted = ctx.get(HEADERS.minPosition).trim();
    if (projections.length === 0 || !/^\d{1,18}$/.test(wanted) || wanted === '0') return next();
    const deadline = Date.now() + MAX_WAIT_MS;
    let wake: (() => void) | null = null;
    const unsubscribe = deps.notifier.subscribe('projected', () => wake?.());
    try {
      for (;;) {
        const target = await deps.store.cursorAt(wanted);
        const state = target ? await caughtUp(deps.db, projections, target) : 'yes';
        if (state === 'yes') break;
        if (state === 'stopped' || Date.now() >= deadline) {
          ctx.set('X-Read-Model-Stale', 'true');
          break;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      unsubscribe();
    }
    await next();
  };
