import Big from 'big.js';

import { compareMoney, sumMoney, subtractMoney } from '../money';
import type { AllocationKind, InvoiceDocument, Lodged } from './invoice-kind';
import type { InvoiceLine } from './lines';

/** A share of an invoice as its stream and its list keep it, keyed by the stream that holds it. */
export interface ShareOf {
  readonly by: string;
  readonly as: AllocationKind;
  readonly amount: string;
  /** A note's total and returned quantities (on its invoice); null or absent for money alone. */
  readonly lodged?: Lodged | null;
}

/** Each invoice line's quantity returned by the notes lodged on it. */
const returnedOf = (shares: readonly ShareOf[]) => {
  const returned = new Map<number, Big>();
  for (const share of shares) for (const l of share.lodged?.lines ?? []) returned.set(l.lineNo, (returned.get(l.lineNo) ?? new Big(0)).plus(l.quantity));
  return returned;
};

/**
 * What an invoice or note answers from its shares besides paid, credited and due (issue 42), the
 * same on the write side and the read side: an invoice, the notes' totals against it and each
 * line's returned quantity; a note, where its credit went — applied to invoices, refunded — and
 * what is left (none while it is inactive).
 */
export const sharesAnswer = (
  doc: Pick<InvoiceDocument, 'against'>,
  invoice: { readonly totalAmount: string; readonly active: boolean; readonly lines: readonly InvoiceLine[] },
  shares: readonly ShareOf[],
) => {
  const of = (as: AllocationKind) => sumMoney(shares.filter((s) => s.as === as).map((s) => s.amount));
  if (doc.against) {
    const left = subtractMoney(invoice.totalAmount, sumMoney(shares.map((s) => s.amount)));
    return { lines: invoice.lines, appliedAmount: of('credited'), refundedAmount: of('paid'), unappliedAmount: invoice.active && compareMoney(left, 0) > 0 ? left : '0.00' };
  }
  const returned = returnedOf(shares);
  return {
    lines: invoice.lines.map((line) => ({ ...line, returnedQuantity: (returned.get(line.lineNo) ?? new Big(0)).toString() })),
    notesAmount: sumMoney(shares.flatMap((s) => (s.lodged ? [s.lodged.total] : []))),
  };
};

/**
 * What a payment or receipt answers besides its lines (issue 42), the same on the write side and
 * the read side: what its lines settle, what refunds drew from it, and the rest — an advance, or
 * money on account — that is the party's credit (none while it is inactive).
 */
export const settlementAnswer = (
  settlement: { readonly totalAmount: string; readonly active: boolean; readonly lines: readonly { readonly amount: string }[] },
  refunds: readonly { readonly by: string; readonly amount: string }[],
) => {
  const applied = sumMoney(settlement.lines.map((l) => l.amount));
  const refunded = sumMoney(refunds.map((r) => r.amount));
  const left = subtractMoney(subtractMoney(settlement.totalAmount, applied), refunded);
  return { appliedAmount: applied, refundedAmount: refunded, unappliedAmount: settlement.active && compareMoney(left, 0) > 0 ? left : '0.00', refunds };
};

/** Shares as the API lists them, the same on the write side and the read side: by stream, with the default settling document's id under its own name (`receiptId`). */
export const allocationsAnswer = (doc: Pick<InvoiceDocument, 'settledBy' | 'settledByStream'>, shares: readonly Pick<ShareOf, 'by' | 'as' | 'amount'>[]) =>
  shares.map(({ by, as, amount }) => {
    const own = by.startsWith(`${doc.settledByStream}-`) ? Number(by.slice(doc.settledByStream.length + 1)) : null;
    return { by, as, amount, ...(own !== null && Number.isInteger(own) ? { [doc.settledBy]: own } : {}) };
  });
