import { api, followUpsEntity, type HomeSummary, indiaDate, toMoney, turnoverKind, yearAndMonth } from '@erp/contracts';
import { invoiceTable, masterDataTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { notOpening } from '../books/not-opening';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

/** The first day of this month and of the next, in India's calendar. */
const monthOf = (now: Date) => {
  const { year, month } = yearAndMonth(indiaDate(now));
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return { start: `${year}-${pad(month)}-01`, next };
};

/**
 * The home strip (DESIGN §3.6), from the sales invoice read model: this month's sales total and
 * count (India's calendar month, by invoice date) and the invoices not fully paid. Inactive
 * invoices do not count. What is pending also in rupees: the balances due of sales invoices (to
 * collect) and of purchase invoices (to pay). And the follow-ups due today and overdue (pending,
 * active), in the same one query.
 */
export const homeRoutes = (router: Router, deps: ReadDeps, now: () => Date) => {
  const sales = turnoverKind('sales');
  const list = invoiceTable(sales);
  const bills = invoiceTable(turnoverKind('purchase'));
  const followUps = masterDataTable(followUpsEntity);
  router.get(api.homeSummary, readsFrom(deps, [list.name, bills.name, followUps.name]), async (ctx: Context) => {
    const { start, next } = monthOf(now());
    const today = indiaDate(now());
    const { rows } = await sql<{ sales: string; invoices: number; unpaid: number; collect: string; pay: string; today: number; overdue: number }>`
      select coalesce(sum(total_amount) filter (where invoice_date >= ${start}::date and invoice_date < ${next}::date${notOpening(sales)}), 0)::text as sales,
             (count(*) filter (where invoice_date >= ${start}::date and invoice_date < ${next}::date${notOpening(sales)}))::int as invoices,
             (count(*) filter (where status <> 'paid'))::int as unpaid,
             coalesce(sum(balance_due), 0)::text as collect,
             (select coalesce(sum(balance_due), 0) from ${sql.table(bills.name)} where active)::text as pay,
             (select count(*) from ${sql.table(followUps.name)} f
               where not f.deleted and f.active and f.status = 'pending' and f.follow_up_date = ${today}::date)::int as today,
             (select count(*) from ${sql.table(followUps.name)} f
               where not f.deleted and f.active and f.status = 'pending' and f.follow_up_date < ${today}::date)::int as overdue
      from ${sql.table(list.name)} where active`.execute(deps.db);
    const row = rows[0];
    const body: HomeSummary = {
      salesThisMonth: toMoney(row?.sales ?? 0),
      invoicesThisMonth: row?.invoices ?? 0,
      unpaidInvoices: row?.unpaid ?? 0,
      toCollect: toMoney(row?.collect ?? 0),
      toPay: toMoney(row?.pay ?? 0),
      followUpsToday: row?.today ?? 0,
      followUpsOverdue: row?.overdue ?? 0,
    };
    ctx.body = body;
  });
};
