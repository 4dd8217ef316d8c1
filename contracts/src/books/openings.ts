import { z } from 'zod';

import { DateString, MoneyString, moneyOrZero } from '../documents/amounts';
import { compareMoney, rupees, subtractMoney, sumMoney } from '../money';
import { ACCOUNTS, type AccountCode } from './accounts';
import type { Posting } from './postings';

/**
 * Opening balances as of the day the books begin (issue 43). Three kinds of opening, each posted
 * against Temporary Opening on that day: the balance-sheet accounts' balances (one record, this
 * file), the parties' open invoices and bills (invoice kinds with `opening`), and stock per item
 * at cost (stock adjustments for 'Opening Stock'). When everything is entered, Temporary Opening
 * is 0: debits and credits of all openings agree.
 */
export const OPENING_BALANCES_PATH = '/api/accounting/opening-balances';
export const OPENING_BALANCES_STREAM = 'opening-balances';
export const OPENING_BALANCES_SET = 'OpeningBalancesSet';
/** The voucher type of the accounts' openings in the journal. */
export const OPENING_ACCOUNTS_VOUCHER = 'Opening balances';

/** Entered per invoice or bill, per item, or is the opening account itself: not typed as a lump. */
const NOT_TYPED = new Set(['debtors', 'creditors', 'stock-in-hand', 'temporary-opening']);
/** The balance-sheet accounts an opening balance is typed for: cash, bank, capital, loans, taxes… */
export const OPENING_ACCOUNTS = ACCOUNTS.filter((a) => a.accountType !== 'income' && a.accountType !== 'expense' && !NOT_TYPED.has(a.code));
const CODES: readonly AccountCode[] = OPENING_ACCOUNTS.map((a) => a.code);

export const OpeningLineSchema = z
  .object({
    account: z.enum(CODES, { error: 'Choose a balance-sheet account from the list' }),
    debit: moneyOrZero('Debit'),
    credit: moneyOrZero('Credit'),
  })
  .superRefine((line, ctx) => {
    if (compareMoney(line.debit, 0) > 0 && compareMoney(line.credit, 0) > 0) ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Enter a debit or a credit, not both' });
  });

/** PUT: the whole set of accounts' openings (a line with neither side is left out). */
export const OpeningBalancesBodySchema = z
  .object({ lines: z.array(OpeningLineSchema, { error: 'Lines are a list' }).max(OPENING_ACCOUNTS.length, `At most ${OPENING_ACCOUNTS.length} lines`) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((line, index) => {
      if (seen.has(line.account)) ctx.addIssue({ code: 'custom', path: ['lines', index, 'account'], message: 'This account is already in the list' });
      seen.add(line.account);
    });
  })
  .transform((body) => ({ lines: body.lines.filter((l) => compareMoney(l.debit, 0) > 0 || compareMoney(l.credit, 0) > 0) }));
export type OpeningBalancesBody = z.output<typeof OpeningBalancesBodySchema>;
export type OpeningLine = OpeningBalancesBody['lines'][number];

export const OpeningBalancesSetSchema = z.object({
  type: z.literal(OPENING_BALANCES_SET),
  data: z.object({ on: DateString, lines: z.array(z.object({ account: z.enum(CODES), debit: MoneyString, credit: MoneyString })) }),
});
export type OpeningBalancesSet = z.output<typeof OpeningBalancesSetSchema>;

/** Each account's opening on its side, against Temporary Opening on the other. */
export const openingAccountPostings = (lines: readonly OpeningLine[]): Posting[] =>
  lines.flatMap((l) => [
    { account: l.account, party: null, debit: l.debit, credit: l.credit },
    { account: 'temporary-opening' as const, party: null, debit: l.credit, credit: l.debit },
  ]);

/** One source of openings and what it put on Temporary Opening's other side. */
export const OpeningSourceSchema = z.object({
  /** 'Opening balances', 'Opening invoice', 'Opening bill', 'Opening stock', 'Ledger opening'. */
  label: z.string(),
  count: z.number().int(),
  /** What its openings debit (assets) and credit (liabilities, capital), Temporary Opening aside. */
  debit: MoneyString,
  credit: MoneyString,
});
export type OpeningSource = z.output<typeof OpeningSourceSchema>;

export const OpeningSummarySchema = z.object({
  booksBegin: DateString.nullable(),
  /** The accounts' openings as entered (for the form). */
  lines: z.array(z.object({ account: z.string(), debit: MoneyString, credit: MoneyString })),
  sources: z.array(OpeningSourceSchema),
  totalDebit: MoneyString,
  totalCredit: MoneyString,
  /** Temporary Opening's balance: debit − credit of the openings (0.00 when they agree). */
  difference: z.string(),
  balanced: z.boolean(),
  /** Documents other than openings dated before the books begin (they count in the books all the same). */
  documentsBefore: z.number().int(),
  /** What does not balance yet and why, in plain words. */
  explanation: z.string(),
});
export type OpeningSummary = z.output<typeof OpeningSummarySchema>;

/** 'Dr ₹85,000.00, Cr ₹10,000.00': the sides a source has. */
const sidesOf = (s: OpeningSource) =>
  [compareMoney(s.debit, 0) > 0 ? `Dr ${rupees(s.debit)}` : null, compareMoney(s.credit, 0) > 0 ? `Cr ${rupees(s.credit)}` : null].filter(Boolean).join(', ') || rupees(0);

/**
 * What the openings say, in words: balanced, or what is left in Temporary Opening and what to
 * check (capital when debits are more, assets when credits are).
 */
export const openingExplanation = (sources: readonly OpeningSource[], booksBegin: string | null): Pick<OpeningSummary, 'totalDebit' | 'totalCredit' | 'difference' | 'balanced' | 'explanation'> => {
  const totalDebit = sumMoney(sources.map((s) => s.debit));
  const totalCredit = sumMoney(sources.map((s) => s.credit));
  const difference = subtractMoney(totalDebit, totalCredit);
  const balanced = compareMoney(difference, 0) === 0;
  const parts = sources.filter((s) => s.count > 0).map((s) => `${s.label} ${sidesOf(s)} (${s.count} ${s.count === 1 ? 'entry' : 'entries'})`);
  const entered = parts.length > 0 ? `${parts.join('; ')}. ` : '';
  const totals = `Total Dr ${rupees(totalDebit)}, Cr ${rupees(totalCredit)}`;
  if (!booksBegin && sources.every((s) => s.count === 0)) return { totalDebit, totalCredit, difference, balanced, explanation: 'Set the day your books begin (Settings), then enter what you had on that day.' };
  if (balanced) return { totalDebit, totalCredit, difference, balanced, explanation: `${entered}${totals}: the openings balance, Opening balance is 0.` };
  const left = compareMoney(difference, 0) > 0 ? difference : subtractMoney(0, difference);
  const hint = compareMoney(difference, 0) > 0
    ? 'what you own is more than what you owe: enter your capital or the loans and dues, or check the figures'
    : 'what you owe is more than what you own: enter cash, bank, stock or dues from customers, or check the figures';
  return { totalDebit, totalCredit, difference, balanced, explanation: `${entered}${totals}: ${rupees(left)} is left in Opening balance; ${hint}.` };
};
