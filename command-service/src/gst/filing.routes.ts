import {
  FILED_RETURNS,
  type FiledReturn,
  type Filing,
  GST_FILING_PATHS,
  gstReturnStream,
  MarkFiledBodySchema,
  PeriodSchema,
  validationError,
} from '@erp/contracts';
import { notFoundHttp } from '@erp/http-kit';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { decideAll } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
import { filingDecider, type FilingState } from './filing.decider';

const returnOf = (value: string | undefined): FiledReturn => {
  const found = FILED_RETURNS.find((r) => r === value);
  if (!found) throw notFoundHttp(`No return ${String(value)}: the returns are ${FILED_RETURNS.join(', ')}`);
  return found;
};

export const periodParam = (value: string | undefined) => {
  const parsed = PeriodSchema.safeParse(value);
  if (!parsed.success) throw validationError('Not a return period', [{ path: 'period', message: parsed.error.issues[0]?.message ?? 'Period must be a month (YYYY-MM)' }]);
  return parsed.data;
};

const filingOf = (ret: FiledReturn, period: string, state: FilingState): Filing | null =>
  state.filed ? { return: ret, period, arn: state.filed.arn, filedOn: state.filed.filedOn, position: state.filed.position } : null;

/**
 * POST /api/gst/filed/{gstr1|gstr3b}/{period} {arn, filedOn}: the owner or accountant marks a
 * month's return filed (issue 44 item 4). The return is computed first, as it stands, and kept
 * in the event; from then on GSTR-1's documents of that month are not edited or voided.
 *
 * Why the read side computes it (`gstReturns`): a month's return is built from every document of
 * the month, across many streams, by the query service's builders — the ones the screens and the
 * portal JSON download use. What is kept must be what the owner saw and uploaded, so the command
 * calls those builders (once the read models hold every event committed so far) rather than a
 * second copy of them here, and keeps the log position they were computed at, so the copy can be
 * reproduced from the log. It is read before deciding, like emmett's price: the decision stays
 * pure, and a retry after a version conflict decides on the same copy. Two filings at once both
 * compute it; the month's stream, appended at its version, takes one (gst-filing.int.spec.ts).
 */
export const gstFilingWriteRoutes = (router: Router, deps: CommandDeps) =>
  commandRoute(router, deps.store, {
    method: 'post',
    path: GST_FILING_PATHS.filing(':return', ':period'),
    label: 'Filing',
    body: MarkFiledBodySchema,
    status: 201,
    command: async ({ params, body, metadata }) => {
      const ret = returnOf(params.return);
      const period = periodParam(params.period);
      if (!deps.gstReturns) throw new Error('the command service was started without the read side for GST returns');
      const { position, returns } = await deps.gstReturns(period);
      return async (ctx) => {
        const stream = await ctx.load(gstReturnStream(ret, period), filingDecider);
        const events = decideAll(filingDecider, { type: 'MarkFiled', data: { return: ret, period, body, position, json: returns[ret] }, metadata }, stream.state);
        return { main: stream, appends: [{ stream, events }], result: filingOf(ret, period, stateAfter(filingDecider, stream, events)) };
      };
    },
    replay: async (streamId) => {
      const filed = (await deps.store.readStream(streamId)).events.flatMap((e) => filingDecider.decode(e) ?? []).at(-1);
      return filed ? { return: filed.data.return, period: filed.data.period, arn: filed.data.arn, filedOn: filed.data.filedOn, position: filed.data.position } : null;
    },
  });
