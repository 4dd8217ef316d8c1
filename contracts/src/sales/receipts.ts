import type { z } from 'zod';

import { settlementDocument } from '../documents';
import { salesInvoices } from './invoices';

/** Receipts (SEED-SPEC §2, §3; DESIGN §3.4, §4): money from customers, settling their invoices. */
export const receipts = settlementDocument({
  module: 'sales',
  plural: 'receipts',
  label: 'Receipt',
  path: '/api/sales/receipts',
  stream: 'receipt',
  events: 'Receipt',
  listTable: 'receipt_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  dateField: 'receiptDate',
  numberField: 'receiptNumber',
  numberLabel: 'Receipt number',
  series: { setting: 'receiptPrefix', label: 'Receipt Prefix', defaultPrefix: 'RCT' },
  lineAmount: { field: 'receivedAmount', label: 'Received amount', missing: 'Received amount is required' },
  texts: ['referenceNumber', 'notes', 'description'],
  searchOn: ['referenceNumber', 'paymentMethod', 'description', 'notes'],
  invoices: salesInvoices,
});

export const ReceiptBodySchema = receipts.body;
export const ReceiptSummarySchema = receipts.summary;
export const ReceiptSchema = receipts.record;
export type ReceiptBody = z.output<typeof receipts.body>;
export type ReceiptInput = z.input<typeof receipts.body>;
export type Receipt = z.output<typeof receipts.record>;
