import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Delivery challans (issue 45; CGST Rule 55): goods sent to a customer without a sale, for job
 * work or on approval. Its lines with an item move their stock out; it posts nothing to the books,
 * is in no GST return and is never paid. Made from a sale order or typed afresh, it is invoiced
 * later in part or whole: an invoice's lines taken from it do not move that stock a second time.
 * Numbered DC/2026-27/0001.
 */
export const deliveryChallans = invoiceDocument({
  module: 'sales',
  plural: 'delivery-challans',
  label: 'Delivery challan',
  path: '/api/sales/delivery-challans',
  stream: 'delivery-challan',
  events: 'DeliveryChallan',
  listTable: 'delivery_challan_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  side: 'sales',
  numberField: 'challanNumber',
  dateField: 'challanDate',
  numberLabel: 'Challan number',
  settledBy: 'receiptId',
  settledByStream: 'receipt',
  numberUnique: 'business',
  series: { setting: 'deliveryChallanPrefix', label: 'Delivery Challan Prefix', defaultPrefix: 'DC' },
  texts: ['notes'],
  searchOn: ['challanNumber', 'notes'],
  defaultQuantity: '1',
  stock: 'out',
  books: { posts: false },
  overdue: false,
  owed: false,
  // Goods sent on approval are invoiced when accepted or six months after they left, whichever is
  // first (CGST Act s.31(7)): the day by which it is to be invoiced or the goods come back.
  due: { field: 'invoiceBy', label: 'Invoice by' },
  converts: ['sales-invoice'],
});

export type DeliveryChallan = z.output<typeof deliveryChallans.record>;
