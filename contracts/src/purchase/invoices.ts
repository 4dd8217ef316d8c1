import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Purchase invoices (SEED-SPEC §2, §3, §5, §9; DESIGN §3.5, §4): a vendor's bills. With GST the
 * lines carry the input tax the vendor charged (by the vendor's state), and a bill may be on
 * reverse charge; a line with an item puts its stock in.
 */
export const purchaseInvoices = invoiceDocument({
  module: 'purchase',
  plural: 'invoices',
  label: 'Invoice',
  fullLabel: 'Purchase invoice',
  path: '/api/purchase/invoices',
  stream: 'purchase-invoice',
  events: 'PurchaseInvoice',
  listTable: 'purchase_invoice_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor' },
  side: 'purchase',
  turnover: true,
  numberField: 'invoiceNumber',
  dateField: 'invoiceDate',
  numberLabel: 'Invoice number',
  settledBy: 'paymentId',
  settledByStream: 'vendor-payment',
  numberUnique: 'party',
  texts: ['description'],
  searchOn: ['invoiceNumber', 'description'],
  books: { posts: true },
  gst: { return: 'inward', document: 'bill' },
  overdue: true,
  stock: 'in',
  reverseCharge: true,
  settleNow: { label: 'Paid now' },
  opening: { label: 'Opening bill', path: '/api/purchase/opening-bills' },
});

export const PurchaseInvoiceBodySchema = purchaseInvoices.body;
export const PurchaseInvoiceSummarySchema = purchaseInvoices.summary;
export const PurchaseInvoiceSchema = purchaseInvoices.record;
export type PurchaseInvoiceInput = z.input<typeof purchaseInvoices.body>;
export type PurchaseInvoiceSummary = z.output<typeof purchaseInvoices.summary>;
export type PurchaseInvoice = z.output<typeof purchaseInvoices.record>;
