import { api, type HomeSummary, toMoney } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

export const homeRoutes = (router: Router, db: AnyDb, now: () => Date) => {
  router.get(api.homeSummary, async (ctx: Context) => {
    const month = now().toISOString().slice(0, 7);
    const row = await db
      .selectFrom('home_summary')
      .select(['sales_total', 'invoice_count'])
      .where('month', '=', month)
      .executeTakeFirst();
    const unpaid = await db
      .selectFrom('home_summary')
      .select(sql<number>`coalesce(sum(unpaid_count), 0)::int`.as('n'))
      .executeTakeFirst();
    const body: HomeSummary = {
      salesThisMonth: toMoney((row?.sales_total as string | undefined) ?? 0),
      invoicesThisMonth: Number(row?.invoice_count ?? 0),
      unpaidInvoices: Number(unpaid?.n ?? 0),
    };
    ctx.body = body;
  });
};
