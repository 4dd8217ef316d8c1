import type { z } from 'zod';

import { refundDocument } from '../documents';
import { creditNotes } from './credit-notes';
import { receipts } from './receipts';

/**
 * Refunds to customers (issue 42): money paid back out of a customer's credit — what a credit
 * note left after its invoice was paid, or a receipt's advance. Numbered in their own series
 * (RFD/2026-27/0001); voided with a reason, their credits are the customer's again.
 */
export const customerRefunds = refundDocument({
  module: 'sales',
  plural: 'refunds',
  label: 'Refund',
  path: '/api/sales/refunds',
  stream: 'refund',
  events: 'CustomerRefund',
  listTable: 'refund_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  side: 'sales',
  dateField: 'refundDate',
  numberField: 'refundNumber',
  numberLabel: 'Refund number',
  series: { setting: 'refundPrefix', label: 'Refund Prefix', defaultPrefix: 'RFD' },
  texts: ['referenceNumber', 'notes'],
  searchOn: ['referenceNumber', 'paymentMethod', 'notes'],
  money: 'out',
  sources: { notes: creditNotes, settlements: receipts },
  sourceMissing: 'Choose a credit note or receipt of this customer',
});

export type CustomerRefund = z.output<typeof customerRefunds.record>;
