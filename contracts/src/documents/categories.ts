import { z } from 'zod';

import { type AccountCode, accountOf } from '../books/accounts';

/**
 * A kind whose documents each carry a category (issue 45: an expense's head): one of the chart's
 * expense ledgers, by code. With `books.account: 'category'` its lines post there, not to its
 * side's account, so the profit and loss shows each head.
 */
export interface CategoryTrait {
  readonly label: string;
  /** The message for a missing or unknown one: 'Please select a category'. */
  readonly missing: string;
  /** The ledgers it may be, in the order the form offers them. */
  readonly accounts: readonly AccountCode[];
}

/** A category as sent: one of the trait's ledgers (400 on `category` otherwise). */
export const categoryInput = (trait: CategoryTrait) =>
  z
    .union([z.string().max(40), z.null()], { error: trait.missing })
    .optional()
    .transform((v, ctx) => {
      const code = typeof v === 'string' ? v.trim() : '';
      if (trait.accounts.some((a) => a === code)) return code;
      ctx.addIssue({ code: 'custom', message: trait.missing });
      return z.NEVER;
    });

/** The form's choices: each ledger's code and name. */
export const categoryChoices = (trait: CategoryTrait) => trait.accounts.map((code) => ({ value: code, label: accountOf(code)?.accountName ?? code }));
