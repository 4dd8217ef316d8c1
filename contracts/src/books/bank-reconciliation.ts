import { z } from 'zod';

import { optionalTextInput, TEXT_MAX } from '../fields';
import { STATEMENT_DATE_FORMATS, StatementFormatSchema } from './bank-statement';

/**
 * Bank reconciliation (issue 43 item 5): statements imported per bank ledger, their lines
 * matched to the bank book's entries (a match clears the entry on the line's date), and the
 * reconciliation statement as of any date. One stream per bank ledger holds its format, its
 * statements' lines and the matches: a line is imported once, an entry matched once.
 */
export const BANK_RECONCILIATION_PATH = '/api/accounting/bank-reconciliation';
export const BANK_RECONCILIATION_PATHS = {
  /** The bank ledgers, each with its saved format and how many lines wait for a match. */
  accounts: BANK_RECONCILIATION_PATH,
  /** The reconciliation statement as of a date (`?asOf=`). */
  statement: (account: string) => `${BANK_RECONCILIATION_PATH}/${account}`,
  /** The statement lines, each with its match or the suggested entries. */
  lines: (account: string) => `${BANK_RECONCILIATION_PATH}/${account}/lines`,
  /** The bank book's entries, each cleared or not. */
  entries: (account: string) => `${BANK_RECONCILIATION_PATH}/${account}/entries`,
  /** POST: import a statement (CSV). */
  statements: (account: string) => `${BANK_RECONCILIATION_PATH}/${account}/statements`,
  /** POST: match a line to entries; DELETE …/{lineNo}: un-match it. */
  matches: (account: string) => `${BANK_RECONCILIATION_PATH}/${account}/matches`,
  match: (account: string, lineNo: number | string) => `${BANK_RECONCILIATION_PATH}/${account}/matches/${lineNo}`,
} as const;

/** Cash in hand and its lowest point from a day on (the warning before cash would go below zero). */
export const CASH_IN_HAND_PATH = '/api/accounting/cash-in-hand';

/** A bank ledger: the fixed Bank Accounts ledger, or one the business added in the Bank Accounts group. */
export const BANK_ACCOUNT = /^(bank|ledger-[1-9]\d{0,9})$/;
export const BANK_GROUP = 'Bank Accounts';
export const bankReconciliationStream = (account: string) => `bank-reconciliation:${account}`;

/** A book entry is named by the stream of the document that posted it: `receipt-12`, `journal-voucher-3`. */
export const ENTRY_STREAM = /^[a-z][a-z-]{0,40}-[1-9]\d{0,9}$/;

/** Suggestions look this many days either side of a line's date by default (`?window=`, 0–31). */
export const MATCH_WINDOW_DAYS = 3;
export const MATCH_WINDOW_MAX = 31;

/** At most this much CSV in one import: a statement of a few thousand lines fits under the 256 kB body limit. */
export const STATEMENT_CSV_MAX = 240_000;

const Money = z.string();
const DateString = z.string();

export const BANK_EVENTS = {
  formatSaved: 'BankStatementFormatSaved',
  imported: 'BankStatementImported',
  matched: 'BankLineMatched',
  unmatched: 'BankLineUnmatched',
} as const;

/** A format as stored: its columns, read without the body's messages (an old event stays readable). */
export const StoredFormatSchema = z.object({
  name: z.string(),
  date: z.string(),
  narration: z.string(),
  reference: z.string().nullable(),
  cheque: z.string().nullable(),
  withdrawal: z.string().nullable(),
  deposit: z.string().nullable(),
  amount: z.string().nullable(),
  drCr: z.string().nullable(),
  balance: z.string(),
  dateFormat: z.enum(STATEMENT_DATE_FORMATS),
});

/** A statement line as imported: numbered in its bank ledger (`lineNo`), `key` its identity with its occurrence in its file. */
export const StoredLineSchema = z.object({
  lineNo: z.number().int().positive(),
  key: z.string(),
  row: z.number().int().positive(),
  date: DateString,
  narration: z.string(),
  reference: z.string().nullable(),
  chequeNumber: z.string().nullable(),
  withdrawal: Money,
  deposit: Money,
  balance: Money,
});
export type StoredLine = z.output<typeof StoredLineSchema>;

/** One entry of a match with its amount on the bank ledger then (signed: + money in). */
export const MatchedEntrySchema = z.object({ stream: z.string(), amount: Money });
export type MatchedEntry = z.output<typeof MatchedEntrySchema>;

const Account = z.string();
export const BankEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(BANK_EVENTS.formatSaved), data: z.object({ account: Account, format: StoredFormatSchema }) }),
  z.object({
    type: z.literal(BANK_EVENTS.imported),
    data: z.object({ account: Account, importId: z.number().int().positive(), fileName: z.string().nullable(), format: z.string(), lines: z.array(StoredLineSchema), duplicates: z.number().int(), skipped: z.number().int() }),
  }),
  z.object({ type: z.literal(BANK_EVENTS.matched), data: z.object({ account: Account, lineNo: z.number().int().positive(), entries: z.array(MatchedEntrySchema).min(1), clearedOn: DateString }) }),
  z.object({ type: z.literal(BANK_EVENTS.unmatched), data: z.object({ account: Account, lineNo: z.number().int().positive() }) }),
]);
export type BankEvent = z.output<typeof BankEventSchema>;

// ---------------------------------------------------------------- bodies

/**
 * An import: the CSV as the bank gave it; `format` maps its columns (saved for the next import);
 * without one, the ledger's saved format, else a bank recognised by its headers.
 */
export const StatementImportBodySchema = z.strictObject({
  csv: z.string({ error: 'Choose the statement file (CSV)' }).min(1, 'Choose the statement file (CSV)').max(STATEMENT_CSV_MAX, `At most ${STATEMENT_CSV_MAX / 1000} kB of CSV at a time: import the statement a few months at a time`),
  fileName: optionalTextInput(TEXT_MAX.short),
  format: StatementFormatSchema.nullish().transform((v) => v ?? null),
});
export type StatementImportBody = z.output<typeof StatementImportBodySchema>;

export const MatchBodySchema = z.strictObject({
  lineNo: z.number({ error: 'Choose a statement line' }).int('Choose a statement line').positive('Choose a statement line').max(2_147_483_647, 'Choose a statement line'),
  entries: z
    .array(z.string({ error: 'Choose a book entry' }).regex(ENTRY_STREAM, 'A book entry is named by its document: receipt-12, vendor-payment-3, journal-voucher-5'), { error: 'Choose the book entries' })
    .min(1, 'Choose at least one book entry')
    .max(50, 'At most 50 entries in one match'),
});
export type MatchBody = z.output<typeof MatchBodySchema>;

// ---------------------------------------------------------------- answers

export const StatementImportAnswerSchema = z.object({
  account: Account,
  importId: z.number().int().nullable(),
  format: StoredFormatSchema,
  imported: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
  lines: z.array(StoredLineSchema),
});
export type StatementImportAnswer = z.output<typeof StatementImportAnswerSchema>;

export const MatchAnswerSchema = z.object({ account: Account, lineNo: z.number().int(), entries: z.array(MatchedEntrySchema), clearedOn: DateString });
export type MatchAnswer = z.output<typeof MatchAnswerSchema>;

/** An entry of the bank book: the document that posted it and its amount on this ledger (+ in, − out). */
export const BookEntrySchema = z.object({
  stream: z.string(),
  voucherType: z.string(),
  voucherNumber: z.string().nullable(),
  date: DateString,
  amount: Money,
  party: z.string().nullable(),
  reference: z.string().nullable(),
  narration: z.string().nullable(),
  /** An opening balance: cleared on its own date. */
  opening: z.boolean(),
});
export type BookEntry = z.output<typeof BookEntrySchema>;

export const StatementLineSchema = StoredLineSchema.omit({ key: true }).extend({
  /** + money in, − out. */
  amount: Money,
  match: z.object({ entries: z.array(MatchedEntrySchema), clearedOn: DateString, matchedAt: z.string(), changed: z.boolean() }).nullable(),
});
export type StatementLine = z.output<typeof StatementLineSchema>;

export const CandidateSchema = z.object({ stream: z.string(), score: z.number(), reasons: z.array(z.string()), suggested: z.boolean() });
export type Candidate = z.output<typeof CandidateSchema>;

export const LinesAnswerSchema = z.object({
  account: Account,
  window: z.number().int(),
  lines: z.array(StatementLineSchema.extend({ candidates: z.array(CandidateSchema) })),
  /** The entries the candidates name. */
  entries: z.array(BookEntrySchema),
});
export type LinesAnswer = z.output<typeof LinesAnswerSchema>;

export const EntriesAnswerSchema = z.object({
  account: Account,
  entries: z.array(BookEntrySchema.extend({ clearedOn: DateString.nullable(), lineNo: z.number().int().nullable() })),
});
export type EntriesAnswer = z.output<typeof EntriesAnswerSchema>;

const part = <T extends z.ZodType>(item: T) => z.object({ total: Money, items: z.array(item) });
export const ReconciliationSchema = z.object({
  account: Account,
  accountName: z.string(),
  asOf: DateString,
  balancePerBooks: Money,
  /** Money the books have paid out that the bank has not yet debited (cheques issued, not presented). */
  notPresented: part(BookEntrySchema),
  /** Money the books have received that the bank has not yet credited. */
  notCredited: part(BookEntrySchema),
  /** Credited by the bank, not in the books (interest, a direct deposit). */
  bankOnlyCredits: part(StatementLineSchema),
  /** Debited by the bank, not in the books (charges). */
  bankOnlyDebits: part(StatementLineSchema),
  /** Books, less what the bank has not credited, plus what it has not debited, with the bank's own lines: what the statement should say. */
  workedOutBankBalance: Money,
  /** The statement's balance after its last line on or before the date; null without one. */
  balancePerBank: Money.nullable(),
  statementDate: DateString.nullable(),
  /** Statement less worked out; null without a statement. */
  difference: Money.nullable(),
  /** Matches whose entries changed after they were matched (revised, voided): counted as unmatched until matched again. */
  changedMatches: z.array(z.number().int()),
});
export type Reconciliation = z.output<typeof ReconciliationSchema>;

export const BankAccountSummarySchema = z.object({
  account: Account,
  accountName: z.string(),
  format: StoredFormatSchema.nullable(),
  lines: z.number().int(),
  unmatched: z.number().int(),
  lastStatementDate: DateString.nullable(),
});
export type BankAccountSummary = z.output<typeof BankAccountSummarySchema>;

export const CashInHandSchema = z.object({
  /** Today's balance (India). */
  balance: Money,
  asOf: DateString,
  /** The lowest end-of-day balance from `from` on (dated entries after today included); null when there are none. */
  lowest: z.object({ date: DateString, balance: Money }).nullable(),
});
export type CashInHand = z.output<typeof CashInHandSchema>;
