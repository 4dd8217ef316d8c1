import {
  BOOKS_PATHS,
  GSTR3B_FILES,
  type Gstr3bReport,
  listTable,
  customersEntity,
  PeriodSchema,
  type TieOutReport,
  toIssues,
  validationError,
  vendorsEntity,
} from '@erp/contracts';
import { businessTable, journalTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { GSTR2B_READ_MODELS } from './gstr2b-read';
import { monthReturns, monthTieOut, RETURN_TABLES } from './returns';

const Gstr3bQuery = z.object({ period: PeriodSchema, file: z.enum(GSTR3B_FILES).optional() });
const TieOutQuery = z.object({ period: PeriodSchema });

const parsed = <T extends z.ZodType>(schema: T, ctx: Context): z.output<T> => {
  const result = schema.safeParse(ctx.query);
  if (!result.success) throw validationError('Invalid query', toIssues(result.error));
  return result.data;
};

/**
 * GET /api/gst/gstr3b?period=2026-05: the month's GSTR-3B from the books (the portal JSON, the
 * payment after the set-off, the bills whose credit it counts); `&file=json`: the portal JSON alone.
 * GET /api/gst/tie-out?period=2026-05: the books beside GSTR-1 and GSTR-3B, per head, each
 * difference down to the documents that cause it; `ready` only when none is unexplained.
 */
export const gstr3bRoutes = (router: Router, deps: ReadDeps) => {
  // Table 4's credit reads the month's GSTR-2B once one is imported (itc.ts): its read models too.
  const tables = [...RETURN_TABLES, ...GSTR2B_READ_MODELS, listTable(customersEntity), listTable(vendorsEntity), businessTable.name];
  router.get(BOOKS_PATHS.gstr3b, readsFrom(deps, tables), async (ctx: Context) => {
    const { period, file } = parsed(Gstr3bQuery, ctx);
    const month = await monthReturns(deps, period, 'supply');
    const { json, payment } = month.gstr3b;
    if (file === 'json') {
      ctx.set('Content-Disposition', `attachment; filename="GSTR3B-${month.gstin}-${period}.json"`);
      ctx.body = json;
      return;
    }
    const body: Gstr3bReport = { period, gstin: month.gstin, json: { ...json }, payment, itcBills: [...month.itc.bills] };
    ctx.body = body;
  });
  router.get(BOOKS_PATHS.gstTieOut, readsFrom(deps, [...tables, journalTable.name]), async (ctx: Context) => {
    const { period } = parsed(TieOutQuery, ctx);
    const result = await monthTieOut(deps, period);
    const body: TieOutReport = { period, ...result, outward: { ...result.outward, differences: [...result.outward.differences] }, input: { ...result.input, differences: [...result.input.differences] } };
    ctx.body = body;
  });
};
