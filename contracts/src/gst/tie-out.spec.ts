import { describe, expect, it } from 'vitest';

import { gstr1, gstr1Supplies } from './gstr1';
import { gstr3b } from './gstr3b';
import { bill, KA_VENDOR, MH_BUYER, OWN, sale } from './return-docs.testing';
import type { HsnLine } from './return-lines';
import { type BooksEntry, type Figures, type TiedOutward, tieOut, type TieOutInput } from './tie-out';

/*
 * The tie-out of a month, worked by hand: what the journal posts for each document (CGST Act
 * s.35 books; the postings of contracts/src/books/postings.ts: Cr Sales the taxable value, Cr
 * Output GST the tax; a credit note the other way), beside GSTR-1's sections (GST portal format,
 * GST-AND-BOOKS.md §5) and GSTR-3B (india-compliance gstr_3b_report_template.json).
 */
const f = (taxable: number, igst: number, cgst: number, sgst: number): Figures => ({
  taxable: taxable.toFixed(2), igst: igst.toFixed(2), cgst: cgst.toFixed(2), sgst: sgst.toFixed(2), cess: '0.00',
});
const entry = (stream: string, voucherType: string, voucherNumber: string, figures: Figures): BooksEntry => ({ stream, voucherType, voucherNumber, date: '2026-05-10', figures });

const outward = [
  // INV/1: 10,000 at 18 % within the state, rice 300 nil, milk 500 exempt, petrol 200 non-GST.
  { stream: 'sales-invoice-1', ...sale({ id: 1, number: 'INV/1', date: '2026-05-02', party: MH_BUYER, lines: [
    { name: 'Kettle', qty: '10', rate: '1000', gst: '18' },
    { name: 'Rice', qty: '10', rate: '30', gst: '0', category: 'nil' },
    { name: 'Milk', qty: '10', rate: '50', gst: '0', category: 'exempt' },
    { name: 'Petrol', qty: '2', rate: '100', gst: '0', category: 'non-gst' },
  ] }) },
  // INV/2: 1,50,000 at 18 % to Karnataka, unregistered (B2CL); CN/1 takes 10,000 back.
  { stream: 'sales-invoice-2', ...sale({ id: 2, number: 'INV/2', date: '2026-05-03', pos: '29', lines: [{ name: 'Machine', qty: '1', rate: '150000', gst: '18' }] }) },
  { stream: 'credit-note-4', ...sale({ id: 4, number: 'CN/1', date: '2026-05-20', pos: '29', againstId: 2, lines: [{ name: 'Machine', qty: '1', rate: '10000', gst: '18' }] }, 'credit-note') },
];
const inward = [
  { stream: 'purchase-invoice-11', ...bill({ id: 11, number: 'PS/1', date: '2026-05-05', party: MH_BUYER, lines: [{ name: 'Steel', qty: '1', rate: '20000', gst: '18' }] }) },
  { stream: 'purchase-invoice-12', ...bill({ id: 12, number: 'KA/9', date: '2026-05-06', party: KA_VENDOR, lines: [{ name: 'Tea', qty: '1', rate: '5000', gst: '5' }] }) },
];
// The journal: INV/1 Cr Sales 11,000, Cr Output CGST 900, SGST 900; INV/2 Cr Sales 1,50,000, Output IGST 27,000; CN/1 Dr Sales Returns 10,000, Dr Output IGST 1,800.
const booksOutward = [
  entry('sales-invoice-1', 'Sales Invoice', 'INV/1', f(11000, 0, 900, 900)),
  entry('sales-invoice-2', 'Sales Invoice', 'INV/2', f(150000, 27000, 0, 0)),
  entry('credit-note-4', 'Credit Note', 'CN/1', f(-10000, -1800, 0, 0)),
];
// PS/1 Dr Input CGST 1,800, SGST 1,800; KA/9 Dr Input IGST 250.
const booksInput = [entry('purchase-invoice-11', 'Purchase Invoice', 'PS/1', f(0, 0, 1800, 1800)), entry('purchase-invoice-12', 'Purchase Invoice', 'KA/9', f(0, 250, 0, 0))];
const itcBills = [
  { stream: 'purchase-invoice-11', igst: '0.00', cgst: '1800.00', sgst: '1800.00', cess: '0.00' },
  { stream: 'purchase-invoice-12', igst: '250.00', cgst: '0.00', sgst: '0.00', cess: '0.00' },
];
const itc = { igst: '250.00', cgst: '1800.00', sgst: '1800.00', cess: '0.00' };

/** The month; its sales as recorded (GSTR-1 with its HSN summary reads them). */
const month = (change: Omit<Partial<TieOutInput>, 'outward'> & { readonly outward?: readonly TiedOutward<HsnLine>[] } = {}): TieOutInput => {
  const docs = change.outward ?? outward;
  return {
    gstin: OWN,
    outward: docs,
    inward,
    gstr1: gstr1({ gstin: OWN, year: 2026, month: 5, documents: docs }),
    gstr3b: gstr3b({ gstin: OWN, year: 2026, month: 5, outward: docs, inward, itc }).json,
    booksOutward,
    booksInput,
    itcBills,
    documentStreams: ['sales-invoice', 'credit-note', 'purchase-invoice', 'debit-note'],
    ...change,
  };
};

describe('the tie-out before filing', () => {
  it('ties: books, GSTR-1 and GSTR-3B all 1,51,000 taxable, IGST 25,200, CGST 900, SGST 900; input 250 / 1,800 / 1,800 — ready', () => {
    // Taxable: 11,000 + 1,50,000 − 10,000 = 1,51,000 (GSTR-1: B2B 10,000 + table 8 1,000 + B2CL 1,50,000 − CDNUR 10,000;
    // GSTR-3B: 3.1(a) 1,50,000 + (c) 800 + (e) 200). IGST 27,000 − 1,800 = 25,200.
    const result = tieOut(month());
    expect(result.outward).toEqual({ books: f(151000, 25200, 900, 900), gstr1: f(151000, 25200, 900, 900), gstr3b: f(151000, 25200, 900, 900), differences: [] });
    expect(result.input).toEqual({ books: f(0, 250, 1800, 1800), gstr1: null, gstr3b: f(0, 250, 1800, 1800), differences: [] });
    expect(result.ready).toBe(true);
  });

  it("reads GSTR-1's sections of supplies alone: the same sections, and the same tie-out, as from the whole return", () => {
    const input = { gstin: OWN, year: 2026, month: 5, documents: outward };
    const { b2b, b2cl, b2cs, cdnr, cdnur, nil } = gstr1(input);
    expect(gstr1Supplies(input)).toEqual({ b2b, b2cl, b2cs, cdnr, cdnur, nil });
    expect(tieOut(month({ gstr1: gstr1Supplies(input) }))).toEqual(tieOut(month()));
  });

  it('a journal voucher crediting Output CGST 50 is named as the cause; explained, so still ready', () => {
    const result = tieOut(month({ booksOutward: [...booksOutward, entry('journal-voucher-3', 'Journal voucher', 'JV/3', f(0, 0, 50, 0))] }));
    expect(result.outward.books.cgst).toBe('950.00');
    expect(result.outward.gstr1?.cgst).toBe('900.00');
    expect(result.outward.differences).toEqual([
      { stream: 'journal-voucher-3', document: 'Journal voucher JV/3', date: '2026-05-10', reason: 'journal-entry', explained: true, books: f(0, 0, 50, 0), gstr1: f(0, 0, 0, 0), gstr3b: f(0, 0, 0, 0) },
    ]);
    expect(result.ready).toBe(true);
  });

  it('an invoice with tax typed by hand: its 700 in the books only, explained by INV/5', () => {
    const manual = { stream: 'sales-invoice-5', ...sale({ id: 5, number: 'INV/5', date: '2026-05-09', party: MH_BUYER, taxMode: 'manual', lines: [{ name: 'Misc', qty: '1', rate: '700', gst: '18' }] }) };
    const result = tieOut(month({ outward: [...outward, manual], booksOutward: [...booksOutward, entry('sales-invoice-5', 'Sales Invoice', 'INV/5', f(700, 0, 0, 0))] }));
    expect(result.outward.differences.map((d) => [d.document, d.reason, d.explained, d.books.taxable, d.gstr1?.taxable])).toEqual([['Sales Invoice INV/5', 'tax-by-hand', true, '700.00', '0.00']]);
    expect(result.ready).toBe(true);
  });

  it('books that differ from their document for no known reason: unexplained, named, not ready', () => {
    // The journal holds IGST 27,010 for INV/2 where the invoice says 27,000.
    const result = tieOut(month({ booksOutward: booksOutward.map((e) => (e.stream === 'sales-invoice-2' ? { ...e, figures: f(150000, 27010, 0, 0) } : e)) }));
    expect(result.outward.differences.map((d) => [d.document, d.reason, d.explained, d.books.igst, d.gstr3b.igst])).toEqual([['Sales Invoice INV/2', 'unexplained', false, '27010.00', '27000.00']]);
    expect(result.ready).toBe(false);
  });

  it('a bill whose credit the seam does not count (not matched): named, explained as credit not claimed', () => {
    const result = tieOut(month({ itcBills: itcBills.slice(0, 1), gstr3b: gstr3b({ gstin: OWN, year: 2026, month: 5, outward, inward, itc: { ...itc, igst: '0.00' } }).json }));
    expect(result.input.differences.map((d) => [d.document, d.reason, d.books.igst, d.gstr3b.igst])).toEqual([['Purchase Invoice KA/9', 'credit-not-counted', '250.00', '0.00']]);
    expect(result.ready).toBe(true);
  });
});
