import { BUSINESS_PATH, byId, eDocumentPaths, HEADERS, indiaDate, pdfPath, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { pdfText } from './testing/pdf-text';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/** `days` before today in India, as YYYY-MM-DD (the product's own clock decides the 180-day rule). */
const daysAgo = (days: number) => indiaDate(new Date(Date.now() - days * 86_400_000));

/**
 * Issue 44 item 6 over HTTP: an inter-state sale of ₹69,620 (4 almirahs × ₹15,000 − ₹1,000 =
 * ₹59,000, IGST 18 % ₹10,620) gets its transport details, its e-way bill and e-invoice JSON, the
 * IRN pasted back, the IRN on its PDF, and a revision of its amounts refused.
 */
describe('e-way bill and e-invoice', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const almirahs = [{ itemName: 'Steel almirah', hsn: '94031010', unit: 'PC', quantity: '4', rate: '15000', discount: '1000', gstRate: '18' }];
  const dispatch = { fromPlace: 'Bengaluru', fromPincode: '560001', toPlace: 'Pune', toPincode: '411018', distanceKm: 840, vehicleNumber: 'KA 01 AB 1234' };
  const irn = { irn: 'ab'.repeat(32), ackNo: '112010036563310', ackDate: '2026-11-20 12:31:00', signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiSU5WLzAwMDcifQ.c2lnbmF0dXJl' };
  let customer: number;
  let invoice: { id: number } & Record<string, unknown>;
  const paths = (id: number) => eDocumentPaths(byId(salesInvoices.path, id));

  it('a sale above ₹50,000: an e-way bill is needed, none until the transport is entered', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders Pvt Ltd', state: '29', gstin: '29AAHCM7727Q1ZI', address: '12 MG Road\nBengaluru' });
    customer = (await write('post', '/api/sales/customers', { name: 'Kaveri Hardware', gstNumber: '27AAPFU0939F1ZV', address: 'Plot 4, MIDC\nPune' })).id;
    invoice = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: daysAgo(2), taxMode: 'gst', lines: almirahs });
    expect(invoice).toMatchObject({ supplyType: 'inter', subTotal: '59000.00', igst: '10620.00', totalAmount: '69620.00' });
    expect(await read(paths(invoice.id).state)).toEqual({
      dispatch: null,
      irn: null,
      eWayBill: { value: '69620.00', limit: '50000.00', required: true, problem: null },
      eInvoiceProblem: null,
    });
    const early = await t.owner.get(paths(invoice.id).eWayBill);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: 'Enter the dispatch and transport details first' });
    const unknown = await t.owner.get(`${paths(invoice.id).state}?format=xml`);
    expect(unknown.status).toBe(400);
  });

  it('transport details are checked, kept, and the e-way bill JSON carries them', async () => {
    const bad = await t.owner.post(paths(invoice.id).dispatch, { ...dispatch, vehicleNumber: 'KA01', distanceKm: 0 });
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['distanceKm', 'vehicleNumber']);
    expect(await write('post', paths(invoice.id).dispatch, dispatch, 200)).toMatchObject({ dispatch: { vehicleNumber: 'KA01AB1234', distanceKm: 840 }, irn: null });
    const res = await t.owner.get(paths(invoice.id).eWayBill);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="EWB-INV-2026-27-\d{4}\.json"$/);
    expect(res.body).toMatchObject({
      version: '1.0.0621',
      billLists: [{ userGstin: '29AAHCM7727Q1ZI', docType: 'INV', fromPincode: 560001, fromStateCode: 29, toGstin: '27AAPFU0939F1ZV', toPincode: 411018, toStateCode: 27, totalValue: 59000, igstValue: 10620, totInvValue: 69620, transMode: 1, transDistance: 840, vehicleNo: 'KA01AB1234' }],
    });
    const einvoice = await t.owner.get(paths(invoice.id).eInvoice);
    expect(einvoice.status, einvoice.text).toBe(200);
    expect(einvoice.body).toMatchObject({ Version: '1.1', DocDtls: { Typ: 'INV' }, ValDtls: { AssVal: 59000, IgstVal: 10620, TotInvVal: 69620 } });
  });

  it('below the limit none is needed, but one is made on request; older than 180 days none is made', async () => {
    const small = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: daysAgo(1), taxMode: 'gst', lines: [{ ...almirahs[0], quantity: '1', discount: '0' }] });
    await write('post', paths(small.id).dispatch, dispatch, 200);
    const refused = await t.owner.get(paths(small.id).eWayBill);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'No e-way bill is needed: the goods are worth ₹17,700.00, not above ₹50,000.00. Ask with anyway=true to make one all the same' });
    expect((await t.owner.get(`${paths(small.id).eWayBill}?anyway=true`)).status).toBe(200);
    const old = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: daysAgo(200), taxMode: 'gst', lines: almirahs });
    await write('post', paths(old.id).dispatch, dispatch, 200);
    const stale = await t.owner.get(paths(old.id).eWayBill);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: 'The document is 200 days old: the portal takes none older than 180 days' });
  });

  it('the IRN pasted back is printed with its QR; from then the amounts cannot change', async () => {
    expect(await write('post', paths(invoice.id).irn, irn, 200)).toMatchObject({ irn: { irn: irn.irn, ackNo: irn.ackNo } });
    const pdf = await fetch(`${t.system.baseUrl}${pdfPath(byId(salesInvoices.path, invoice.id))}`, { headers: { cookie: t.owner.cookieHeader() } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`IRN: ${irn.irn}`);
    expect(text).toContain('Ack No: 112010036563310');
    expect(text).toContain('Ack Date: 2026-11-20 12:31:00');

    const base = { customerId: customer, invoiceNumber: invoice.invoiceNumber, invoiceDate: invoice.invoiceDate, taxMode: 'gst' };
    const dearer = await t.owner.put(byId(salesInvoices.path, invoice.id), { ...base, lines: [{ ...almirahs[0], rate: '16000' }] });
    expect(dearer.status).toBe(409);
    expect(dearer.body).toMatchObject({ message: expect.stringContaining('Cancel the e-invoice on the portal and issue a new document') });
    const noted = await t.owner.put(byId(salesInvoices.path, invoice.id), { ...base, notes: 'Deliver to the back gate', lines: almirahs });
    expect(noted.status, noted.text).toBe(200);
    const another = await t.owner.post(paths(invoice.id).irn, { ...irn, irn: 'cd'.repeat(32) });
    expect(another.status).toBe(409);
    expect(another.headers.get(HEADERS.eventPosition)).toBeNull();
  });
});
