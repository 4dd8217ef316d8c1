import { LOCK_SCOPES, LockBodySchema, lockPath, type LockScope, lockStream } from '@erp/contracts';
import { notFoundHttp } from '@erp/http-kit';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
import { lockDecider } from './lock.decider';

const scopeOf = (value: string | undefined): LockScope => {
  const scope = LOCK_SCOPES.find((s) => s === value);
  if (!scope) throw notFoundHttp(`No lock for ${String(value)}: the scopes are ${LOCK_SCOPES.join(', ')}`);
  return scope;
};

/**
 * PUT /api/settings/locks/{scope} {upTo, reason}: the owner locks the books up to a date, or moves
 * the lock earlier or clears it (an unlock, with a reason). Its stream is read by every dated
 * command, and its append is guarded (StreamAppend.guard): a dated command whose append began
 * before it commits first, one that read the lock before it decides again.
 */
export const lockWriteRoutes = (router: Router, deps: CommandDeps) =>
  commandRoute(router, deps.store, {
    method: 'put',
    path: lockPath(':scope'),
    label: 'Lock',
    body: LockBodySchema,
    status: 200,
    command: ({ params, body, metadata }) => {
      const scope = scopeOf(params.scope);
      return async (ctx) => {
        // Read fresh (a copy could make a change look like none), and written under its guard.
        const stream = await ctx.guard(lockStream(scope), lockDecider, { fresh: true });
        const events = decideAll(lockDecider, { type: 'Set', data: { scope, body }, metadata }, stream.state);
        return { main: stream, appends: [{ stream, events }], result: { scope, upTo: stateAfter(lockDecider, stream, events).upTo } };
      };
    },
    replay: async (streamId) => {
      const scope = scopeOf(streamId.split(':')[1]);
      return { scope, upTo: foldStored(lockDecider, (await deps.store.readStream(streamId)).events).upTo };
    },
  });
