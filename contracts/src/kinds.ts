import type { DocumentGst, InvoiceDocument } from './documents/invoice-kind';
import type { DocumentSeries } from './documents/series';
import { debitNotes } from './purchase/debit-notes';
import { purchaseOrders } from './purchase/purchase-orders';
import { expensePayments, expenses } from './purchase/expenses';
import { purchaseInvoices } from './purchase/invoices';
import { vendorPayments } from './purchase/payments';
import { vendorRefunds } from './purchase/vendor-refunds';
import { creditNotes } from './sales/credit-notes';
import { deliveryChallans } from './sales/delivery-challans';
import { salesInvoices } from './sales/invoices';
import { receipts } from './sales/receipts';
import { estimates } from './sales/estimates';
import { customerRefunds } from './sales/refunds';
import { saleOrders } from './sales/sale-orders';

export * from './purchase/invoices';
export * from './purchase/payments';
export * from './sales/invoices';
export * from './sales/receipts';
export * from './sales/credit-notes';
export * from './purchase/debit-notes';
export * from './sales/refunds';
export * from './purchase/vendor-refunds';
export * from './sales/estimates';
export * from './sales/sale-orders';
export * from './purchase/purchase-orders';
export * from './sales/delivery-challans';
export * from './purchase/expenses';

/**
 * The document kinds (DESIGN §4): each is one definition, and generic code selects among them by
 * their traits. A new kind is its file and a line here.
 */
/** Every invoice-like document and every document that settles them. */
export const INVOICE_DOCUMENTS = [purchaseInvoices, salesInvoices, creditNotes, debitNotes, estimates, saleOrders, purchaseOrders, deliveryChallans, expenses] as const;
export const SETTLEMENT_DOCUMENTS = [vendorPayments, receipts, expensePayments] as const;
/** Refunds out of a party's credit (issue 42). */
export const REFUND_DOCUMENTS = [customerRefunds, vendorRefunds] as const;

const ALL = [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS];
type SettingOf<K> = K extends { readonly series?: DocumentSeries<infer S> } ? S : never;
/** The business profile's series settings: `invoicePrefix`, `receiptPrefix`, … */
export type SeriesSetting = SettingOf<(typeof ALL)[number]>;
/** Every kind's number series, in the kinds' order: the business profile's prefix settings. */
export const DOCUMENT_SERIES: readonly DocumentSeries<SeriesSetting>[] = ALL.flatMap((kind): DocumentSeries<SeriesSetting>[] => (kind.series ? [kind.series] : []));

const invoiceKinds: readonly InvoiceDocument[] = INVOICE_DOCUMENTS;
/** The kinds a document of this kind may be converted from (their `converts` names it). */
export const sourceKinds = (target: Pick<InvoiceDocument, 'stream'>): readonly InvoiceDocument[] => invoiceKinds.filter((doc) => doc.converts?.includes(target.stream));

/** The kind that is this document of its return: `bill`, a purchase invoice. */
export const returnKind = (document: DocumentGst['document']): InvoiceDocument => {
  const kind = invoiceKinds.find((doc) => doc.gst?.document === document);
  if (!kind) throw new Error(`No kind is a ${document} of a GST return`);
  return kind;
};

/** The kinds of a GST return, each with the document it is there: outward (GSTR-1), inward (input tax credit). */
export const returnKinds = <R extends DocumentGst['return']>(of: R) =>
  invoiceKinds.flatMap((doc) => (doc.gst?.return === of ? [{ doc, kind: doc.gst.document as Extract<DocumentGst, { return: R }>['document'] }] : []));

/** The kind whose totals are a side's turnover: the month's sales or purchases (home, dashboard). */
export const turnoverKind = (side: InvoiceDocument['side']): InvoiceDocument => {
  const kind = invoiceKinds.find((doc) => doc.side === side && doc.turnover);
  if (!kind) throw new Error(`No kind is the ${side} side's turnover`);
  return kind;
};

/** The party of a side's documents (every kind of a side names the same one: customer, vendor). */
export const partyOfSide = (side: InvoiceDocument['side']) => turnoverKind(side).party;

/** The labels of the open items the books began with: what is owed to the business first, then what it owes. */
export const OPENING_LABELS: readonly string[] = (['sales', 'purchase'] as const).flatMap((side) =>
  invoiceKinds.flatMap((doc) => (doc.side === side && doc.opening ? [doc.opening.label] : [])),
);
