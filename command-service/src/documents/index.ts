import { INVOICE_DOCUMENTS, type InvoiceDocument, SETTLEMENT_DOCUMENTS, type SettlementDocument } from '@erp/contracts';

import { type InvoiceDecider, invoiceDecider } from './invoice.decider';
import { type SettlementDecider, settlementDecider } from './settlement.decider';

export interface InvoiceSlice {
  readonly doc: InvoiceDocument;
  readonly decider: InvoiceDecider;
}

export interface SettlementSlice {
  readonly doc: SettlementDocument;
  readonly decider: SettlementDecider;
  /** The decider of the invoices it settles. */
  readonly invoices: InvoiceDecider;
}

/** Every document of the write side, its decider built once (routes and specs share them). */
export const INVOICE_SLICES: readonly InvoiceSlice[] = INVOICE_DOCUMENTS.map((doc) => ({ doc, decider: invoiceDecider(doc) }));

export const SETTLEMENT_SLICES: readonly SettlementSlice[] = SETTLEMENT_DOCUMENTS.map((doc) => ({
  doc,
  decider: settlementDecider(doc),
  invoices: INVOICE_SLICES.find((s) => s.doc === doc.invoices)!.decider,
}));
