import { BUSINESS_PATH, BUSINESS_STREAM, BusinessBodySchema } from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { foldStored } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
import { datedInBooks } from '../shared/period-locks';
import { businessDecider, businessOf } from './business.decider';

/** PUT /api/settings/business: the owner sets the profile (If-Match for a stale form → 412). */
export const businessWriteRoutes = (router: Router, deps: CommandDeps) =>
  commandRoute(router, deps.store, {
    method: 'put',
    path: BUSINESS_PATH,
    label: 'Business profile',
    body: BusinessBodySchema,
    status: 200,
    command: ({ body, metadata }) => async (ctx) => {
      const stream = await ctx.load(BUSINESS_STREAM, businessDecider);
      const events = [businessDecider.decide({ type: 'Save', data: { body }, metadata }, stream.state)].flat();
      // The day the books begin is the day of every opening (issue 43): moved into, out of or
      // within a locked period it would move what the lock keeps, so either day locked refuses it.
      const was = businessOf(stream.state)?.booksBegin ?? null;
      const dated = was === body.booksBegin ? undefined : { ...datedInBooks(was, body.booksBegin), field: 'booksBegin' };
      return { main: stream, appends: [{ stream, events }], dated, result: businessOf(stateAfter(businessDecider, stream, events)) };
    },
    replay: async (streamId) => businessOf(foldStored(businessDecider, (await deps.store.readStream(streamId)).events)),
  });
