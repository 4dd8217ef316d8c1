import type { z } from 'zod';

import { refundDocument } from '../documents';
import { debitNotes } from './debit-notes';
import { vendorPayments } from './payments';

/**
 * Refunds from vendors (issue 42): money a vendor pays back out of our credit with them — what a
 * debit note left after its bill was paid, or a payment's advance. Numbered in their own series
 * (VRF/2026-27/0001); voided with a reason, their credits are ours again.
 */
export const vendorRefunds = refundDocument({
  module: 'purchase',
  plural: 'refunds',
  label: 'Vendor refund',
  path: '/api/purchase/refunds',
  stream: 'vendor-refund',
  events: 'VendorRefund',
  listTable: 'vendor_refund_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor' },
  side: 'purchase',
  dateField: 'refundDate',
  numberField: 'refundNumber',
  numberLabel: 'Refund number',
  series: { setting: 'vendorRefundPrefix', label: 'Vendor Refund Prefix', defaultPrefix: 'VRF' },
  texts: ['referenceNumber', 'notes'],
  searchOn: ['referenceNumber', 'paymentMethod', 'notes'],
  money: 'in',
  sources: { notes: debitNotes, settlements: vendorPayments },
  sourceMissing: 'Choose a debit note or payment of this vendor',
});

export type VendorRefund = z.output<typeof vendorRefunds.record>;
