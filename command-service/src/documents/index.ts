import { INVOICE_DOCUMENTS, type InvoiceDocument, REFUND_DOCUMENTS, sourceKinds, type RefundDocument, SETTLEMENT_DOCUMENTS, type SettlementDocument } from '@erp/contracts';

import type { InvoiceStreams, SettlementStreams } from './command-parts';
import { type InvoiceDecider, invoiceDecider } from './invoice.decider';
import type { RefundSources } from './refund.commands';
import { type RefundDecider, refundDecider } from './refund.decider';
import { type SettlementDecider, settlementDecider } from './settlement.decider';

export interface InvoiceSlice {
  readonly doc: InvoiceDocument;
  readonly decider: InvoiceDecider;
  /** A note: the invoices it is against, and their decider (its caps and credit are decided there). */
  readonly against?: InvoiceStreams;
  /** An invoice that may be paid as it is recorded (`paidNow`): its receipts or payments. */
  readonly settledBy?: SettlementStreams;
  /** The kinds it may be converted from (an estimate, an order), and their deciders. */
  readonly sources: readonly InvoiceStreams[];
}

export interface SettlementSlice {
  readonly doc: SettlementDocument;
  readonly decider: SettlementDecider;
  /** The invoices it settles, and their decider. */
  readonly invoices: InvoiceStreams;
}

export interface RefundSlice {
  readonly doc: RefundDocument;
  readonly decider: RefundDecider;
  /** The credits it draws on, and their deciders. */
  readonly sources: RefundSources;
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
    sources: sourceKinds(doc).map((source) => streamsOf(source.stream)),
  };
});

export const REFUND_SLICES: readonly RefundSlice[] = REFUND_DOCUMENTS.map((doc: RefundDocument) => {
  const settlements = SETTLEMENT_SLICES.find((s) => s.doc.stream === doc.sources.settlements.stream);
  if (!settlements) throw new Error(`No settlement document with stream ${doc.sources.settlements.stream}`);
  return { doc, decider: refundDecider(doc), sources: { notes: streamsOf(doc.sources.notes.stream), settlements } };
});
