import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Estimates (quotations, issue 45): the prices a customer is offered, valid until a day. It posts
 * nothing to the books, is in no GST return, moves no stock and is never paid. The customer
 * accepts or declines it; unanswered past its day, it has expired. It converts, with what is left
 * of its lines, into a sale order or a sales invoice. Numbered in its own series (EST/2026-27/0001).
 */
export const estimates = invoiceDocument({
  module: 'sales',
  plural: 'estimates',
  label: 'Estimate',
  path: '/api/sales/estimates',
  stream: 'estimate',
  events: 'Estimate',
  listTable: 'estimate_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  side: 'sales',
  numberField: 'estimateNumber',
  dateField: 'estimateDate',
  numberLabel: 'Estimate number',
  settledBy: 'receiptId',
  settledByStream: 'receipt',
  numberUnique: 'business',
  series: { setting: 'estimatePrefix', label: 'Estimate Prefix', defaultPrefix: 'EST' },
  texts: ['notes'],
  searchOn: ['estimateNumber', 'notes'],
  defaultQuantity: '1',
  books: { posts: false },
  overdue: false,
  owed: false,
  answers: true,
  due: { field: 'validUntil', label: 'Valid until' },
  converts: ['sale-order', 'sales-invoice'],
  // A quotation: no tax invoice, nothing to pay, and valid until its day.
  print: {
    title: 'Estimate',
    numberLabel: 'Estimate No.',
    dueLabel: 'Valid until',
    copy: null,
    recipient: { label: 'Estimate for', placeOfSupply: true },
    payable: false,
    reverseChargeLine: false,
  },
});

export type Estimate = z.output<typeof estimates.record>;
