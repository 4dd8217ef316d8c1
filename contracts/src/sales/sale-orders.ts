import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Sale orders (issue 45): what a customer ordered, to be invoiced in one go or in parts. It posts
 * nothing, is in no GST return and reserves no stock; each line shows how much is invoiced and how
 * much is pending billing. Made from an estimate or typed afresh, it converts into invoices or
 * delivery challans (goods sent before they are billed); numbered SO/2026-27/0001.
 */
export const saleOrders = invoiceDocument({
  module: 'sales',
  plural: 'sale-orders',
  label: 'Sale order',
  path: '/api/sales/sale-orders',
  stream: 'sale-order',
  events: 'SaleOrder',
  listTable: 'sale_order_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  side: 'sales',
  numberField: 'orderNumber',
  dateField: 'orderDate',
  numberLabel: 'Order number',
  settledBy: 'receiptId',
  settledByStream: 'receipt',
  numberUnique: 'business',
  series: { setting: 'saleOrderPrefix', label: 'Sale Order Prefix', defaultPrefix: 'SO' },
  texts: ['notes'],
  searchOn: ['orderNumber', 'notes'],
  defaultQuantity: '1',
  books: { posts: false },
  overdue: false,
  owed: false,
  due: { field: 'deliveryDate', label: 'Delivery date' },
  converts: ['sales-invoice', 'delivery-challan'],
  // The order confirmation a customer is sent: no tax invoice and nothing to pay yet.
  print: {
    title: 'Sale Order',
    numberLabel: 'Order No.',
    dueLabel: 'Delivery date',
    copy: null,
    recipient: { label: 'Bill to', placeOfSupply: true },
    payable: false,
    reverseChargeLine: false,
  },
});

export type SaleOrder = z.output<typeof saleOrders.record>;
