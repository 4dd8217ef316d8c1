import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Sales invoices (SEED-SPEC §2, §3, §5; DESIGN §3.5, §3.8, §4): what customers owe. Numbers
 * are unique in the business; left blank, the next of the business's series (INV/2026-27/0001).
 * With GST: tax invoices (bills of supply without a GSTIN), tax by the place of supply. Overdue
 * is decided when read, from the due date in India; a line with an item takes its stock out.
 */
export const salesInvoices = invoiceDocument({
  module: 'sales',
  plural: 'invoices',
  label: 'Sales invoice',
  path: '/api/sales/invoices',
  stream: 'sales-invoice',
  events: 'SalesInvoice',
  listTable: 'sales_invoice_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  side: 'sales',
  turnover: true,
  deviceSeries: true,
  numberField: 'invoiceNumber',
  dateField: 'invoiceDate',
  numberLabel: 'Invoice number',
  settledBy: 'receiptId',
  settledByStream: 'receipt',
  numberUnique: 'business',
  series: { setting: 'invoicePrefix', label: 'Invoice Prefix', defaultPrefix: 'INV' },
  texts: ['notes', 'description'],
  searchOn: ['invoiceNumber', 'description', 'notes'],
  defaultQuantity: '1',
  books: { posts: true },
  gst: { return: 'outward', document: 'invoice' },
  overdue: true,
  stock: 'out',
  settleNow: { label: 'Received now' },
  opening: { label: 'Opening invoice', path: '/api/sales/opening-invoices' },
  print: {
    title: { taxed: 'Tax Invoice', none: 'Bill of Supply', manual: 'Invoice' },
    numberLabel: 'Invoice No.',
    recipient: { label: 'Bill to', placeOfSupply: true },
    payable: true,
    eInvoiceType: 'INV',
    eWayBill: { supplyType: 'O', subSupplyType: 1, docType: 'INV', subSupplyDesc: '' },
  },
});

export const SalesInvoiceBodySchema = salesInvoices.body;
export const SalesInvoiceSummarySchema = salesInvoices.summary;
export const SalesInvoiceSchema = salesInvoices.record;
export type SalesInvoiceInput = z.input<typeof salesInvoices.body>;
export type SalesInvoiceSummary = z.output<typeof salesInvoices.summary>;
export type SalesInvoice = z.output<typeof salesInvoices.record>;
