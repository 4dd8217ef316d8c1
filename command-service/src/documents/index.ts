import { INVOICE_DOCUMENTS, type InvoiceDocument, SETTLEMENT_DOCUMENTS, type SettlementDocument } from '@erp/contracts';

import type { InvoiceStreams, SettlementStreams } from './document.commands';
import { type InvoiceDecider, invoiceDecider } from './invoice.decider';
import { type SettlementDecider, settlementDecider } from './settlement.decider';

export interface InvoiceSlice {
  readonly doc: InvoiceDocument;
  readonly decider: InvoiceDecider;
  /** A note: the invoices it is against, and their decider (its credit is decided there). */
  readonly against?: InvoiceStreams;
  /** An invoice that may be paid as it is recorded (`paidNow`): its receipts or payments. */
  readonly settledBy?: SettlementStreams;
}

export interface SettlementSlice {
  readonly doc: SettlementDocument;
  readonly decider: SettlementDecider;
  /** The invoices it settles, and their decider. */
  readonly invoices: InvoiceStreams;
}

const deciders = new Map(INVOICE_DOCUMENTS.map((doc) => [doc.stream, { doc, decider: invoiceDecider(doc) }]));
const streamsOf = (stream: string): InvoiceStreams => {
  const found = deciders.get(stream);
  if (!found) throw new Error(`No invoice document with stream ${stream}`);
  return found;
};

export const SETTLEMENT_SLICES: readonly SettlementSlice[] = SETTLEMENT_DOCUMENTS.map((doc) => ({
  doc,
  decider: settlementDecider(doc),
  invoices: streamsOf(doc.invoices.stream),
}));

/** Every document of the write side, its decider built once (routes and specs share them). */
export const INVOICE_SLICES: readonly InvoiceSlice[] = [...deciders.values()].map(({ doc, decider }) => {
  const settling = doc.settleNow ? SETTLEMENT_SLICES.find((s) => s.doc.invoices.stream === doc.stream) : undefined;
  return {
    doc,
    decider,
    ...(doc.against ? { against: streamsOf(doc.against.stream) } : {}),
    ...(settling ? { settledBy: { doc: settling.doc, decider: settling.decider } } : {}),
  };
});
