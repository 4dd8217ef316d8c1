import type { z } from 'zod';

import { settlementDocument } from '../documents';
import { purchaseInvoices } from './invoices';

/** Vendor payments (SEED-SPEC §2, §3, §5; DESIGN §4): lines settle the vendor's invoices. */
export const vendorPayments = settlementDocument({
  module: 'purchase',
  plural: 'payments',
  label: 'Payment',
  path: '/api/purchase/payments',
  stream: 'vendor-payment',
  events: 'VendorPayment',
  listTable: 'vendor_payment_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor' },
  dateField: 'paymentDate',
  numberField: 'paymentNumber',
  numberLabel: 'Payment number',
  series: { setting: 'paymentPrefix', label: 'Payment Prefix', defaultPrefix: 'PAY' },
  lineAmount: { field: 'paidAmount', label: 'Paid amount', missing: 'Paid amount is required' },
  texts: ['referenceNumber', 'description'],
  searchOn: ['referenceNumber', 'paymentMethod'],
  invoices: purchaseInvoices,
});

export const VendorPaymentBodySchema = vendorPayments.body;
export const VendorPaymentSummarySchema = vendorPayments.summary;
export const VendorPaymentSchema = vendorPayments.record;
export type VendorPaymentBody = z.output<typeof vendorPayments.body>;
export type VendorPaymentInput = z.input<typeof vendorPayments.body>;
export type VendorPayment = z.output<typeof vendorPayments.record>;
