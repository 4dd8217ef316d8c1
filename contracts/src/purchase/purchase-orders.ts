import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Purchase orders (issue 45): what the business ordered from a vendor. It posts nothing, is in no
 * GST return and reserves nothing; each line shows how much is billed and how much is pending
 * billing. It converts, with what is left of its lines, into the vendor's bill; numbered PO/2026-27/0001.
 */
export const purchaseOrders = invoiceDocument({
  module: 'purchase',
  plural: 'purchase-orders',
  label: 'Purchase order',
  path: '/api/purchase/purchase-orders',
  stream: 'purchase-order',
  events: 'PurchaseOrder',
  listTable: 'purchase_order_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor' },
  side: 'purchase',
  numberField: 'orderNumber',
  dateField: 'orderDate',
  numberLabel: 'Order number',
  settledBy: 'paymentId',
  settledByStream: 'vendor-payment',
  numberUnique: 'business',
  series: { setting: 'purchaseOrderPrefix', label: 'Purchase Order Prefix', defaultPrefix: 'PO' },
  texts: ['notes'],
  searchOn: ['orderNumber', 'notes'],
  books: { posts: false },
  overdue: false,
  owed: false,
  due: { field: 'deliveryDate', label: 'Delivery date' },
  converts: ['purchase-invoice'],
  // Sent to the vendor, who is its recipient (no place of supply of theirs: the goods come to us).
  print: {
    title: 'Purchase Order',
    numberLabel: 'PO No.',
    dueLabel: 'Deliver by',
    copy: null,
    recipient: { label: 'To (vendor)', placeOfSupply: false },
    payable: false,
    reverseChargeLine: false,
  },
});

export type PurchaseOrder = z.output<typeof purchaseOrders.record>;
