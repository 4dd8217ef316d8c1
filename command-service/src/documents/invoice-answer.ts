import { allocationsAnswer, type InvoiceDocument, invoiceMoney, quoteAnswer, sharesAnswer } from '@erp/contracts';

import type { InvoiceState } from './invoice.decider';

/**
 * The invoice as the API answers it, from its folded stream. Overdue is decided at `now`, as a
 * GET decides it, so a write's answer and the next read agree.
 */
export const invoiceOf = (doc: InvoiceDocument, state: InvoiceState, now: Date) => {
  if (state.status !== 'recorded') return undefined;
  const { invoice, allocations } = state;
  if (doc.owed === false) return { ...doc.storedData(invoice), ...quoteAnswer(doc, invoice, state.conversions, now) };
  const shares = Object.entries(allocations).map(([by, share]) => ({ by, ...share }));
  return {
    ...doc.storedData(invoice),
    ...invoiceMoney(doc, invoice, shares, now),
    ...sharesAnswer(doc, invoice, shares),
    allocations: allocationsAnswer(doc, shares),
  };
};
