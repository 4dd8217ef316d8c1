import { allocationsAnswer, type InvoiceDocument, invoiceMoney, quoteAnswer, sharesAnswer } from '@erp/contracts';

import type { InvoiceState } from './invoice.decider';

/**
 * The invoice as the API answers it, from its folded stream. Overdue is decided at `now`, as a
 * GET decides it, so a write's answer and the next read agree.
 */
export const invoiceOf = (doc: InvoiceDocument, state: InvoiceState, now: Date) => {
  if (state.status !== 'recorded') return undefined;
  const { invoice, allocations } = state;
  // A document not made from another stores no source: it answers null, as its list does.
  const stored = { ...(doc.against ? {} : { source: null }), ...doc.storedData(invoice) };
  if (doc.owed === false) return { ...stored, ...quoteAnswer(doc, invoice, state.conversions, now) };
  const shares = Object.entries(allocations).map(([by, share]) => ({ by, ...share }));
  return {
    ...stored,
    ...invoiceMoney(doc, invoice, shares, now),
    ...sharesAnswer(doc, invoice, shares),
    allocations: allocationsAnswer(doc, shares),
  };
};
