import {
  asOfOf,
  checkPeriod,
  BOOKS_PATHS,
  compareOf,
  financialYearStart,
  isProfitAndLoss,
  yearBefore,
  customersEntity,
  type DayBook,
  decimal,
  type LedgerAnswer,
  type LedgerEntry,
  listTable,
  notFound,
  pdfPath,
  periodOf,
  ReportQuerySchema,
  type Statement,
  toIssues,
  toMoney,
  validationError,
  vendorsEntity,
} from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { refuseUnknown } from '../shared/refuse-unknown';
import { businessOfRow } from '../settings/business.routes';
import { STOCK_READ_MODEL } from '../inventory/valuation';
import { accountTotals, BOOKS_READ_MODELS, chartOf, journalLines, type Window, windowWhere } from './journal-sql';
import { trialBalanceOf } from './year-close';
import { balanceSheet, profitAndLoss } from './profit-and-loss';
import { statementPdf } from './statement-pdf';

const today = todayInIndia;

/** The parameters of a report of one day (`to` is taken as `asOf`) and of a period (`asOf` as `to`). */
export const AS_OF_PARAMS = ['asOf', 'to', 'fy', 'recordedBy'] as const;
export const PERIOD_PARAMS = ['from', 'to', 'asOf', 'fy', 'recordedBy'] as const;

/** A report's query: only `known` parameters (400 naming any other), each checked. */
export const reportQuery = (ctx: Context, known: readonly string[]) => {
  refuseUnknown(ctx, known);
  const parsed = ReportQuerySchema.safeParse(ctx.query);
  if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
  return parsed.data;
};

/** `customer-5` → its ledger (Sundry Debtors or Creditors) and its name; 404 if there is none. */
const partyOf = async (deps: ReadDeps, party: string) => {
  const match = /^(customer|vendor)-(\d{1,9})$/.exec(party);
  if (!match) throw notFound(`Party ${party} not found`);
  const entity = match[1] === 'customer' ? customersEntity : vendorsEntity;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(listTable(entity))} where id = ${Number(match[2])} and not deleted`.execute(deps.db);
  if (rows.length === 0) throw notFound(`${entity.label} ${match[2]} not found`);
  return { account: match[1] === 'customer' ? 'debtors' : 'creditors', name: rows[0]!.name };
};

/** Lines of one ledger (an account, or a party's) in a window, with the balance brought forward. */
const ledgerOf = async (deps: ReadDeps, filter: { account: string; party: string | null; yearly?: boolean }, w: Window & { from: string }) => {
  // An income or expense ledger starts each financial year at zero (the year before is closed).
  const since = filter.yearly ? sql`and voucher_date >= ${financialYearStart(w.from)}::date` : sql``;
  const who = filter.party === null ? sql`account = ${filter.account}` : sql`account = ${filter.account} and party = ${filter.party}`;
  const { rows: [opening] } = await sql<{ balance: string | null }>`
    select sum(debit - credit)::text as balance from ${journalLines}
    where ${who} and voucher_date < ${w.from}::date ${since} ${w.recordedBy ? sql`and recorded_at <= ${w.recordedBy}::timestamptz` : sql``}`.execute(deps.db);
  const { rows } = await sql<{ date: string; voucher_type: string; voucher_number: string | null; stream: string; account: string; party: string | null; debit: string; credit: string }>`
    select voucher_date::text as date, voucher_type, voucher_number, stream, account, party, debit::text, credit::text
    from ${journalLines} where ${who} and ${windowWhere(w)}
    order by voucher_date, position, j.id`.execute(deps.db);
  let balance = decimal(opening?.balance ?? 0);
  const entries = rows.map((r): LedgerEntry => {
    balance = balance.plus(decimal(r.debit)).minus(decimal(r.credit));
    return { date: r.date, voucherType: r.voucher_type, voucherNumber: r.voucher_number, stream: r.stream, account: r.account, party: r.party, debit: toMoney(r.debit), credit: toMoney(r.credit), balance: toMoney(balance) };
  });
  return { opening: toMoney(opening?.balance ?? 0), entries, closing: toMoney(balance) };
};

/** The day book's period: one day unless asked for more. */
const dayBookPeriod = (query: ReturnType<typeof reportQuery>, day: string) => {
  const to = query.to ?? query.asOf ?? day;
  const from = query.from ?? to;
  checkPeriod(from, to);
  return { from, to };
};

/** Ledgers, the day book, trial balance, profit and loss, balance sheet and party statements (issue 21). */
export const ledgerRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, BOOKS_READ_MODELS);
  // The reports that value the stock wait for its movements too.
  const readsWithStock = readsFrom(deps, [...BOOKS_READ_MODELS, STOCK_READ_MODEL]);

  // The year's reports, each with the same a year earlier beside it when asked (`compare=previous-year`).
  router.get(BOOKS_PATHS.trialBalance, readsWithStock, async (ctx: Context) => {
    const query = reportQuery(ctx, [...AS_OF_PARAMS, 'compare']);
    const previous = compareOf(ctx.query);
    const asOf = asOfOf(query, today(deps));
    const chart = await chartOf(deps.db);
    const [body, before] = await Promise.all([trialBalanceOf(deps.db, chart, asOf, query.recordedBy), previous ? trialBalanceOf(deps.db, chart, yearBefore(asOf), query.recordedBy) : null]);
    ctx.body = before ? { ...body, previous: before } : body;
  });

  router.get(BOOKS_PATHS.accounts, reads, async (ctx: Context) => {
    const query = reportQuery(ctx, AS_OF_PARAMS);
    const asOf = asOfOf(query, today(deps));
    const chart = await chartOf(deps.db);
    // Income and expense ledgers from 1 April of the day's year (the years before are closed), the rest from the beginning.
    const [all, year] = await Promise.all([
      accountTotals(deps.db, chart, { to: asOf, recordedBy: query.recordedBy }),
      accountTotals(deps.db, chart, { from: financialYearStart(asOf), to: asOf, recordedBy: query.recordedBy }),
    ]);
    const totals = new Map([...all.filter((r) => !isProfitAndLoss(r.accountType)), ...year.filter((r) => isProfitAndLoss(r.accountType))].map((r) => [r.code, r]));
    ctx.body = chart.accounts.map((a) => totals.get(a.code) ?? { ...a, debit: '0.00', credit: '0.00', balance: '0.00' });
  });

  router.get(BOOKS_PATHS.profitAndLoss, readsWithStock, async (ctx: Context) => {
    const query = reportQuery(ctx, [...PERIOD_PARAMS, 'compare']);
    const previous = compareOf(ctx.query);
    const { from, to } = periodOf(query, today(deps));
    const chart = await chartOf(deps.db);
    const [body, before] = await Promise.all([
      profitAndLoss(deps.db, chart, { from, to, recordedBy: query.recordedBy }),
      previous ? profitAndLoss(deps.db, chart, { from: yearBefore(from), to: yearBefore(to), recordedBy: query.recordedBy }) : null,
    ]);
    ctx.body = before ? { ...body, previous: before } : body;
  });

  router.get(BOOKS_PATHS.balanceSheet, readsWithStock, async (ctx: Context) => {
    const query = reportQuery(ctx, [...AS_OF_PARAMS, 'compare']);
    const previous = compareOf(ctx.query);
    const asOf = asOfOf(query, today(deps));
    const chart = await chartOf(deps.db);
    const [body, before] = await Promise.all([balanceSheet(deps.db, chart, asOf, query.recordedBy), previous ? balanceSheet(deps.db, chart, yearBefore(asOf), query.recordedBy) : null]);
    ctx.body = before ? { ...body, previous: before } : body;
  });

  router.get(BOOKS_PATHS.ledger(':account'), reads, async (ctx: Context) => {
    const account = String(ctx.params.account);
    const ledger = (await chartOf(deps.db)).of(account);
    if (!ledger) throw notFound(`Ledger ${account} not found`);
    const query = reportQuery(ctx, [...PERIOD_PARAMS, 'party']);
    const period = periodOf(query, today(deps));
    const party = typeof ctx.query.party === 'string' && ctx.query.party !== '' ? ctx.query.party : null;
    const body: LedgerAnswer = { account, accountName: ledger.accountName, ...period, ...(await ledgerOf(deps, { account, party, yearly: isProfitAndLoss(ledger.accountType) }, { ...period, recordedBy: query.recordedBy })) };
    ctx.body = body;
  });

  const statementOf = async (ctx: Context): Promise<Statement> => {
    const party = String(ctx.params.party);
    const { account, name } = await partyOf(deps, party);
    const query = reportQuery(ctx, PERIOD_PARAMS);
    const period = periodOf(query, today(deps));
    return { party, name, ...period, ...(await ledgerOf(deps, { account, party }, { ...period, recordedBy: query.recordedBy })) };
  };
  router.get(BOOKS_PATHS.statement(':party'), reads, async (ctx: Context) => {
    ctx.body = await statementOf(ctx);
  });
  // The same statement as a PDF, to print or send (like an invoice's).
  router.get(pdfPath(BOOKS_PATHS.statement(':party')), reads, async (ctx: Context) => {
    const statement = await statementOf(ctx);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="statement-${statement.party}-${statement.from}-to-${statement.to}.pdf"`);
    ctx.body = await statementPdf(statement, await businessOfRow(deps));
  });

  router.get(BOOKS_PATHS.dayBook, reads, async (ctx: Context) => {
    const query = reportQuery(ctx, PERIOD_PARAMS);
    const { from, to } = query.fy ? periodOf(query, today(deps)) : dayBookPeriod(query, today(deps));
    const { rows } = await sql<{ date: string; voucher_type: string; voucher_number: string | null; stream: string; account: string; party: string | null; debit: string; credit: string }>`
      select voucher_date::text as date, voucher_type, voucher_number, stream, account, party, debit::text, credit::text
      from ${journalLines} where ${windowWhere({ from, to, recordedBy: query.recordedBy })}
      order by voucher_date, position, j.id limit 5001`.execute(deps.db);
    const chart = await chartOf(deps.db);
    const body: DayBook = { from, to, truncated: rows.length > 5000, entries: rows.slice(0, 5000).map((r) => ({ date: r.date, voucherType: r.voucher_type, voucherNumber: r.voucher_number, stream: r.stream, account: r.account, accountName: chart.of(r.account)?.accountName ?? r.account, party: r.party, debit: toMoney(r.debit), credit: toMoney(r.credit) })) };
    ctx.body = body;
  });
};
