import { z } from 'zod';

import { DateString, MoneyString, reference, requiredMoney } from './amounts';

/**
 * A party's credit (issue 42): what a note left unapplied, or a receipt or payment beyond its
 * lines (an advance), applied to another invoice of the party or refunded.
 */

/** `POST …/credit-notes/{id}/apply`, `…/receipts/{id}/apply`: this much of its credit onto that invoice. */
export const ApplyCreditBodySchema = z.object({
  invoiceId: reference('Please select an invoice'),
  amount: requiredMoney('Amount', 'Amount is required', { positive: true }),
});
export type ApplyCreditBody = z.output<typeof ApplyCreditBodySchema>;

/** `POST …/{id}/unapply`: take back what it applied to that invoice. */
export const UnapplyCreditBodySchema = z.object({ invoiceId: reference('Please select an invoice') });
export type UnapplyCreditBody = z.output<typeof UnapplyCreditBodySchema>;

export const applyPath = (record: string) => `${record}/apply`;
export const unapplyPath = (record: string) => `${record}/unapply`;
/** `GET /api/sales/customers/{id}/credits`. */
export const creditsPath = (partyPath: string, id: number | string) => `${partyPath}/${id}/credits`;

export const PartyCreditSchema = z.object({
  /** The stream a refund line names: `credit-note-3`, `receipt-12`. */
  source: z.string(),
  /** 'Credit note', 'Receipt'. */
  label: z.string(),
  id: z.number().int().positive(),
  number: z.string().nullable(),
  date: DateString,
  totalAmount: MoneyString,
  unappliedAmount: MoneyString,
});
export type PartyCredit = z.output<typeof PartyCreditSchema>;

/** A party's credits, oldest first, and their sum. */
export const PartyCreditsSchema = z.object({ available: MoneyString, credits: z.array(PartyCreditSchema) });
export type PartyCredits = z.output<typeof PartyCreditsSchema>;
