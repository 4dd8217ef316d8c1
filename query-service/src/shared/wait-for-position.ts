import { HEADERS } from '@erp/contracts';
import { type AnyDb, compareCursors, type EventStore, type GlobalCursor, type Notifier } from '@erp/eventstore';
import { PROJECTIONS, readAllCheckpoints } from '@erp/projections';
import type { Context, Middleware, Next } from 'koa';

const MAX_WAIT_MS = 5000;
const POLL_MS = 50;

const LIVE = new Set(PROJECTIONS.map((p) => p.name));

/** True when every live projection has applied the event at this cursor. */
const caughtUp = async (db: AnyDb, target: GlobalCursor) => {
  const checkpoints = (await readAllCheckpoints(db)).filter((c) => LIVE.has(c.name));
  return checkpoints.every((c) => compareCursors(c.cursor, target) >= 0);
};

/**
 * Read-your-writes (DESIGN §2): a GET with X-Min-Position waits, at most 5 s, until the read
 * models have applied that position. It wakes on 'projected' and polls in between.
 */
export const waitForPosition = (db: AnyDb, store: EventStore, notifier: Notifier): Middleware =>
  async (ctx: Context, next: Next) => {
    const wanted = ctx.get(HEADERS.minPosition).trim();
    if (!/^\d{1,18}$/.test(wanted) || wanted === '0') return next();
    const deadline = Date.now() + MAX_WAIT_MS;
    let wake: (() => void) | null = null;
    const unsubscribe = notifier.subscribe('projected', () => wake?.());
    try {
      for (;;) {
        const target = await store.cursorAt(wanted);
        if (target && (await caughtUp(db, target))) break;
        if (Date.now() >= deadline) {
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
