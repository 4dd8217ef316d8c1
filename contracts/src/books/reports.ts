import type { AccountType } from './accounts';
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

export interface AccountBalance {
  readonly code: string;
  readonly accountName: string;
  readonly accountType: AccountType;
  readonly accountGroup: string;
  readonly debit: string;
  readonly credit: string;
  /** Debit less credit: positive is a debit balance. */
  readonly balance: string;
}

export interface TrialBalance {
  readonly asOf: string;
  readonly recordedBy: string | null;
  /** 1 April of `asOf`'s financial year: income and expense ledgers count from it, the years before are closed into the Profit and Loss Account (issue 43). */
  readonly financialYearFrom: string;
  readonly rows: readonly AccountBalance[];
  readonly totalDebit: string;
  readonly totalCredit: string;
  /** The stock at cost on `asOf` (issue 42): not a journal balance, so beside the trial balance, as Tally shows it. */
  readonly closingStock: string;
}

export interface LedgerEntry {
  readonly date: string;
  readonly voucherType: string;
  readonly voucherNumber: string | null;
  readonly stream: string;
  readonly account: string;
  readonly party: string | null;
  readonly debit: string;
  readonly credit: string;
  readonly balance: string;
}

export interface Statement {
  readonly party: string;
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly opening: string;
  readonly entries: readonly LedgerEntry[];
  readonly closing: string;
}

/** One document of a sales or purchase register; a note's amounts are negative. */
export interface RegisterRow {
  readonly date: string;
  readonly kind: string;
  readonly number: string;
  readonly party: string;
  readonly partyName: string;
  readonly gstin: string | null;
  readonly taxableValue: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  /** Tax typed by hand on documents without GST lines. */
  readonly otherTax: string;
  readonly roundOff: string;
  readonly total: string;
}

export interface Register {
  readonly from: string;
  readonly to: string;
  /** At most 5,000 rows; `truncated` when there were more (the totals count them all). */
  readonly rows: readonly RegisterRow[];
  readonly truncated: boolean;
  readonly totals: Omit<RegisterRow, 'date' | 'kind' | 'number' | 'party' | 'partyName' | 'gstin'> & { readonly count: number };
}

/**
 * The trading part of a profit and loss (issue 42), as Tally shows it with stock in the books:
 * cost of goods sold = opening stock + purchases + stock brought in otherwise − closing stock,
 * the stock valued at cost (moving average) at the end of the day before the period and of its
 * last day. Every figure is money.
 */
export interface Trading {
  /** Sales less sales returns. */
  readonly sales: string;
  readonly openingStock: string;
  /** Purchases less purchase returns. */
  readonly purchases: string;
  /** The journal's Stock-in-Hand movement in the period: opening stock and adjustments at their cost (negative when more was written off). */
  readonly stockBroughtIn: string;
  readonly closingStock: string;
  readonly costOfGoodsSold: string;
  /** Sales less the cost of goods sold. */
  readonly grossProfit: string;
}

/** One month of a profit and loss (its chart): what was earned, spent and kept. */
export interface MonthResult extends Trading {
  /** `2026-04` */
  readonly month: string;
  /** Income besides sales. */
  readonly otherIncome: string;
  /** Expenses besides purchases. */
  readonly otherExpenses: string;
  /** Sales and other income. */
  readonly income: string;
  /** Cost of goods sold and other expenses. */
  readonly expenses: string;
  /** Income less expenses: gross profit + other income − other expenses. */
  readonly netProfit: string;
}

/** A ledger as a report line: its balance, and the amount on the side the report shows it. */
export type AmountLine = AccountBalance & { readonly amount: string };

/**
 * A profit and loss for a period: the trading part, then the ledgers outside it (`income`,
 * `expenses`: every income and expense ledger but sales, purchases and their returns).
 * `totalIncome` = sales + other income, `totalExpenses` = cost of goods sold + other expenses,
 * `netProfit` = their difference; by month the same.
 */
export interface ProfitAndLoss {
  readonly from: string;
  readonly to: string;
  readonly recordedBy: string | null;
  readonly trading: Trading;
  readonly income: readonly AmountLine[];
  readonly expenses: readonly AmountLine[];
  readonly otherIncome: string;
  readonly otherExpenses: string;
  readonly totalIncome: string;
  readonly totalExpenses: string;
  readonly netProfit: string;
  readonly byMonth: readonly MonthResult[];
}

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

/** Home's dashboard (issue 21 item 7): every figure a money string. */
export interface Dashboard {
  readonly month: string;
  readonly salesByDay: { readonly thisMonth: readonly string[]; readonly lastMonth: readonly string[] };
  readonly receivables: readonly { readonly label: string; readonly amount: string }[];
  readonly topItems: readonly { readonly name: string; readonly amount: string }[];
  readonly cash: { readonly in: string; readonly out: string };
}
