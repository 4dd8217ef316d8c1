import { subtractMoney, sumMoney } from '../money';
import { invoiceStatus, type InvoiceStatus, statusOn } from './amounts';
import type { AllocationKind, InvoiceDocument } from './invoice-kind';
import type { ShareOf } from './shares';

/** What an invoice's shares come to (DESIGN §3.5). */
export interface InvoiceMoney {
  readonly paidAmount: string;
  readonly creditedAmount: string;
  readonly balanceDue: string;
  readonly status: InvoiceStatus;
}

/**
 * One money view of an invoice, the same in its decider's answer, its list's projection and the
 * query: what the settling documents paid and the notes credited, the balance due, and the status
 * — nothing settled, part, or all. Read at `now`, an unpaid invoice of a kind that falls due is
 * overdue after its due date (India's day); the projection stores it as of no day (`now` null).
 */
export const invoiceMoney = (
  doc: Pick<InvoiceDocument, 'overdue'>,
  invoice: { readonly totalAmount: string; readonly dueDate: string | null },
  shares: readonly Pick<ShareOf, 'as' | 'amount'>[],
  now: Date | null,
): InvoiceMoney => {
  const of = (as: AllocationKind) => sumMoney(shares.filter((s) => s.as === as).map((s) => s.amount));
  const paidAmount = of('paid');
  const creditedAmount = of('credited');
  const settled = sumMoney([paidAmount, creditedAmount]);
  const status = invoiceStatus(invoice.totalAmount, settled);
  const overdue = now !== null && doc.overdue && statusOn(status, invoice.dueDate, now) === 'overdue';
  return { paidAmount, creditedAmount, balanceDue: subtractMoney(invoice.totalAmount, settled), status: overdue ? 'overdue' : status };
};
