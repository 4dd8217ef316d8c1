import { z } from 'zod';

import { checkPeriod, DATE_YEARS_TEXT, isAcceptedYear, queryDateParam } from '../dates';
import { validationError } from '../domain-errors';
import { financialYearDates, FinancialYearParam } from './financial-year';

/** The books' read routes (issue 21). Every report reads the journal up to a date. */
export const BOOKS_PATHS = {
  accounts: '/api/accounting/accounts',
  ledger: (account: string) => `/api/accounting/ledgers/${account}`,
  dayBook: '/api/accounting/day-book',
  trialBalance: '/api/accounting/trial-balance',
  profitAndLoss: '/api/reports/profit-and-loss',
  balanceSheet: '/api/reports/balance-sheet',
  /** A party is `customer-5` or `vendor-3`. */
  statement: (party: string) => `/api/reports/statements/${party}`,
  ageing: '/api/reports/ageing',
  /** Each customer's balance as of a day (issue 43): their total is the balance sheet's Sundry Debtors. */
  debtors: '/api/reports/debtors',
  /** Each vendor's balance as of a day, micro and small enterprises' bills unpaid beyond 45 days flagged (s.43B(h)). */
  creditors: '/api/reports/creditors',
  /** The day book or every ledger of a period (a financial year) as CSV or PDF, for the CA. */
  dayBookExport: '/api/reports/day-book/export',
  ledgersExport: '/api/reports/ledgers/export',
  gstSummary: '/api/reports/gst-summary',
  /** Every sales invoice and credit note (less) of a period, with its taxable value and tax. */
  salesRegister: '/api/reports/sales-register',
  /** Every purchase invoice and debit note (less) of a period. */
  purchaseRegister: '/api/reports/purchase-register',
  gstr1: '/api/gst/gstr1',
  /** A month's GSTR-3B: the portal JSON, and the payment (6.1) after the set-off. */
  gstr3b: '/api/gst/gstr3b',
  /** A month's books beside GSTR-1 and GSTR-3B, per head, each difference down to its documents. */
  gstTieOut: '/api/gst/tie-out',
  /** Home's small dashboard: sales by day this month and last, receivables by age, top items, cash in and out. */
  dashboard: '/api/reports/dashboard',
} as const;

/**
 * What a report is asked for: a period (`from`, `to`, at most MAX_PERIOD_YEARS) or a date
 * (`asOf`), each YYYY-MM-DD of DATE_YEARS; and, to see the books as they stood at a moment,
 * `recordedBy` (an ISO time: only what had been recorded by then counts, so a later revision of
 * an old invoice does not change the answer).
 */
export const ReportQuerySchema = z.object({
  from: queryDateParam('From'),
  to: queryDateParam('To'),
  asOf: queryDateParam('As of'),
  /** A financial year, `2025-26`: the period 1 April 2025 to 31 March 2026, or the figures as of its last day. */
  fy: FinancialYearParam,
  recordedBy: z.string().trim().optional().transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    const at = Date.parse(v);
    if (Number.isNaN(at) || !isAcceptedYear(new Date(at).getUTCFullYear())) {
      ctx.addIssue({ code: 'custom', message: `Recorded by must be a date and time (ISO 8601) of ${DATE_YEARS_TEXT}` });
      return z.NEVER;
    }
    return new Date(at).toISOString();
  }),
});
export type ReportQuery = z.output<typeof ReportQuerySchema>;

/** The financial year's first day (1 April) for a date. */
export const financialYearStart = (date: string) => {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 4 ? `${year}-04-01` : `${year - 1}-04-01`;
};

/**
 * A period with its defaults: up to today, from the start of that financial year. One that runs
 * backwards or covers more than MAX_PERIOD_YEARS is a 400 on `from`.
 */
export const periodOf = (query: ReportQuery, today: string) => {
  if (query.fy) return yearOf(query, query.fy);
  const to = query.to ?? query.asOf ?? today;
  const from = query.from ?? financialYearStart(to);
  checkPeriod(from, to);
  return { from, to };
};

/** A financial year's period; `fy` with a date besides is a 400 on `fy`. */
const yearOf = (query: ReportQuery, fy: string) => {
  if (query.from || query.to || query.asOf) throw validationError('Ask for a financial year or for dates, not both', [{ path: 'fy', message: 'Financial year cannot be given with from, to or asOf' }]);
  return financialYearDates(fy);
};

/** The day a report as of a date stands at: `asOf`, `to`, the financial year's last day, or today. */
export const asOfOf = (query: ReportQuery, today: string) => (query.fy ? yearOf(query, query.fy).to : (query.asOf ?? query.to ?? today));

/** A return period: `2026-04` (the month) → year and month. */
export const PeriodSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Period must be a month (YYYY-MM)')
  .refine((v) => isAcceptedYear(Number(v.slice(0, 4))), `Period must be a month of ${DATE_YEARS_TEXT}`);

/** The ledgers a profit and loss shows in its trading part: sales and purchases with their returns. */
export const TRADING_ACCOUNTS = ['sales', 'sales-returns', 'purchases', 'purchase-returns'] as const;

/** The number of a date's month, counted from year 0: months compared as numbers. */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * The months a period touches, first to last, as `YYYY-MM` (the year in four digits, as
 * PostgreSQL's `to_char(…, 'YYYY-MM')` writes it). A checked period has at most
 * 12 × MAX_PERIOD_YEARS + 1 of them.
 */
export const monthsOf = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, monthIndex(to) - monthIndex(from) + 1) }, (_, i) => {
    const index = monthIndex(from) + i;
    return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
