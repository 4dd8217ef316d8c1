import { OPENING_BALANCES_PATH, OPENING_BALANCES_STREAM, OpeningBalancesBodySchema } from '@erp/contracts';
import type Router from '@koa/router';

import { businessProfile } from '../documents/command-parts';
import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
import { datedInBooks } from '../shared/period-locks';
import { openingBalancesDecider } from './opening-balances.decider';

/** PUT /api/accounting/opening-balances: the accounts' openings as of the day the books begin (If-Match for a stale form → 412). */
export const openingBalancesWriteRoutes = (router: Router, deps: CommandDeps) =>
  commandRoute(router, deps.store, {
    method: 'put',
    path: OPENING_BALANCES_PATH,
    label: 'Opening balances',
    body: OpeningBalancesBodySchema,
    status: 200,
    command: ({ body, metadata }) => async (ctx) => {
      const stream = await ctx.load(OPENING_BALANCES_STREAM, openingBalancesDecider);
      const booksBegin = (await businessProfile(ctx))?.booksBegin ?? null;
      const events = decideAll(openingBalancesDecider, { type: 'Set', data: { body, booksBegin }, metadata }, stream.state);
      // Posted on the day the books begin: refused when that day, or the one they were posted on, is locked.
      const dated = datedInBooks(stream.state?.on, booksBegin);
      return { main: stream, appends: [{ stream, events }], dated, result: stateAfter(openingBalancesDecider, stream, events) };
    },
    replay: async (streamId) => foldStored(openingBalancesDecider, (await deps.store.readStream(streamId)).events),
  });
