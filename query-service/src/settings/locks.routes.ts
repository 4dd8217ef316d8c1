import { LOCK_SCOPES, LockEventSchema, type LocksAnswer, LOCKS_PATH, lockStream } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import type { ReadDeps } from '../shared/read-your-writes';

/**
 * GET /api/settings/locks: each scope's lock and its changes, newest first (who, when, from what
 * date to what, why). Read from the lock's own stream — a few events, as the activity log reads
 * a record's — so it is current the moment a lock is written, with no read model to wait for.
 */
export const lockReadRoutes = (router: Router, deps: ReadDeps) =>
  router.get(LOCKS_PATH, async (ctx: Context) => {
    const locks = await Promise.all(
      LOCK_SCOPES.map(async (scope) => {
        const { version, events } = await deps.store.readStream(lockStream(scope));
        const history = events.flatMap((stored) => {
          const event = LockEventSchema.safeParse(stored);
          if (!event.success) return [];
          const { upTo, was, reason } = event.data.data;
          return [{ type: event.data.type, upTo, was, reason, at: stored.metadata.at, user: stored.metadata.username }];
        });
        return { scope, upTo: history.at(-1)?.upTo ?? null, version, history: history.reverse() };
      }),
    );
    const answer: LocksAnswer = { locks };
    ctx.body = answer;
  });
