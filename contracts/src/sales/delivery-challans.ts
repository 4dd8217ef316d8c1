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
  // CGST Rule 55: its number and date, consignor and consignee with their GSTINs, HSN, quantity,
  // taxable value, tax where the consignee is registered, place of supply and a signature; issued
  // in triplicate, the original for the consignee.
  print: {
    title: 'Delivery Challan',
    numberLabel: 'Challan No.',
    dueLabel: 'To be invoiced or returned by',
    copy: 'Original for consignee',
    recipient: { label: 'Consignee', placeOfSupply: true },
    payable: false,
    reverseChargeLine: false,
    // Goods go out without a sale, on approval or for job work, on a challan (CHL). The challan does
    // not record which, so 'Others' (8, with the description the portal asks for it), not 'Job
    // Work' (4, which needs the job worker's details) nor 'For Own Use' (5, goods kept by us).
    eWayBill: { supplyType: 'O', subSupplyType: 8, docType: 'CHL', subSupplyDesc: 'Delivery challan' },
  },
});

export type DeliveryChallan = z.output<typeof deliveryChallans.record>;
