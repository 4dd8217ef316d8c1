import { describe, expect, it } from 'vitest';

import { lineBody } from './lines';
import { priceDocument } from './pricing';
import { printableDocument, type PrintSource } from './print';
import { creditNotes } from '../sales/credit-notes';
import { salesInvoices } from '../sales/invoices';

const business = {
  legalName: 'Sharma Traders Pvt Ltd',
  tradeName: null,
  address: null,
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  pan: null,
  phone: null,
  email: null,
  taxpayerType: 'regular' as const,
  bankName: null,
  bankAccountNumber: null,
  ifsc: null,
  upiId: null,
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  debitNotePrefix: 'DN',
  estimatePrefix: 'EST',
  saleOrderPrefix: 'SO',
  purchaseOrderPrefix: 'PO',
  deliveryChallanPrefix: 'DC',
  expensePrefix: 'EXP',
  expensePaymentPrefix: 'EPAY',
  receiptPrefix: 'RCT',
  paymentPrefix: 'PAY',
  refundPrefix: 'RFD',
  vendorRefundPrefix: 'VRF',
  booksBegin: null,
};
const party = { name: 'Tilak Stores', address: null, gstNumber: null, panNumber: null, phone: null, email: null };
const line = lineBody('1');
const lines = [
  line.parse({ itemName: 'Tea', hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' }),
  line.parse({ itemName: 'Notebooks', hsn: '4820', quantity: '7', rate: '33.13', gstRate: '12' }),
  line.parse({ itemName: 'Gold ring', hsn: '7113', quantity: '1', rate: '1000', gstRate: '3' }),
  line.parse({ itemName: 'Rough diamond', hsn: '7102', quantity: '1', rate: '1000', gstRate: '0.25' }),
];

/** A sales document priced as the decider prices it, as printing reads it. */
const source = (placeOfSupply: string | null, extra: Partial<PrintSource> = {}): PrintSource => {
  const priced = priceDocument('sales', { taxMode: 'gst', taxAmount: '0', placeOfSupply, reverseCharge: false, lines }, business, null)!;
  return {
    print: salesInvoices.print!,
    number: 'INV/2026-27/0001',
    date: '2026-04-10',
    dueDate: null,
    taxMode: 'gst',
    supplyType: priced.supplyType,
    placeOfSupply: priced.placeOfSupply,
    reverseCharge: false,
    againstNumber: null,
    againstDate: null,
    subTotal: priced.subTotal,
    cgst: priced.cgst,
    sgst: priced.sgst,
    igst: priced.igst,
    taxAmount: priced.taxAmount,
    roundOff: priced.roundOff,
    totalAmount: priced.totalAmount,
    balanceDue: null,
    notes: null,
    lines: priced.lines,
    ...extra,
  };
};
const rates = (rows: readonly { cgstRate: string; sgstRate: string; igstRate: string }[]) => rows.map((r) => [r.cgstRate, r.sgstRate, r.igstRate]);

describe('printableDocument: the particulars the rules ask for', () => {
  it('within the state, each component\'s rate (CGST Rule 46(l)): CGST and SGST at half the GST rate each', () => {
    // CGST Act s.9(1) and the SGST Acts levy each at half the GST rate (notification 1/2017-Central Tax
    // Rate: 2.5 % CGST for a 5 % good, 6 % for 12 %, 1.5 % for 3 %; 0.125 % for 0.25 %).
    const printed = printableDocument(source(null), business, party);
    expect(printed.tax).toBe('intra');
    expect(rates(printed.lines)).toEqual([
      ['2.5', '2.5', '0'],
      ['6', '6', '0'],
      ['1.5', '1.5', '0'],
      ['0.125', '0.125', '0'],
    ]);
    expect(rates(printed.hsn)).toEqual(rates(printed.lines));
  });

  it('across states, IGST at the whole rate (IGST Act s.5(1))', () => {
    const printed = printableDocument(source('29'), business, party);
    expect(rates(printed.lines)).toEqual([
      ['0', '0', '5'],
      ['0', '0', '12'],
      ['0', '0', '3'],
      ['0', '0', '0.25'],
    ]);
  });

  it('a credit note names its invoice\'s number and date (CGST Rule 53(1A)(g))', () => {
    const printed = printableDocument(source(null, { print: creditNotes.print!, number: 'CN/2026-27/0001', againstNumber: 'INV/2026-27/0001', againstDate: '2026-04-10' }), business, party);
    expect(printed).toMatchObject({ title: 'Credit Note', against: 'INV/2026-27/0001', againstDate: '2026-04-10' });
  });
});
