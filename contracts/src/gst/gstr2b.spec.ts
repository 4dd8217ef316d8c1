import { describe, expect, it } from 'vitest';

import { type BookBill, followUpMessage, imsUpload, matchGstr2b, normaliseInvoiceNumber, readGstr2b, readIms } from '../index';

/**
 * GSTR-2B matching (issue 44 item 3). Vectors written by hand. The file layout is the portal's as
 * india-compliance reads it: `gst_india/utils/gstr_2/gstr_2b.py` (GSTR2bB2B: `inum`, `dt`
 * dd-mm-yyyy, `val`, `pos`, `rev`, `typ`, `items[]` of `txval igst cgst sgst cess`; GSTR2bCDNR:
 * `nt[]` with `ntnum`) and its sample `gst_india/data/test_gstr_2b.json` (`data.docdata`, `rtnprd`
 * MMYYYY); the number cleaning is `purchase_reconciliation_tool/__init__.py::get_cleaner_bill_no`.
 */
const OURS = '27AAPFU0939F1ZV';
const SUPPLIER = '29AAHCM7727Q1ZI';
const OTHER = '24AANFA2641L1ZF';

const bill = (over: Partial<BookBill>): BookBill => ({
  id: 1, stream: `purchase-invoice-${over.id ?? 1}`, number: 'INV-1', date: '2026-04-10', vendorName: 'Mehta Traders', gstin: SUPPLIER,
  taxableValue: '1000.00', igst: '180.00', cgst: '0.00', sgst: '0.00', cess: '0.00', total: '1180.00', ...over,
});

const file = (docdata: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ chksum: 'x', data: { gstin: OURS, rtnprd: '042026', gendt: '14-05-2026', version: '1.0', docdata, ...extra } });
const inv = (inum: string, dt: string, txval: number, igst: number, extra: Record<string, unknown> = {}) => ({
  inum, typ: 'R', dt, val: txval + igst, pos: '27', rev: 'N', itcavl: 'Y', items: [{ num: 1, rt: 18, txval, igst, cgst: 0, sgst: 0, cess: 0 }], ...extra,
});

describe('normaliseInvoiceNumber: the way india-compliance cleans a bill number, with case and zeros of every part', () => {
  it.each([
    ['INV/2026-27/0045', '2026-05-01', 'INV 45'],
    ['inv-26-27-45', '2026-05-01', 'INV 45'],
    ['INV/26/27/045', '2026-05-01', 'INV 45'],
    ['  INV  045 ', '2026-05-01', 'INV 45'],
    ['0045', '2026-05-01', '45'],
    ['000', '2026-05-01', '0'],
    // In January 2027 the year is still 2026-27.
    ['A/2026-2027/7', '2027-01-15', 'A 7'],
    // Another year's text stays: it is part of the number then.
    ['INV/2025-26/45', '2026-05-01', 'INV 2025 26 45'],
  ])('%s on %s → %s', (number, date, expected) => {
    expect(normaliseInvoiceNumber(number, date)).toBe(expected);
  });

  it('keeps parts apart: 1/23 is not 12/3', () => {
    expect(normaliseInvoiceNumber('1/23', '2026-05-01')).not.toBe(normaliseInvoiceNumber('12/3', '2026-05-01'));
  });
});

describe('matchGstr2b: statuses and what differs', () => {
  const twoB = readGstr2b(
    file({
      b2b: [
        { ctin: SUPPLIER, trdnm: 'Mehta Traders', supprd: '042026', inv: [inv('inv/0001', '10-04-2026', 1000, 180), inv('INV-2', '12-04-2026', 2050, 369), inv('INV-3', '14-04-2026', 500, 90), inv('X-9', '20-04-2026', 300, 54)] },
        { ctin: OTHER, trdnm: 'Arvind Mills', inv: [inv('77', '15-04-2026', 100, 18)] },
      ],
      cdnr: [{ ctin: SUPPLIER, trdnm: 'Mehta Traders', nt: [{ ntnum: 'CN-1', typ: 'C', suptyp: 'R', dt: '25-04-2026', val: 118, pos: '27', rev: 'N', items: [{ txval: 100, igst: 18, cgst: 0, sgst: 0, cess: 0 }] }] }],
    }),
  );
  const bills = [
    bill({ id: 1, number: 'INV-1' }), // = inv/0001
    bill({ id: 2, number: 'INV-2', date: '2026-04-12', taxableValue: '2000.00', igst: '369.00', total: '2369.00' }), // taxable ₹50 below
    bill({ id: 3, number: 'INV-3', date: '2026-04-13', taxableValue: '500.50', igst: '90.00', total: '590.50' }), // a day early, 50 paise off
    bill({ id: 4, number: 'X-90', date: '2026-04-20', taxableValue: '300.00', igst: '54.00', total: '354.00' }), // number typed wrong
    bill({ id: 5, number: 'INV-5', date: '2026-04-28', taxableValue: '700.00', igst: '126.00', total: '826.00' }), // not in 2B
    bill({ id: 6, number: '77', date: '2026-04-15', gstin: '29AAAAA0000A1Z5', taxableValue: '100.00', igst: '18.00', total: '118.00' }), // same number, another supplier
  ];

  it('reads the file: period, GSTIN, each document with its items summed', () => {
    expect(twoB.period).toBe('2026-04');
    expect(twoB.gstin).toBe(OURS);
    expect(twoB.documents).toHaveLength(6);
    expect(twoB.documents[0]).toMatchObject({ key: `invoice:${SUPPLIER}:inv/0001`, date: '2026-04-10', taxableValue: '1000.00', igst: '180.00', value: '1180.00', supplierPeriod: '042026', supplyType: 'R' });
    expect(twoB.documents[5]).toMatchObject({ kind: 'credit-note', number: 'CN-1', supplierPeriod: '042026' });
  });

  it('with ₹1 tolerance: matched, mismatched naming what differs, only in 2B, only in books', () => {
    const rows = matchGstr2b(bills, twoB.documents, '1.00');
    const of = (id: number) => rows.find((r) => r.bill?.id === id)!;
    expect(of(1)).toMatchObject({ status: 'matched', differences: [] });
    expect(of(1).document?.number).toBe('inv/0001');
    expect(of(2)).toMatchObject({ status: 'mismatched', differences: [{ field: 'taxableValue', books: '2000.00', portal: '2050.00' }] });
    expect(of(3)).toMatchObject({ status: 'mismatched', differences: [{ field: 'date', books: '2026-04-13', portal: '2026-04-14' }] });
    expect(of(4)).toMatchObject({ status: 'mismatched', differences: [{ field: 'number', books: 'X-90', portal: 'X-9' }] });
    expect(of(5)).toMatchObject({ status: 'only-in-books', document: null });
    expect(of(6)).toMatchObject({ status: 'only-in-books', document: null });
    const onlyIn2b = rows.filter((r) => r.status === 'only-in-2b').map((r) => r.document?.number);
    expect(onlyIn2b).toEqual(['77', 'CN-1']);
    expect(rows).toHaveLength(8);
  });

  it('with no tolerance the 50 paise count; with ₹60 the ₹50 does not', () => {
    const exact = matchGstr2b(bills, twoB.documents, '0');
    expect(exact.find((r) => r.bill?.id === 3)?.differences.map((d) => d.field)).toEqual(['date', 'taxableValue']);
    const loose = matchGstr2b(bills, twoB.documents, '60');
    expect(loose.find((r) => r.bill?.id === 2)?.status).toBe('matched');
  });

  it('a purchase invoice and an expense with the same id and amounts: each paired with its own 2B invoice by number, told apart by stream', () => {
    const { documents } = readGstr2b(file({ b2b: [{ ctin: SUPPLIER, inv: [inv('SR/2', '10-04-2026', 1000, 180), inv('SR/1', '10-04-2026', 1000, 180)] }] }));
    const both = [bill({ id: 7, stream: 'expense-entry-7', number: 'SR/2' }), bill({ id: 7, stream: 'purchase-invoice-7', number: 'SR/1' })];
    const rows = matchGstr2b(both, documents, '1.00');
    expect(rows.map((r) => [r.status, r.bill?.stream, r.document?.number])).toEqual([
      ['matched', 'expense-entry-7', 'SR/2'],
      ['matched', 'purchase-invoice-7', 'SR/1'],
    ]);
  });

  it('a tax head beyond the tolerance is a tax difference, totals shown', () => {
    const rows = matchGstr2b([bill({ igst: '0.00', cgst: '90.00', sgst: '90.00' })], twoB.documents.slice(0, 1), '1.00');
    expect(rows[0]).toMatchObject({ status: 'mismatched', differences: [{ field: 'tax', books: '180.00', portal: '180.00' }] });
  });
});

describe('the follow-up message and the IMS upload', () => {
  it('names the bill, its date, amount and our GSTIN', () => {
    const text = followUpMessage(bill({ number: 'INV-5', date: '2026-04-28', taxableValue: '700.00', igst: '126.00', total: '826.00' }), '2026-04', { name: 'Sharma Traders', gstin: OURS });
    expect(text).toBe(`Namaste Mehta Traders, your bill INV-5 dated 28-04-2026 for ₹826.00 (taxable ₹700.00, GST ₹126.00) is not in our GSTR-2B for April 2026. Please report it in your GSTR-1 against our GSTIN ${OURS}. Thank you, Sharma Traders`);
  });

  it('groups records by section, codes the actions, dates dd-mm-yyyy, amounts as numbers', () => {
    const { documents } = readGstr2b(file({ b2b: [{ ctin: SUPPLIER, inv: [inv('INV-2', '12-04-2026', 2050, 369)] }], cdnr: [{ ctin: SUPPLIER, nt: [{ ntnum: 'CN-1', typ: 'C', dt: '25-04-2026', val: 118, pos: '27', rev: 'N', items: [{ txval: 100, igst: 18 }] }] }] }));
    expect(imsUpload([{ document: documents[0]!, action: 'reject', previous: 'none' }, { document: documents[1]!, action: 'accept', previous: null }])).toEqual({
      b2b: [{ stin: SUPPLIER, inv_typ: 'R', srcform: 'R1', rtnprd: '042026', val: 2419, pos: '27', prev_status: 'N', iamt: 369, camt: 0, samt: 0, cess: 0, txval: 2050, action: 'R', inum: 'INV-2', idt: '12-04-2026' }],
      b2bcn: [{ stin: SUPPLIER, inv_typ: 'R', srcform: 'R1', rtnprd: '042026', val: 118, pos: '27', iamt: 18, camt: 0, samt: 0, cess: 0, txval: 100, action: 'A', nt_num: 'CN-1', nt_dt: '25-04-2026' }],
    });
  });
});

describe('bad files are refused naming what is wrong', () => {
  const refused = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { issues: { path: string; message: string }[] }).issues;
    }
    throw new Error('not refused');
  };
  it.each([
    ['not JSON', '{"data": ', 'file', 'Not JSON'],
    ['no data', '{"b2b": []}', 'file.data', '"data" is missing'],
    ['a bad date', file({ b2b: [{ ctin: SUPPLIER, inv: [inv('A', '2026-04-12', 1, 0)] }] }), 'file.data.docdata.b2b.0.inv.0.dt', 'dd-mm-yyyy'],
    ['a text amount', file({ b2b: [{ ctin: SUPPLIER, inv: [{ ...inv('A', '12-04-2026', 1, 0), val: '1' }] }] }), 'file.data.docdata.b2b.0.inv.0.val', 'number'],
    ['a bad period', JSON.stringify({ data: { gstin: OURS, rtnprd: '132026', docdata: {} } }), 'file.data.rtnprd', 'MMYYYY'],
  ])('%s', (_, text, path, words) => {
    const issues = refused(() => readGstr2b(text));
    expect(issues[0]?.path).toBe(path);
    expect(issues[0]?.message).toContain(words);
  });

  it('too many documents', () => {
    const many = Array.from({ length: 2001 }, (_, i) => inv(`A${i}`, '12-04-2026', 1, 0));
    expect(refused(() => readGstr2b(file({ b2b: [{ ctin: SUPPLIER, inv: many }] })))[0]?.path).toBe('file.data.docdata.b2b.0.inv');
  });

  it('an IMS file: actions by the period of the supplier\'s return; a bad action named', () => {
    const ims = { b2b: [{ stin: SUPPLIER, inum: 'INV-2', idt: '12-04-2026', action: 'R', rtnprd: '042026', inv_typ: 'R', val: 2419, pos: '27', txval: 2050, iamt: 369, camt: 0, samt: 0, cess: 0 }] };
    expect(readIms(JSON.stringify(ims))).toEqual([{ key: `invoice:${SUPPLIER}:INV-2`, period: '2026-04', action: 'reject' }]);
    expect(refused(() => readIms(JSON.stringify({ b2b: [{ ...ims.b2b[0], action: 'X' }] })))[0]?.path).toBe('file.b2b.0.action');
  });
});
