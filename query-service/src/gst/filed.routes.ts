import { FILED_RETURNS, type FiledReturn, type FiledReturnAnswer, GST_FILING_PATHS, listTable, customersEntity, notFound, PeriodSchema, validationError, vendorsEntity } from '@erp/contracts';
import { businessTable, gstFilingsTable } from '@erp/projections';
import type { Router, RouterContext } from '@koa/router';

import { refuseUnknown } from '../shared/refuse-unknown';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { deadlinesRoute } from './deadlines.routes';
import { filedAndNow } from './filed';
import { GSTR2B_READ_MODELS } from './gstr2b-read';
import { RETURN_TABLES } from './returns';

const returnOf = (value: string | undefined): FiledReturn => {
  const found = FILED_RETURNS.find((r) => r === value);
  if (!found) throw notFound(`No return ${String(value)}: the returns are ${FILED_RETURNS.join(', ')}`);
  return found;
};

const periodOf = (value: string | undefined) => {
  const parsed = PeriodSchema.safeParse(value);
  if (!parsed.success) throw validationError('Not a return period', [{ path: 'period', message: parsed.error.issues[0]?.message ?? 'Period must be a month (YYYY-MM)' }]);
  return parsed.data;
};

/**
 * GET /api/gst/filed/{gstr1|gstr3b}/{period} (issue 44 item 4): "what did we file for August?"
 * (`filing` and `filed`, the JSON exactly as kept when it was marked filed; null before) and
 * "what would August look like now?" (`now`), with `changed` and, for GSTR-1, the amendments
 * that report the difference and where (GSTR-1A of the month, or the next GSTR-1).
 */
export const filedRoutes = (router: Router, deps: ReadDeps) => {
  const tables = [...RETURN_TABLES, ...GSTR2B_READ_MODELS, listTable(customersEntity), listTable(vendorsEntity), businessTable.name, gstFilingsTable.name];
  router.get(GST_FILING_PATHS.filing(':return', ':period'), readsFrom(deps, [...new Set(tables)]), async (ctx: RouterContext) => {
    refuseUnknown(ctx, []);
    const params = ctx.params;
    const body: FiledReturnAnswer = await filedAndNow(deps, returnOf(params.return), periodOf(params.period));
    ctx.body = body;
  });
  deadlinesRoute(router, deps);
};
