import { z } from 'zod';

import { ACCOUNT_TYPES } from './accounts';

/**
 * The books' report answers (issue 21, 42, 43) as the query service sends them: the OpenAPI
 * document declares them and the UI parses them with these schemas. Every amount is a money
 * string ('1822.00', '-105.00').
 */
const Money = z.string();
const Day = z.string().describe('YYYY-MM-DD');
const RecordedBy = z.string().nullable().describe('The moment asked for (`recordedBy`), or null: everything recorded');

export const AccountBalanceSchema = z.object({
  code: z.string(),
  accountName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  accountGroup: z.string(),
  debit: Money,
  credit: Money,
  balance: Money.describe('Debit less credit: positive is a debit balance'),
});
export type AccountBalance = z.output<typeof AccountBalanceSchema>;

/** GET /api/accounting/accounts: the chart of accounts with each ledger's totals as of a day. */
export const AccountBalancesSchema = z.array(AccountBalanceSchema);

/** Said of `previous`: the same report a year earlier, to show beside it. */
const PREVIOUS = 'The same report a year earlier (`compare=previous-year`)';

export const TrialBalanceSchema = z.object({
  asOf: Day,
  recordedBy: RecordedBy,
  financialYearFrom: Day.describe("1 April of `asOf`'s financial year: income and expense ledgers count from it, the years before are closed into the Profit and Loss Account"),
  rows: z.array(AccountBalanceSchema),
  totalDebit: Money,
  totalCredit: Money,
  closingStock: Money.describe('The stock at cost on `asOf`: not a journal balance, so beside the trial balance'),
});
export type TrialBalance = z.output<typeof TrialBalanceSchema>;
export const TrialBalanceAnswerSchema = TrialBalanceSchema.extend({ previous: TrialBalanceSchema.optional().describe(PREVIOUS) });

export const LedgerEntrySchema = z.object({
  date: Day,
  voucherType: z.string(),
  voucherNumber: z.string().nullable(),
  stream: z.string(),
  account: z.string(),
  party: z.string().nullable(),
  debit: Money,
  credit: Money,
  balance: Money.describe('The running balance after this line'),
});
export type LedgerEntry = z.output<typeof LedgerEntrySchema>;

const LedgerLines = z.object({ opening: Money, entries: z.array(LedgerEntrySchema), closing: Money });

/** GET /api/accounting/ledgers/{account}: one ledger for a period. */
export const LedgerAnswerSchema = LedgerLines.extend({ account: z.string(), accountName: z.string(), from: Day, to: Day });
export type LedgerAnswer = z.output<typeof LedgerAnswerSchema>;

export const StatementSchema = LedgerLines.extend({ party: z.string(), name: z.string(), from: Day, to: Day });
export type Statement = z.output<typeof StatementSchema>;

/** GET /api/accounting/day-book: every journal line of a period (at most 5,000). */
export const DayBookSchema = z.object({
  from: Day,
  to: Day,
  truncated: z.boolean(),
  entries: z.array(LedgerEntrySchema.omit({ balance: true }).extend({ accountName: z.string() })),
});
export type DayBook = z.output<typeof DayBookSchema>;

/** One document of a sales or purchase register; a note's amounts are negative. */
export const RegisterRowSchema = z.object({
  date: Day,
  kind: z.string(),
  number: z.string(),
  party: z.string(),
  partyName: z.string(),
  gstin: z.string().nullable(),
  taxableValue: Money,
  cgst: Money,
  sgst: Money,
  igst: Money,
  otherTax: Money.describe('Tax typed by hand on documents without GST lines'),
  roundOff: Money,
  total: Money,
});
export type RegisterRow = z.output<typeof RegisterRowSchema>;

export const RegisterSchema = z.object({
  from: Day,
  to: Day,
  rows: z.array(RegisterRowSchema).describe('At most 5,000 rows (the totals count them all)'),
  truncated: z.boolean(),
  totals: RegisterRowSchema.omit({ date: true, kind: true, number: true, party: true, partyName: true, gstin: true }).extend({ count: z.number().int() }),
});
export type Register = z.output<typeof RegisterSchema>;

/**
 * The trading part of a profit and loss (issue 42): cost of goods sold = opening stock +
 * purchases + stock brought in otherwise − closing stock, the stock at cost (moving average).
 */
export const TradingSchema = z.object({
  sales: Money.describe('Sales less sales returns'),
  openingStock: Money,
  purchases: Money.describe('Purchases less purchase returns'),
  stockBroughtIn: Money.describe("The journal's Stock-in-Hand movement in the period: opening stock and adjustments at their cost"),
  closingStock: Money,
  costOfGoodsSold: Money,
  grossProfit: Money,
});
export type Trading = z.output<typeof TradingSchema>;

/** One month of a profit and loss (its chart): what was earned, spent and kept. */
export const MonthResultSchema = TradingSchema.extend({
  month: z.string().describe('YYYY-MM'),
  otherIncome: Money,
  otherExpenses: Money,
  income: Money.describe('Sales and other income'),
  expenses: Money.describe('Cost of goods sold and other expenses'),
  netProfit: Money,
});
export type MonthResult = z.output<typeof MonthResultSchema>;

/** A ledger as a report line: its balance, and the amount on the side the report shows it. */
export const AmountLineSchema = AccountBalanceSchema.extend({ amount: Money });
export type AmountLine = z.output<typeof AmountLineSchema>;

/**
 * A profit and loss for a period: the trading part, then the income and expense ledgers outside
 * it; `totalIncome` = sales + other income, `totalExpenses` = cost of goods sold + other expenses.
 */
export const ProfitAndLossSchema = z.object({
  from: Day,
  to: Day,
  recordedBy: RecordedBy,
  trading: TradingSchema,
  income: z.array(AmountLineSchema),
  expenses: z.array(AmountLineSchema),
  otherIncome: Money,
  otherExpenses: Money,
  totalIncome: Money,
  totalExpenses: Money,
  netProfit: Money,
  byMonth: z.array(MonthResultSchema),
});
export type ProfitAndLoss = z.output<typeof ProfitAndLossSchema>;
export const ProfitAndLossAnswerSchema = ProfitAndLossSchema.extend({ previous: ProfitAndLossSchema.optional().describe(PREVIOUS) });

export const BalanceSheetSchema = z.object({
  asOf: Day,
  recordedBy: RecordedBy,
  financialYearFrom: Day,
  assets: z.array(AmountLineSchema),
  liabilities: z.array(AmountLineSchema),
  retainedEarnings: Money.describe('The profit and loss of the financial years that have ended'),
  profit: Money.describe("This year's profit"),
  totalAssets: Money,
  totalLiabilities: Money,
});
export type BalanceSheet = z.output<typeof BalanceSheetSchema>;
export const BalanceSheetAnswerSchema = BalanceSheetSchema.extend({ previous: BalanceSheetSchema.optional().describe(PREVIOUS) });

/** An amount for each bucket of days past due. */
const BucketSums = z.object({ notDue: Money, d30: Money, d60: Money, d90: Money, d120: Money, over120: Money });
const BucketKeySchema = BucketSums.keyof();
export type BucketKey = z.output<typeof BucketKeySchema>;

/** The buckets of days past due (GST-AND-BOOKS §6: ERPNext's 0-30 … above 120). */
export const AGEING_BUCKETS: readonly { readonly key: BucketKey; readonly label: string; readonly upTo: number }[] = [
  { key: 'notDue', label: 'Not due', upTo: 0 },
  { key: 'd30', label: '1–30 days', upTo: 30 },
  { key: 'd60', label: '31–60 days', upTo: 60 },
  { key: 'd90', label: '61–90 days', upTo: 90 },
  { key: 'd120', label: '91–120 days', upTo: 120 },
  { key: 'over120', label: 'Over 120 days', upTo: Infinity },
];

const AgeingItem = z.object({ stream: z.string(), kind: z.string(), number: z.string(), date: Day });

/** GET /api/reports/ageing: receivables or payables by party and days past due. */
export const AgeingSchema = z.object({
  side: z.enum(['receivable', 'payable']),
  asOf: Day,
  recordedBy: RecordedBy,
  buckets: z.array(z.object({ key: BucketKeySchema, label: z.string() })),
  parties: z.array(z.object({
    party: z.string(),
    partyId: z.number().int(),
    name: z.string(),
    invoices: z.array(AgeingItem.extend({ id: z.number().int(), dueDate: Day, daysPastDue: z.number().int(), bucket: BucketKeySchema, balanceDue: Money })),
    credits: z.array(AgeingItem.extend({ amount: Money })),
    buckets: BucketSums,
    onAccount: Money,
    total: Money,
  })),
  totals: BucketSums,
  onAccount: Money,
  total: Money,
});
export type Ageing = z.output<typeof AgeingSchema>;

/** GET /api/reports/debtors and /creditors: each party's balance as of a day (creditors with their MSME dues). */
export const PartyBalancesSchema = z.object({
  side: z.enum(['debtors', 'creditors']),
  asOf: Day,
  recordedBy: RecordedBy,
  parties: z.array(z.object({
    party: z.string().nullable(),
    name: z.string(),
    balance: Money,
    msme: z.string().nullable().optional(),
    udyamNumber: z.string().nullable().optional(),
    overdue45: Money.optional(),
    overdueBills: z.array(z.object({ date: Day, number: z.string().nullable(), unpaid: Money, days: z.number().int(), overdue: z.boolean() })).optional(),
  })),
  total: Money,
  msmeOverdue: z.object({ total: Money, parties: z.number().int() }).optional(),
});
export type PartyBalances = z.output<typeof PartyBalancesSchema>;

/** GET /api/reports/dashboard: home's pictures (issue 21 item 7). */
export const DashboardSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  salesByDay: z.object({ thisMonth: z.array(Money), lastMonth: z.array(Money) }),
  receivables: z.array(z.object({ label: z.string(), amount: Money })),
  topItems: z.array(z.object({ name: z.string(), amount: Money })),
  cash: z.object({ in: Money, out: Money }),
});
export type Dashboard = z.output<typeof DashboardSchema>;
