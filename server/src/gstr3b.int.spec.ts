import { BOOKS_PATHS, BUSINESS_PATH, creditNotes, debitNotes, type Gstr3bReport, JOURNAL_VOUCHERS_PATH, purchaseInvoices, salesInvoices, type TieOutReport } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/*
 * Issue 44 items 1-2 over HTTP: a June of a Maharashtra (27) business, every figure worked by hand.
 * GSTR-3B's JSON is the GST portal's offline-utility format as india-compliance builds it
 * (resilient-tech/india-compliance, gst_india/doctype/gstr_3b_report/gstr_3b_report_template.json);
 * the B2CL limit ₹1 lakh from 1 August 2024 (india-compliance #2413); set-off CGST Act s.49(5),
 * s.49A, Rule 88A; reverse charge in cash, s.49(4). Exports (3.1(b)) are not modelled.
 */
describe('GSTR-3B and the tie-out', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);

  it('June: intra B2B with nil and exempt lines, B2CL and B2CS across states, a credit note, bills, a debit note, reverse charge', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    const buyer = (await write('post', '/api/sales/customers', { name: 'Pune Mart', gstNumber: '27ABCPT5678L1ZV' })).id;
    const walkIn = (await write('post', '/api/sales/customers', { name: 'Walk-in' })).id;
    const sale = (customerId: number, date: string, lines: unknown[], placeOfSupply?: string) =>
      write('post', salesInvoices.path, { customerId, invoiceDate: date, taxMode: 'gst', ...(placeOfSupply ? { placeOfSupply } : {}), lines });
    // 10,000 at 18 % → CGST 900, SGST 900; rice 300 nil-rated; milk 500 exempt.
    await sale(buyer, '2026-06-02', [
      { itemName: 'Kettle', quantity: '10', rate: '1000', gstRate: '18' },
      { itemName: 'Rice', quantity: '10', rate: '30', gstRate: '0' },
      { itemName: 'Milk', quantity: '10', rate: '50', gstRate: '0', gstCategory: 'exempt' },
    ]);
    // Karnataka (29), unregistered: 1,50,000 at 18 % → IGST 27,000; 1,77,000 > ₹1 lakh: B2CL.
    const large = await sale(walkIn, '2026-06-03', [{ itemName: 'Machine', quantity: '1', rate: '150000', gstRate: '18' }], '29');
    // Gujarat (24), unregistered: 2,000 at 12 % → IGST 240: B2CS.
    await sale(walkIn, '2026-06-04', [{ itemName: 'Notebooks', quantity: '20', rate: '100', gstRate: '12' }], '24');
    // A credit note on the machine: 10,000 back → IGST 1,800 at 29.
    await write('post', creditNotes.path, { customerId: walkIn, invoiceId: large.id, noteDate: '2026-06-20', taxMode: 'gst', noteType: 'price', lines: [{ itemName: 'Machine', quantity: '1', rate: '10000', gstRate: '18' }] });

    const pune = (await write('post', '/api/purchase/vendors', { name: 'Pune Steel', gstNumber: '27ABCPT5678L1ZV' })).id;
    const bangalore = (await write('post', '/api/purchase/vendors', { name: 'Bangalore Tea', gstNumber: '29AAHCM7727Q1ZI' })).id;
    const carrier = (await write('post', '/api/purchase/vendors', { name: 'Local Carrier' })).id;
    // 10 × 2,000 at 18 % → CGST 1,800, SGST 1,800; a debit note returns 1 → CGST 180, SGST 180.
    const steel = await write('post', purchaseInvoices.path, { vendorId: pune, invoiceNumber: 'PS/1', invoiceDate: '2026-06-05', taxMode: 'gst', lines: [{ itemName: 'Steel', quantity: '10', rate: '2000', gstRate: '18' }] });
    await write('post', debitNotes.path, { vendorId: pune, invoiceId: steel.id, noteDate: '2026-06-25', lines: [{ invoiceLineNo: 1, quantity: '1' }] });
    // From Karnataka: 5,000 at 5 % → IGST 250.
    await write('post', purchaseInvoices.path, { vendorId: bangalore, invoiceNumber: 'KA/9', invoiceDate: '2026-06-06', taxMode: 'gst', lines: [{ itemName: 'Tea', quantity: '1', rate: '5000', gstRate: '5' }] });
    // Freight from an unregistered carrier on reverse charge: 1,000 at 18 % → CGST 90, SGST 90.
    await write('post', purchaseInvoices.path, { vendorId: carrier, invoiceNumber: 'GTA/4', invoiceDate: '2026-06-07', taxMode: 'gst', reverseCharge: true, lines: [{ itemName: 'Freight', quantity: '1', rate: '1000', gstRate: '18' }] });

    const report = await read<Gstr3bReport>(`${BOOKS_PATHS.gstr3b}?period=2026-06`);
    const json = report.json as Record<string, unknown>;
    expect(json.ret_period).toBe('062026');
    expect(json.sup_details).toEqual({
      // 10,000 + 1,50,000 + 2,000 − 10,000; IGST 27,000 + 240 − 1,800.
      osup_det: { txval: 152000, iamt: 25440, camt: 900, samt: 900, csamt: 0 },
      osup_zero: { txval: 0, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: 800 },
      isup_rev: { txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 },
      osup_nongst: { txval: 0 },
    });
    expect(json.inter_sup).toEqual({ unreg_details: [{ pos: '24', txval: 2000, iamt: 240 }, { pos: '29', txval: 140000, iamt: 25200 }], comp_details: [], uin_details: [] });
    // 4(A)(5): IGST 250; CGST and SGST 1,800 − 180 = 1,620. 4(A)(3): 90 + 90. Net 250 / 1,710 / 1,710.
    expect((json.itc_elg as { itc_net: unknown }).itc_net).toEqual({ iamt: 250, camt: 1710, samt: 1710, csamt: 0 });
    expect(report.itcBills.map((b) => [b.number, b.cgst, b.igst])).toEqual([['PS/1', '1800.00', '0.00'], ['KA/9', '0.00', '250.00'], [expect.stringMatching(/^DN\//), '-180.00', '0.00']]);
    // 6.1: IGST 25,440 − 250 − 810 (CGST credit left after CGST 900) − 810 (SGST's) = 23,570; CGST and SGST 90 each, the reverse charge.
    expect(report.payment.cash).toEqual({ igst: '23570.00', cgst: '90.00', sgst: '90.00' });
    expect(report.payment.totalCash).toBe('23750.00');

    // The file for the portal: the JSON alone, as an attachment.
    const file = await t.owner.get(`${BOOKS_PATHS.gstr3b}?period=2026-06&file=json`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="GSTR3B-27AAPFU0939F1ZV-2026-06.json"');
    expect(file.body).toEqual(json);
  });

  it('the tie-out of June: books, GSTR-1 and GSTR-3B agree on every head — ready to file', async () => {
    const tie = await read<TieOutReport>(`${BOOKS_PATHS.gstTieOut}?period=2026-06`);
    // Taxable 10,800 + 1,50,000 + 2,000 − 10,000 = 1,52,800; IGST 25,440; CGST and SGST 900.
    const out = { taxable: '152800.00', igst: '25440.00', cgst: '900.00', sgst: '900.00', cess: '0.00' };
    expect(tie.outward).toEqual({ books: out, gstr1: out, gstr3b: out, differences: [] });
    // Input GST in the books: CGST 1,800 − 180 + 90; IGST 250.
    const input = { taxable: '0.00', igst: '250.00', cgst: '1710.00', sgst: '1710.00', cess: '0.00' };
    expect(tie.input).toEqual({ books: input, gstr1: null, gstr3b: input, differences: [] });
    expect(tie.ready).toBe(true);
  });

  it('a journal voucher to Output CGST is a difference the tie-out names; a bad month or file is a 400 naming it', async () => {
    await write('post', JOURNAL_VOUCHERS_PATH, { voucherDate: '2026-06-30', voucherType: 'Journal', voucherNumber: 'JV/7', lines: [{ account: 'general-expenses', debit: '50.00' }, { account: 'output-cgst', credit: '50.00' }] });
    const tie = await read<TieOutReport>(`${BOOKS_PATHS.gstTieOut}?period=2026-06`);
    expect(tie.outward.books.cgst).toBe('950.00');
    expect(tie.outward.differences).toEqual([expect.objectContaining({ document: 'Journal voucher JV/7', reason: 'journal-entry', explained: true, books: expect.objectContaining({ cgst: '50.00' }) })]);
    expect(tie.ready).toBe(true);
    for (const [path, field] of [[`${BOOKS_PATHS.gstr3b}?period=2026-13`, 'period'], [`${BOOKS_PATHS.gstr3b}?period=2026-06&file=xml`, 'file'], [`${BOOKS_PATHS.gstTieOut}?period=June`, 'period']] as const) {
      const refused = await t.owner.get(path);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ path: field })]) });
    }
  });
});
