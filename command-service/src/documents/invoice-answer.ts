import { type InvoiceDocument, invoiceStatus, sharesAnswer, statusOn, subtractMoney } from '@erp/contracts';

import { type InvoiceState, type Share, settledOn } from './invoice.decider';

/** Shares as the API lists them: by stream, with the default settling document's id under its own name. */
export const allocationsOf = (doc: InvoiceDocument, allocations: Readonly<Record<string, Share>>) =>
  Object.entries(allocations).map(([by, share]) => {
    const own = by.startsWith(`${doc.settledByStream}-`) ? Number(by.slice(doc.settledByStream.length + 1)) : null;
    return { by, as: share.as, amount: share.amount, ...(own !== null && Number.isInteger(own) ? { [doc.settledBy]: own } : {}) };
  });

/**
 * The invoice as the API answers it, from its folded stream. Overdue is decided at `now`, as a
 * GET decides it, so a write's answer and the next read agree.
 */
export const invoiceOf = (doc: InvoiceDocument, state: InvoiceState, now: Date) => {
  if (state.status !== 'recorded') return undefined;
  const { invoice, allocations } = state;
  const settled = settledOn(allocations);
  const status = invoiceStatus(invoice.totalAmount, settled);
  const shares = Object.entries(allocations).map(([by, share]) => ({ by, ...share }));
  return {
    ...doc.storedData(invoice),
    paidAmount: settledOn(allocations, 'paid'),
    creditedAmount: settledOn(allocations, 'credited'),
    balanceDue: subtractMoney(invoice.totalAmount, settled),
    status: doc.overdue ? statusOn(status, invoice.dueDate, now) : status,
    ...sharesAnswer(doc, invoice, shares),
    allocations: allocationsOf(doc, allocations),
  };
};
