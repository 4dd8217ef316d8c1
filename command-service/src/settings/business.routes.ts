import { BUSINESS_PATH, BUSINESS_STREAM, BusinessBodySchema } from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { foldStored } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
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
      return { main: stream, appends: [{ stream, events }], result: businessOf(stateAfter(businessDecider, stream, events)) };
    },
    replay: async (streamId) => businessOf(foldStored(businessDecider, (await deps.store.readStream(streamId)).events)),
  });
