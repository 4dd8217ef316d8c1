import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { BUSINESS_PATH, byId, creditNotes, debitNotes, HEADERS, pdfPath, purchaseInvoices, receipts, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;

/** A PDF's text, as poppler's pdftotext reads it (the lines of the page, in reading order). */
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

/**
 * The GST issue over HTTP: the business profile, tax invoices numbered in a gap-free series,
 * the worked example to the paisa, inter-state and B2C supplies, and credit and debit notes that
 * lower what is owed on their invoice and cannot take it below zero.
 */
describe('GST documents', () => {
  const t = signedInOneProcess();
  const { write, read, position } = readYourWrites(() => t.owner);
  const example = [
    { itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' },
    { itemName: 'Notebooks', hsn: '4820', unit: 'NOS', quantity: '7', rate: '33.13', gstRate: '12' },
    { itemName: 'Electric kettle', hsn: '8516', unit: 'NOS', quantity: '3', rate: '411.59', gstRate: '18' },
  ];
  let buyer: number;
  let vendor: number;

  it('GST before the business is set up is refused, saying what to do', async () => {
    const customer = await write('post', '/api/sales/customers', { name: 'Early Bird' });
    const res = await t.owner.post(salesInvoices.path, { customerId: customer.id, taxMode: 'gst', lines: example });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ issues: [{ path: 'taxMode', message: expect.stringContaining('Set up your business') }] });
  });

  it('the business profile: saved, read back, its GSTIN checked against its state', async () => {
    const wrongState = await t.owner.put(BUSINESS_PATH, { legalName: 'Sharma Traders', state: '29', gstin: '27AAPFU0939F1ZV' });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body).toMatchObject({ issues: [{ path: 'gstin', message: 'This GSTIN is of Maharashtra (27), not Karnataka (29)' }] });
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders Pvt Ltd', tradeName: 'Sharma Traders', state: '27', gstin: '27aapfu0939f1zv', upiId: 'sharma@okaxis' });
    expect(await read(BUSINESS_PATH)).toMatchObject({ configured: true, profile: { gstin: '27AAPFU0939F1ZV', invoicePrefix: 'INV', taxpayerType: 'regular' } });
    buyer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores', gstNumber: '27ABCPT5678L1ZV' })).id;
    vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills', gstNumber: '24AANFA2641L1ZF' })).id;
  });

  it('the worked example: INV/…/0001, CGST = SGST = 127.54, 1,821.86 → 1,822.00 with round off +0.14', async () => {
    const invoice = await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2026-11-20', taxMode: 'gst', lines: example });
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV/2026-27/0001',
      taxMode: 'gst',
      supplyType: 'intra',
      placeOfSupply: '27',
      subTotal: '1566.78',
      cgst: '127.54',
      sgst: '127.54',
      igst: '0.00',
      taxAmount: '255.08',
      roundOff: '0.14',
      totalAmount: '1822.00',
      balanceDue: '1822.00',
    });
    expect(await read(byId(salesInvoices.path, invoice.id))).toEqual(invoice);

    // The printed form, as a PDF: every particular of CGST Rule 46, read back as text.
    const pdf = await fetch(`${t.system.baseUrl}${pdfPath(byId(salesInvoices.path, invoice.id))}`, { headers: { cookie: t.owner.cookieHeader() } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="INV-2026-27-0001.pdf"');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of [
      'Tax Invoice',
      'Invoice No. INV/2026-27/0001',
      'Date: 20-11-2026',
      'Sharma Traders Pvt Ltd',
      'GSTIN: 27AAPFU0939F1ZV',
      'Tilak Stores',
      'GSTIN: 27ABCPT5678L1ZV',
      'State: 27-Maharashtra',
      'Place of supply: 27-Maharashtra',
      'Tax payable on reverse charge: No',
      '0902',
      '4820',
      '8516',
      '2 KGS',
      '7 NOS',
      '₹1,234.77',
      '₹111.13',
      '₹127.54',
      '₹0.14',
      '₹1,822.00',
      'Rupees One Thousand Eight Hundred Twenty-Two Only',
      'HSN summary',
      'UPI: sharma@okaxis',
      'For Sharma Traders Pvt Ltd',
      'Authorised Signatory',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('numbers are gap-free under a race, and a number typed by hand is skipped by the series', async () => {
    await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2026-11-21', invoiceNumber: 'INV/2026-27/0003', taxMode: 'gst', lines: example });
    const raced = await Promise.all(
      Array.from({ length: 12 }, () => t.owner.post<Row>(salesInvoices.path, { customerId: buyer, invoiceDate: '2026-11-21', taxMode: 'gst', lines: example.slice(0, 1) })),
    );
    expect(raced.map((r) => `${r.status} ${r.status === 201 ? "" : r.text}`)).toEqual(Array(12).fill("201 "));
    const numbers = raced.map((r) => String(r.body.invoiceNumber)).sort();
    const expected = [2, ...Array.from({ length: 11 }, (_, i) => i + 4)].map((n) => `INV/2026-27/${String(n).padStart(4, '0')}`);
    expect(numbers).toEqual(expected);
    // A new financial year starts again at 0001.
    const april = await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2027-04-01', taxMode: 'gst', lines: example.slice(0, 1) });
    expect(april.invoiceNumber).toBe('INV/2027-28/0001');
  });

  it('inter-state, and B2C with a recorded state or none', async () => {
    const karnataka = (await write('post', '/api/sales/customers', { name: 'Bangalore Mart', gstNumber: '29AAHCM7727Q1ZI' })).id;
    expect(await write('post', salesInvoices.path, { customerId: karnataka, taxMode: 'gst', lines: example })).toMatchObject({ supplyType: 'inter', placeOfSupply: '29', igst: '255.10', totalAmount: '1822.00' });
    const walkIn = (await write('post', '/api/sales/customers', { name: 'Walk-in' })).id;
    expect(await write('post', salesInvoices.path, { customerId: walkIn, taxMode: 'gst', placeOfSupply: '07', lines: example })).toMatchObject({ supplyType: 'inter', placeOfSupply: '07' });
    expect(await write('post', salesInvoices.path, { customerId: walkIn, taxMode: 'gst', lines: example })).toMatchObject({ supplyType: 'intra', placeOfSupply: '27' });
  });

  it('a credit note lowers what the customer owes on its invoice; on a paid one its credit is left unapplied; the invoice follows', async () => {
    const invoice = await write('post', salesInvoices.path, { customerId: buyer, taxMode: 'gst', lines: example });
    // A return names the invoice's line: the kettle, its HSN, unit, rate and GST come from there.
    const kettle = [{ invoiceLineNo: 3, quantity: '1' }];
    const note = await write('post', creditNotes.path, { customerId: buyer, invoiceId: invoice.id, reason: 'Kettle returned', lines: kettle });
    // 411.59 + 9 % + 9 % (37.04 each) = 485.67 → 486.00
    expect(note).toMatchObject({ noteNumber: 'CN/2026-27/0001', invoiceId: invoice.id, againstNumber: invoice.invoiceNumber, taxMode: 'gst', cgst: '37.04', sgst: '37.04', totalAmount: '486.00' });
    expect(await read(byId(salesInvoices.path, invoice.id))).toMatchObject({ creditedAmount: '486.00', paidAmount: '0.00', balanceDue: '1336.00', status: 'partial' });
    // A receipt of the rest pays it.
    await write('post', receipts.path, { customerId: buyer, paymentMethod: 'upi', lines: [{ invoiceId: invoice.id, receivedAmount: '1336.00' }] });
    expect(await read(byId(salesInvoices.path, invoice.id))).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    // Nothing is due any more: another note (a price difference) leaves its whole credit to the customer.
    const later = await write('post', creditNotes.path, { customerId: buyer, invoiceId: invoice.id, noteType: 'price', taxMode: 'gst', lines: [{ itemName: 'Tea', quantity: 1, rate: '1', gstRate: '5' }] });
    expect(later).toMatchObject({ appliedAmount: '0.00', unappliedAmount: later.totalAmount });
    expect(await read(byId(salesInvoices.path, invoice.id))).toMatchObject({ status: 'paid', balanceDue: '0.00', creditedAmount: '486.00' });
    // A note for an invoice of another customer is refused on its invoice.
    const other = (await write('post', '/api/sales/customers', { name: 'Someone Else' })).id;
    const foreign = await t.owner.post(creditNotes.path, { customerId: other, invoiceId: invoice.id, lines: kettle });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ issues: [{ path: 'invoiceId' }] });
    // Made inactive, the note credits nothing: the invoice owes its share again.
    await write('put', byId(creditNotes.path, note.id), { customerId: buyer, invoiceId: invoice.id, reason: 'Kettle returned', lines: kettle, active: false });
    expect(await read(byId(salesInvoices.path, invoice.id))).toMatchObject({ creditedAmount: '0.00', balanceDue: '486.00', status: 'partial' });
  });

  it('a debit note takes a purchase return off what we owe the vendor', async () => {
    const bill = await write('post', purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'GM/991', taxMode: 'gst', lines: example });
    expect(bill).toMatchObject({ supplyType: 'inter', igst: '255.10', totalAmount: '1822.00' });
    const note = await write('post', debitNotes.path, { vendorId: vendor, invoiceId: bill.id, reason: 'Damaged tea', lines: [{ invoiceLineNo: 1, quantity: '2' }] });
    // 100.10 + 5 % IGST (5.01) = 105.11 → 105.00
    expect(note).toMatchObject({ noteNumber: 'DN/2026-27/0001', igst: '5.01', totalAmount: '105.00', roundOff: '-0.11' });
    expect(await read(byId(purchaseInvoices.path, bill.id))).toMatchObject({ creditedAmount: '105.00', balanceDue: '1717.00', status: 'partial' });
  });

  it('stock follows the documents: purchases and credit notes in, sales and debit notes out, and the ledger says where from', async () => {
    const item = (await write('post', '/api/inventory/items', { name: 'Ledger Kettle', unit: 'NOS', hsnCode: '8516', taxRate: '18', reorderLevel: 2 })).id;
    const line = (quantity: string) => [{ itemId: item, itemName: 'Electric kettle', hsn: '8516', unit: 'NOS', quantity, rate: '400', gstRate: '18' }];
    await write('post', '/api/inventory/stock-adjustments', { itemId: item, adjustmentType: 'increase', quantity: '1', reason: 'Opening Stock', adjustmentDate: '2026-11-01' });
    const bill = await write('post', purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'GM/STOCK', invoiceDate: '2026-11-02', taxMode: 'gst', lines: line('10') });
    const sale = await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2026-11-03', taxMode: 'gst', lines: line('4.5') });
    await write('post', creditNotes.path, { customerId: buyer, invoiceId: sale.id, noteDate: '2026-11-04', lines: [{ invoiceLineNo: 1, quantity: '1' }] });
    await write('post', debitNotes.path, { vendorId: vendor, invoiceId: bill.id, noteDate: '2026-11-05', lines: [{ invoiceLineNo: 1, quantity: '2' }] });
    // A free-text line moves no stock.
    await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2026-11-06', taxMode: 'gst', lines: [{ itemName: 'Kettle (no item)', quantity: '3', rate: '1', gstRate: '18' }] });
    const stock = (await t.owner.get<{ itemId: number; currentStock: string; status: string }[]>('/api/inventory/stock', { headers: { [HEADERS.minPosition]: position() } })).body;
    // 1 + 10 − 4.5 + 1 − 2 = 5.5
    expect(stock.find((s) => s.itemId === item)).toEqual({ itemId: item, currentStock: '5.5', status: 'in-stock' });
    const ledger = (await t.owner.get<unknown[]>(`/api/inventory/items/${item}/stock-ledger`, { headers: { [HEADERS.minPosition]: position() } })).body;
    expect(ledger).toEqual([
      expect.objectContaining({ date: '2026-11-01', sourceLabel: 'Stock adjustment', reference: 'Opening Stock', quantity: '1', balance: '1' }),
      expect.objectContaining({ date: '2026-11-02', sourceLabel: 'Purchase invoice', reference: 'GM/STOCK', quantity: '10', balance: '11' }),
      expect.objectContaining({ date: '2026-11-03', sourceLabel: 'Sales invoice', reference: sale.invoiceNumber, quantity: '-4.5', balance: '6.5' }),
      expect.objectContaining({ date: '2026-11-04', sourceLabel: 'Credit note', quantity: '1', balance: '7.5' }),
      expect.objectContaining({ date: '2026-11-05', sourceLabel: 'Debit note', quantity: '-2', balance: '5.5' }),
    ]);
    // A sale revised to fewer kettles gives them back; made inactive, all of them.
    await write('put', byId(salesInvoices.path, sale.id), { customerId: buyer, invoiceDate: '2026-11-03', taxMode: 'gst', lines: line('2.5') });
    const after = (await t.owner.get<{ itemId: number; currentStock: string }[]>('/api/inventory/stock', { headers: { [HEADERS.minPosition]: position() } })).body;
    expect(after.find((s) => s.itemId === item)?.currentStock).toBe('7.5');
  });
});
