import { BOOKS_PATHS, type Dashboard, indiaDate, toMoney, turnoverKind } from '@erp/contracts';
import { journalTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { refuseUnknown } from '../shared/refuse-unknown';
import { AGEING_READ_MODELS, ageingOf } from './ageing.routes';
import { journalLines } from './journal-sql';
import { notOpening } from './not-opening';

const firstOf = (date: string) => `${date.slice(0, 7)}-01`;
const yearAndMonth = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });
const monthBefore = (date: string) => {
  const { year, month } = yearAndMonth(date);
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
};
const daysIn = (first: string) => {
  const { year, month } = yearAndMonth(first);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/**
 * GET /api/reports/dashboard: home's pictures — sales by day this month (to today) and last month
 * (active sales invoices' totals), receivables by age today, the top five items of this month by
 * taxable value, and the cash and bank money in and out this month (from the journal).
 */
export const dashboardRoute = (router: Router, deps: ReadDeps) => {
  const sales = turnoverKind('sales');
  router.get(BOOKS_PATHS.dashboard, readsFrom(deps, [...new Set([sales.listTable, journalTable.name, ...AGEING_READ_MODELS])]), async (ctx: Context) => {
    refuseUnknown(ctx, []);
    const today = indiaDate(deps.clock?.() ?? new Date());
    const thisMonth = firstOf(today);
    const lastMonth = monthBefore(today);
    const { rows: days } = await sql<{ day: string; amount: string }>`
      select invoice_date::text as day, sum(total_amount)::text as amount from ${sql.table(sales.listTable)}
      where active and invoice_date >= ${lastMonth}::date and invoice_date <= ${today}::date${notOpening(sales)} group by 1`.execute(deps.db);
    const byDay = new Map(days.map((d) => [d.day, toMoney(d.amount)]));
    const series = (first: string, count: number) =>
      Array.from({ length: count }, (_, i) => byDay.get(`${first.slice(0, 8)}${String(i + 1).padStart(2, '0')}`) ?? '0.00');
    const { rows: items } = await sql<{ name: string; amount: string }>`
      select l->>'itemName' as name, sum((l->>'taxableValue')::numeric)::text as amount
      from ${sql.table(sales.listTable)} d, jsonb_array_elements(d.lines) l
      where d.active and d.invoice_date between ${thisMonth}::date and ${today}::date
      group by 1 order by sum((l->>'taxableValue')::numeric) desc, 1 limit 5`.execute(deps.db);
    const { rows: [cash] } = await sql<{ in: string | null; out: string | null }>`
      select sum(debit)::text as in, sum(credit)::text as out from ${journalLines}
      where account in ('cash', 'bank') and voucher_date between ${thisMonth}::date and ${today}::date`.execute(deps.db);
    const ageing = await ageingOf(deps, 'receivable', today);
    const body: Dashboard = {
      month: thisMonth.slice(0, 7),
      salesByDay: { thisMonth: series(thisMonth, Number(today.slice(8, 10))), lastMonth: series(lastMonth, daysIn(lastMonth)) },
      receivables: ageing.buckets.map((b) => ({ label: b.label, amount: ageing.totals[b.key] })),
      topItems: items.map((i) => ({ name: i.name, amount: toMoney(i.amount) })),
      cash: { in: toMoney(cash?.in ?? 0), out: toMoney(cash?.out ?? 0) },
    };
    ctx.body = body;
  });
};
