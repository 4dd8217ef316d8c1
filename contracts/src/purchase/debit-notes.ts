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
  series: 'debitNotePrefix',
  texts: ['reason', 'notes'],
  searchOn: ['noteNumber', 'reason', 'notes'],
  defaultQuantity: '1',
  overdue: false,
  stock: 'out',
  // Against a bill on reverse charge, the note is too.
  reverseCharge: true,
  against: { field: 'invoiceId', label: 'Invoice', missing: 'Please select the invoice this note is against', stream: 'purchase-invoice' },
});

export type DebitNote = z.output<typeof debitNotes.record>;
