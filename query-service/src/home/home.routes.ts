import { api, type HomeSummary, toMoney } from '@erp/contracts';
import { homeSummaryTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

export const homeRoutes = (router: Router, deps: ReadDeps, now: () => Date) => {
  router.get(api.homeSummary, readsFrom(deps, [homeSummaryTable.name]), async (ctx: Context) => {
    const month = now().toISOString().slice(0, 7);
    const { rows } = await sql<{ sales: string | null; invoices: number | null; unpaid: number }>`
      select (select sales_total::text from home_summary where month = ${month}) as sales,
             (select invoice_count from home_summary where month = ${month}) as invoices,
             (select coalesce(sum(unpaid_count), 0)::int from home_summary) as unpaid`.execute(deps.db);
    const row = rows[0];
    const body: HomeSummary = {
      salesThisMonth: toMoney(row?.sales ?? 0),
      invoicesThisMonth: row?.invoices ?? 0,
      unpaidInvoices: row?.unpaid ?? 0,
    };
    ctx.body = body;
  });
};
