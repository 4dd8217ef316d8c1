import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { type Business, creditNotes, lineBody, priceDocument, printableDocument, type PrintSource, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { documentDefinition, documentPdf } from './document-pdf';

const business: Business = {
  legalName: 'Sharma Traders Pvt Ltd',
  tradeName: 'Sharma Kirana',
  address: null,
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  pan: null,
  phone: null,
  email: null,
  taxpayerType: 'regular',
  bankName: 'State Bank of India',
  bankAccountNumber: '30012345678',
  ifsc: 'SBIN0001234',
  upiId: 'sharmatraders@okaxis',
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

/** A sale of 2 kg of tea (₹105.11 with GST → ₹105.00), with this much left to pay on it. */
const sale = (balanceDue: string): PrintSource => {
  const lines = [lineBody('1').parse({ itemName: 'Tea', hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' })];
  const priced = priceDocument('sales', { taxMode: 'gst', taxAmount: '0', placeOfSupply: null, reverseCharge: false, lines }, business, null)!;
  return {
    print: salesInvoices.print!,
    number: 'INV/2026-27/0007',
    date: '2026-11-20',
    dueDate: '2026-12-20',
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
    balanceDue,
    notes: null,
    lines: priced.lines,
  };
};

/** Every node of a document definition that draws a QR code. */
const qrNodes = (node: unknown): unknown[] => {
  if (Array.isArray(node)) return node.flatMap(qrNodes);
  if (node === null || typeof node !== 'object') return [];
  return [...('qr' in node ? [node] : []), ...Object.values(node).flatMap(qrNodes)];
};

/** A PDF's text, as poppler's pdftotext reads it. */
const pdfText = async (pdf: Buffer) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-pdf-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-']);
    return stdout.replace(/[ \t]+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe('an invoice PDF and what is left to pay on it', () => {
  it('due: a QR code of the UPI link for the balance, "Scan to pay by UPI", and not "Paid"', async () => {
    const printed = printableDocument(sale('55.00'), business, party);
    expect(printed.paid).toBe(false);
    expect(printed.payTo?.upiLink).toBe('upi://pay?pa=sharmatraders%40okaxis&pn=Sharma%20Kirana&am=55.00&cu=INR&tn=INV%2F2026-27%2F0007');
    expect(qrNodes(documentDefinition(printed).content)).toEqual([{ qr: printed.payTo!.upiLink, fit: 90 }]);
    const text = await pdfText(await documentPdf(printed));
    expect(text).toContain('Scan to pay by UPI');
    expect(text).not.toMatch(/^\s*Paid\s*$/m);
  });

  it('paid in full: says "Paid" under the title, keeps the bank details, and has no QR code to pay', async () => {
    const printed = printableDocument(sale('0.00'), business, party);
    expect(printed.paid).toBe(true);
    expect(printed.payTo).toMatchObject({ upiId: 'sharmatraders@okaxis', upiLink: null });
    expect(qrNodes(documentDefinition(printed).content)).toEqual([]);
    const text = await pdfText(await documentPdf(printed));
    expect(text).toMatch(/Tax Invoice\s*\n\s*Paid\s*\n/);
    expect(text).toContain('UPI: sharmatraders@okaxis');
    expect(text).not.toContain('Scan to pay');
  });

  it('a note is never "Paid" (nothing is paid on it)', () => {
    const note = printableDocument({ ...sale('0.00'), print: creditNotes.print!, balanceDue: null }, business, party);
    expect(note.paid).toBe(false);
  });
});
