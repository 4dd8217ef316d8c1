import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Credit notes (the GST issue; CGST Rule 53): against one sales invoice of the same customer,
 * for goods returned (lines with an item put their stock back) or a price reduced. Its total is
 * credited on that invoice, so what the customer owes — and the invoice's status — follow; it
 * cannot take the invoice below zero. Numbered in its own series (CN/2026-27/0001).
 */
export const creditNotes = invoiceDocument({
  module: 'sales',
  plural: 'credit-notes',
  label: 'Credit note',
  path: '/api/sales/credit-notes',
  stream: 'credit-note',
  events: 'CreditNote',
  listTable: 'credit_note_list',
  party: { field: 'customerId', singular: 'customer', label: 'Customer', missing: 'Please select a customer' },
  side: 'sales',
  numberField: 'noteNumber',
  dateField: 'noteDate',
  numberLabel: 'Credit note number',
  settledBy: 'refundId',
  settledByStream: 'refund',
  numberUnique: 'business',
  series: { setting: 'creditNotePrefix', label: 'Credit Note Prefix', defaultPrefix: 'CN' },
  texts: ['reason', 'notes'],
  searchOn: ['noteNumber', 'reason', 'notes'],
  defaultQuantity: '1',
  books: { posts: true },
  gst: { return: 'outward', document: 'credit-note' },
  overdue: false,
  stock: 'in',
  against: { field: 'invoiceId', label: 'Invoice', missing: 'Please select the invoice this note is against', stream: 'sales-invoice' },
  print: {
    title: 'Credit Note',
    numberLabel: 'Credit Note No.',
    recipient: { label: 'Bill to', placeOfSupply: true },
    payable: false,
    eInvoiceType: 'CRN',
    // A sales return comes in on a delivery challan (india-compliance: Sales Invoice, is_return).
    eWayBill: { supplyType: 'I', subSupplyType: 7, docType: 'CHL', subSupplyDesc: '' },
  },
});

export type CreditNote = z.output<typeof creditNotes.record>;
