import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Sales invoices (SEED-SPEC §2, §3, §5; DESIGN §3.5, §3.8, §4): what customers owe. Numbers
 * are unique in the business; overdue is decided when read, from the due date in India.
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
  settledBy: 'receiptId',
  numberUnique: 'business',
  texts: ['notes', 'description'],
  searchOn: ['invoiceNumber', 'description', 'notes'],
  defaultQuantity: '1',
  overdue: true,
});

export const SalesInvoiceBodySchema = salesInvoices.body;
export const SalesInvoiceSummarySchema = salesInvoices.summary;
export const SalesInvoiceSchema = salesInvoices.record;
export type SalesInvoiceBody = z.output<typeof salesInvoices.body>;
export type SalesInvoiceInput = z.input<typeof salesInvoices.body>;
export type SalesInvoiceSummary = z.output<typeof salesInvoices.summary>;
export type SalesInvoice = z.output<typeof salesInvoices.record>;
