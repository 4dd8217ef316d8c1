import { z } from 'zod';

import { validationError } from '../domain-errors';
import { decimal, type Decimal, toMoney } from '../money';
import { type Account, type AccountType, isProfitAndLoss } from './accounts';

/**
 * Financial years (issue 43 item 2): 1 April to 31 March, named `2025-26`. Each year that has
 * ended is closed by a posting derived from the journal, never typed: every income and expense
 * ledger back to zero, the stock restated at its value at cost, and the difference (the year's
 * profit or loss) into the Profit and Loss Account under capital. Read-side, so a late entry
 * into an ended year moves its close by exactly its amount, and a rebuild reproduces it.
 */

/** The ledger the closes post to: the profits and losses of the years that have ended. */
export const RETAINED_EARNINGS: Account = { code: 'profit-and-loss', accountName: 'Profit and Loss Account', accountType: 'equity', accountGroup: 'Capital Account' };

/** `2025-26` → 1 April 2025 to 31 March 2026. */
export const financialYearDates = (fy: string) => {
  const start = Number(fy.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
};

/** The name of a date's financial year: `2026-05-31` → `2026-27`. */
export const financialYearOf = (date: string) => {
  const start = Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) >= 4 ? 0 : 1);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/** A `fy` parameter: `2025-26` (the second year the first's next), of the years 1900 to 2998. */
export const FinancialYearParam = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    const match = /^(\d{4})-(\d{2})$/.exec(v);
    const start = match ? Number(match[1]) : NaN;
    if (!match || start < 1900 || start > 2998 || Number(match[2]) !== (start + 1) % 100) {
      ctx.addIssue({ code: 'custom', message: 'Financial year must be like 2025-26 (April 2025 to March 2026), of the years 1900 to 2999' });
      return z.NEVER;
    }
    return v;
  });

/** The same day a year earlier (29 February → 28 February). */
export const yearBefore = (date: string) => {
  const year = Number(date.slice(0, 4)) - 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return date.slice(5) === '02-29' && !leap ? `${year}-02-28` : `${year}${date.slice(4)}`;
};

/** The `compare` parameter of the year's reports: `previous-year` adds the same report a year earlier (`previous`). */
export const CompareQuerySchema = z.object({ compare: z.enum(['previous-year'], { message: 'Compare must be previous-year' }).optional() });
export const compareOf = (query: unknown) => {
  const parsed = CompareQuerySchema.safeParse(query);
  if (!parsed.success) throw validationError('Invalid query', [{ path: 'compare', message: 'Compare must be previous-year' }]);
  return parsed.data.compare === 'previous-year';
};

/** A ledger's balance as the close reads it: debit − credit. */
export interface ClosingBalance {
  readonly code: string;
  readonly accountType: AccountType;
  readonly balance: string;
}

/** One line of a closing posting: debit − credit on a ledger. */
export interface ClosingLine {
  readonly code: string;
  readonly amount: string;
}

/**
 * The closing posting of the years that ended before a day, from their journal balances and the
 * stock: each income and expense ledger reversed, Stock-in-Hand brought from the journal's figure
 * (opening stock and adjustments) to its value at cost, and the Profit and Loss Account credited
 * with the profit (debited with a loss). The lines sum to zero. Closing several years at once
 * gives the sum of closing them one by one: each year's stock restatement is undone by the next.
 */
export const closingPosting = (balances: readonly ClosingBalance[], stock: { readonly journal: string; readonly value: string }) => {
  const lines: ClosingLine[] = [];
  let profit: Decimal = decimal(0);
  for (const b of balances) {
    const balance = decimal(b.balance);
    if (!isProfitAndLoss(b.accountType) || balance.eq(0)) continue;
    lines.push({ code: b.code, amount: toMoney(balance.neg()) });
    profit = profit.minus(balance);
  }
  const restated = decimal(stock.value).minus(decimal(stock.journal));
  if (!restated.eq(0)) lines.push({ code: 'stock-in-hand', amount: toMoney(restated) });
  profit = profit.plus(restated);
  if (!profit.eq(0)) lines.push({ code: RETAINED_EARNINGS.code, amount: toMoney(profit.neg()) });
  return { lines, profit: toMoney(profit) };
};
