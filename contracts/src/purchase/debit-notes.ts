import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Debit notes (the GST issue): against one purchase invoice of the same vendor, for goods sent
 * back (lines with an item take their stock out) or a price the vendor reduced. Its total is
 * taken off what we owe on that invoice; it cannot take the invoice below zero. Numbered in its
 * own series (DN/2026-27/0001).
 */
export const debitNotes = invoiceDocument({
  module: 'purchase',
  plural: 'debit-notes',
  label: 'Debit note',
  path: '/api/purchase/debit-notes',
  stream: 'debit-note',
  events: 'DebitNote',
  listTable: 'debit_note_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor' },
  side: 'purchase',
  numberField: 'noteNumber',
  dateField: 'noteDate',
  numberLabel: 'Debit note number',
  settledBy: 'refundId',
  settledByStream: 'vendor-refund',
  numberUnique: 'business',
  series: { setting: 'debitNotePrefix', label: 'Debit Note Prefix', defaultPrefix: 'DN' },
  texts: ['reason', 'notes'],
  searchOn: ['noteNumber', 'reason', 'notes'],
  defaultQuantity: '1',
  books: { posts: true },
  gst: { return: 'inward', document: 'debit-note' },
  overdue: false,
  stock: 'out',
  // Against a bill on reverse charge, the note is too.
  reverseCharge: true,
  against: { field: 'invoiceId', label: 'Invoice', missing: 'Please select the invoice this note is against', stream: 'purchase-invoice' },
  // It goes from us (the buyer) to the vendor.
  print: {
    title: 'Debit Note',
    numberLabel: 'Debit Note No.',
    recipient: { label: 'To (supplier)', placeOfSupply: false },
    payable: false,
    eInvoiceType: 'DBN',
    // Goods sent with a debit note: outward, "others".
    eWayBill: { supplyType: 'O', subSupplyType: 8, docType: 'OTH', subSupplyDesc: 'Debit note' },
  },
});

export type DebitNote = z.output<typeof debitNotes.record>;
