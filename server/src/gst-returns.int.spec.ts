import { BOOKS_PATHS, BUSINESS_PATH, byId, creditNotes, type GstSummary, pdfPath, purchaseInvoices, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { pdfText } from './testing/pdf-text';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/**
 * The GST issue's defects over HTTP (issue 42): a credit note taxed where its invoice was, the
 * printed particulars (each tax's rate, a note's invoice date), nil-rated, exempt and non-GST
 * sales apart in GSTR-1 and GSTR-3B, the HSN table's layout by return period, and GSTR-3B's
 * cash payable after the set-off the law orders. Every figure is worked by hand in a comment.
 */
describe('GST returns', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const pdf = async (path: string) => pdfText(Buffer.from(await (await fetch(`${t.system.baseUrl}${path}`, { headers: { cookie: t.owner.cookieHeader() } })).arrayBuffer()));
  let walkIn: number;
  let karnataka: number;

  it('sets up a business in Maharashtra (27) and its parties', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    walkIn = (await write('post', '/api/sales/customers', { name: 'Walk-in' })).id;
    karnataka = (await write('post', '/api/sales/customers', { name: 'Bangalore Mart', gstNumber: '29AAHCM7727Q1ZI' })).id;
  });

  it('a credit note to an unregistered buyer in Karnataka, no place of supply typed, is IGST at 29 like its invoice', async () => {
    // The invoice: 1,000 + 18 % IGST 180 = 1,180, place of supply 29 (IGST Act s.10(1)(ca): the state recorded).
    const kettle = (rate: string) => [{ itemName: 'Kettle', hsn: '8516', unit: 'NOS', quantity: '1', rate, gstRate: '18' }];
    const invoice = await write('post', salesInvoices.path, { customerId: walkIn, invoiceDate: '2026-03-10', taxMode: 'gst', placeOfSupply: '29', lines: kettle('1000') });
    expect(invoice).toMatchObject({ supplyType: 'inter', placeOfSupply: '29', igst: '180.00' });
    // Another state typed on the note is refused, naming placeOfSupply; nothing is recorded.
    const wrong = await t.owner.post(creditNotes.path, { customerId: walkIn, invoiceId: invoice.id, noteDate: '2026-03-20', noteType: 'price', taxMode: 'gst', placeOfSupply: '27', lines: kettle('400') });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ issues: [{ path: 'placeOfSupply', message: `A credit note is taxed where its invoice was: ${String(invoice.invoiceNumber)}'s place of supply is 29-Karnataka` }] });
    // Left blank: the invoice's. 400 back: IGST 72 (CGST Act s.34: the note reduces that supply's tax), not CGST + SGST 36 + 36.
    const note = await write('post', creditNotes.path, { customerId: walkIn, invoiceId: invoice.id, noteDate: '2026-03-20', noteType: 'price', taxMode: 'gst', lines: kettle('400') });
    expect(note).toMatchObject({ placeOfSupply: '29', supplyType: 'inter', igst: '72.00', cgst: '0.00', sgst: '0.00', totalAmount: '472.00' });
    // GSTR-1: one B2CS row at 29, 1,000 − 400 = 600, IGST 108 — no negative INTRA row at 27.
    const gstr1 = await read<{ b2cs: unknown[] }>(`${BOOKS_PATHS.gstr1}?period=2026-03`);
    expect(gstr1.b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', txval: 600, rt: 18, iamt: 108, camt: 0, samt: 0, csamt: 0 }]);
    // The note's PDF names its invoice's number and date (CGST Rule 53(1A)).
    expect(await pdf(pdfPath(byId(creditNotes.path, note.id)))).toContain(`Against invoice: ${String(invoice.invoiceNumber)} dated 10-03-2026`);
  });

  it('an intra-state invoice prints each tax\'s rate: CGST 2.5 % and SGST 2.5 % for a 5 % line (CGST Rule 46(l))', async () => {
    const invoice = await write('post', salesInvoices.path, { customerId: walkIn, invoiceDate: '2026-03-11', taxMode: 'gst', lines: [{ itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' }] });
    const text = await pdf(pdfPath(byId(salesInvoices.path, invoice.id)));
    // 100.10 at 2.5 % = 2.5025 → 2.50 for each of CGST and SGST.
    expect(text).toMatch(/CGST % CGST SGST % SGST/);
    expect(text).toMatch(/₹100\.10 2\.5% ₹2\.50 2\.5% ₹2\.50/);
    expect(text).not.toMatch(/(^|\s)GST %/);
  });

  it('GSTR-3B: nil-rated, exempt and non-GST sales apart, and the cash to pay after the set-off — the issue\'s IGST 511.06', async () => {
    // A sale to Karnataka: 11,973.33 × 18 % = 2,155.1994 → IGST 2,155.20; with it rice (nil), milk (exempt), petrol (non-GST).
    await write('post', salesInvoices.path, {
      customerId: karnataka,
      invoiceDate: '2026-05-05',
      taxMode: 'gst',
      lines: [
        { itemName: 'Machine', hsn: '8422', unit: 'NOS', quantity: '1', rate: '11973.33', gstRate: '18' },
        { itemName: 'Rice', hsn: '1006', unit: 'KG', quantity: '10', rate: '30', gstRate: '0' },
        { itemName: 'Milk', hsn: '0401', unit: 'LTR', quantity: '10', rate: '50', gstRate: '0', gstCategory: 'exempt' },
        { itemName: 'Petrol', hsn: '2710', unit: 'LTR', quantity: '2', rate: '100', gstRate: '0', gstCategory: 'non-gst' },
      ],
    });
    // A purchase within Maharashtra: 9,134.11 × 9 % = 822.0699 → CGST 822.07 and SGST 822.07.
    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Pune Steel', gstNumber: '27ABCPT5678L1ZV' })).id;
    await write('post', purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'PS/77', invoiceDate: '2026-05-06', taxMode: 'gst', lines: [{ itemName: 'Steel', quantity: '1', rate: '9134.11', gstRate: '18' }] });

    const summary = await read<GstSummary>(`${BOOKS_PATHS.gstSummary}?from=2026-05-01&to=2026-05-31`);
    // 3.1(a) holds the taxable sale only; 3.1(c) nil and exempt 300 + 500 = 800; 3.1(e) non-GST 200.
    expect(summary.output).toEqual([{ rate: '18', taxableValue: '11973.33', cgst: '0.00', sgst: '0.00', igst: '2155.20' }]);
    expect(summary.otherOutward).toEqual({ nilExempt: '800.00', nonGst: '200.00' });
    // Output less credit: CGST −822.07, SGST −822.07, IGST 2,155.20. CGST and SGST credit each pay
    // 822.07 of IGST (s.49(5)(b), (c)): 2,155.20 − 1,644.14 = 511.06 in cash, nothing carried forward.
    expect(summary.payment.setOff.heads.igst).toEqual({ liability: '2155.20', paidFromCredit: { igst: '0.00', cgst: '822.07', sgst: '822.07' }, cash: '511.06', credit: '0.00', carriedForward: '0.00' });
    expect(summary.payment.cash).toEqual({ igst: '511.06', cgst: '0.00', sgst: '0.00' });
    expect([summary.payment.totalCash, summary.payment.setOff.carriedForward]).toEqual(['511.06', '0.00']);

    // GSTR-1 for May 2026: the nil-rated, exempt and non-GST lines in table 8 (inter-state, to a registered buyer), not in b2b.
    const gstr1 = await read<{ b2b: { inv: { itms: { itm_det: { rt: number } }[] }[] }[]; nil: unknown; hsn: object }>(`${BOOKS_PATHS.gstr1}?period=2026-05`);
    expect(gstr1.nil).toEqual({ inv: [{ sply_ty: 'INTRB2B', nil_amt: 300, expt_amt: 500, ngsup_amt: 200 }] });
    expect(gstr1.b2b.flatMap((g) => g.inv.flatMap((i) => i.itms.map((x) => x.itm_det.rt)))).toEqual([18]);
    expect(Object.keys(gstr1.hsn)).toEqual(['hsn_b2b', 'hsn_b2c']);
  });

  it('the HSN table of a return before May 2025 is the single `data` table; its CSV section is hsn, and hsn_b2b is refused', async () => {
    await write('post', salesInvoices.path, { customerId: karnataka, invoiceDate: '2025-04-15', taxMode: 'gst', lines: [{ itemName: 'Kettle', hsn: '8516', unit: 'NOS', quantity: '2', rate: '1000', gstRate: '18' }] });
    const gstr1 = await read<{ hsn: unknown }>(`${BOOKS_PATHS.gstr1}?period=2025-04`);
    expect(gstr1.hsn).toEqual({ data: [{ num: 1, hsn_sc: '8516', desc: 'Kettle', uqc: 'NOS', qty: 2, rt: 18, txval: 2000, iamt: 360, camt: 0, samt: 0, csamt: 0 }] });
    const refused = await t.owner.get(`${BOOKS_PATHS.gstr1}?period=2025-04&section=hsn_b2b`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ path: 'section', message: 'Before May 2025 the HSN summary is one table: hsn' }] });
    expect((await t.owner.get(`${BOOKS_PATHS.gstr1}?period=2025-04&section=hsn`)).text).toContain('1,8516,Kettle,NOS,2,18,2000.00,360.00');
  });
});
