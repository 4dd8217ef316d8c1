import { api, BOOKS_PATHS, BUSINESS_PATH, type Gstr2bMatch, GSTR2B_PATHS, type MatchedItc, purchaseInvoices } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/**
 * GSTR-2B matching and IMS over HTTP (issue 44 item 3). The 2B file is written by hand in the
 * portal's layout as india-compliance reads it (`india_compliance/gst_india/utils/gstr_2/gstr_2b.py`
 * GSTR2bB2B, sample `gst_india/data/test_gstr_2b.json`); the IMS file as its
 * `gst_india/data/test_ims.json`; the IMS upload as `gstr_2/ims.py::convert_data_to_gov_format`.
 * Figures are kept in integer paise here.
 */
const OURS = '27AAPFU0939F1ZV';
const MEHTA = '29AAHCM7727Q1ZI';
const ARVIND = '24AANFA2641L1ZF';
const APRIL = '2026-04';

const inv = (inum: string, dt: string, txval: number, igst: number) => ({ inum, typ: 'R', dt, val: txval + igst, pos: '27', rev: 'N', itcavl: 'Y', items: [{ num: 1, rt: 18, txval, igst, cgst: 0, sgst: 0, cess: 0 }] });
const twoB = (rtnprd: string, b2b: unknown[], gstin = OURS) => JSON.stringify({ chksum: 'x', data: { gstin, rtnprd, gendt: '14-05-2026', version: '1.0', docdata: { b2b } } });
const APRIL_2B = twoB('042026', [
  // MT/2026-27/0001 in the books, MT/1 on the portal: the same number normalised.
  { ctin: MEHTA, trdnm: 'Mehta Traders', supprd: '042026', inv: [inv('MT/1', '10-04-2026', 1000, 180), inv('MT-2', '12-04-2026', 2050, 360)] },
  // Not in the books.
  { ctin: ARVIND, trdnm: 'Arvind Mills', supprd: '042026', inv: [inv('AR/77', '15-04-2026', 300, 54)] },
]);
const paise = (money: string) => BigInt(money.replace('.', ''));

describe('GSTR-2B matching and IMS', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const count2bEvents = async () => (await read<unknown[]>(`${api.events}?type=Gstr2bImported&limit=1000`)).length;
  const keyOf = (ctin: string, number: string) => `invoice:${ctin}:${number}`;

  it('sets up the business in Maharashtra and three bills from Karnataka in April', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: OURS });
    const mehta = (await write('post', '/api/purchase/vendors', { name: 'Mehta Traders', gstNumber: MEHTA })).id;
    const bill = (invoiceNumber: string, invoiceDate: string, rate: string) =>
      write('post', purchaseInvoices.path, { vendorId: mehta, invoiceNumber, invoiceDate, taxMode: 'gst', lines: [{ itemName: 'Cloth', quantity: '1', rate, gstRate: '18' }] });
    // Inter-state: IGST 18 %. 1,000 → 180; 2,000 → 360; 500 → 90.
    expect(await bill('MT/2026-27/0001', '2026-04-10', '1000')).toMatchObject({ igst: '180.00', totalAmount: '1180.00' });
    expect(await bill('MT-2', '2026-04-12', '2000')).toMatchObject({ igst: '360.00', totalAmount: '2360.00' });
    expect(await bill('MT-3', '2026-04-20', '500')).toMatchObject({ igst: '90.00', totalAmount: '590.00' });
  });

  it('a malformed file is a 400 saying what is wrong, and nothing is stored', async () => {
    const badDate = twoB('042026', [{ ctin: MEHTA, inv: [{ ...inv('MT/1', '2026-04-10', 1000, 180) }] }]);
    const cases: [string, string, string][] = [
      [badDate, 'file.data.docdata.b2b.0.inv.0.dt', 'dd-mm-yyyy'],
      ['{"data": {', 'file', 'Not JSON'],
      [twoB('042026', [{ ctin: MEHTA, inv: [{ ...inv('MT/1', '10-04-2026', 1000, 180), items: [] }] }]), 'file.data.docdata.b2b.0.inv.0.items', 'At least one item'],
      [twoB('042026', [], '29AAHCM7727Q1ZI'), 'file.data.gstin', 'for 29AAHCM7727Q1ZI'],
    ];
    for (const [file, path, words] of cases) {
      const res = await t.owner.post(GSTR2B_PATHS.imports, { file, fileName: 'bad.json' });
      expect(res.status, res.text).toBe(400);
      const issue = (res.body as { issues: { path: string; message: string }[] }).issues[0];
      expect(issue?.path).toBe(path);
      expect(issue?.message).toContain(words);
    }
    expect(await count2bEvents()).toBe(0);
    expect((await read<Gstr2bMatch>(GSTR2B_PATHS.period(APRIL))).imported).toBeNull();
  });

  it('imports April: matched, mismatched by ₹50 of taxable value, only in 2B, only in books with its message', async () => {
    expect(await write('post', GSTR2B_PATHS.imports, { file: APRIL_2B, fileName: 'GSTR2B-042026.json' })).toEqual({ period: APRIL, importId: 1, documents: 3, replaced: false, notRead: [] });
    const match = await read<Gstr2bMatch>(GSTR2B_PATHS.period(APRIL));
    expect(match).toMatchObject({ period: APRIL, tolerance: '1.00', imported: { importId: 1, fileName: 'GSTR2B-042026.json', by: 'owner' }, counts: { matched: 1, mismatched: 1, onlyIn2b: 1, onlyInBooks: 1 } });
    const rows = match.rows.map((r) => [r.status, r.bill?.number ?? null, r.document?.number ?? null, r.differences]);
    expect(rows).toEqual([
      ['matched', 'MT/2026-27/0001', 'MT/1', []],
      ['mismatched', 'MT-2', 'MT-2', [{ field: 'taxableValue', books: '2000.00', portal: '2050.00' }]],
      ['only-in-books', 'MT-3', null, []],
      ['only-in-2b', null, 'AR/77', []],
    ]);
    expect(match.rows[2]?.followUp).toBe(
      `Namaste Mehta Traders, your bill MT-3 dated 20-04-2026 for ₹590.00 (taxable ₹500.00, GST ₹90.00) is not in our GSTR-2B for April 2026. Please report it in your GSTR-1 against our GSTIN ${OURS}. Thank you, Sharma Traders`,
    );
    expect(match.rows.filter((r) => r.status !== 'only-in-books').every((r) => r.followUp === null && r.action === null)).toBe(true);
  });

  it('an IMS file sets the portal\'s actions; the owner accepts; the IMS upload holds what changed', async () => {
    const ims = { b2b: [
      { stin: MEHTA, inum: 'MT/1', idt: '10-04-2026', action: 'P', rtnprd: '042026', inv_typ: 'R', srcform: 'R1', val: 1180, pos: '27', txval: 1000, iamt: 180, camt: 0, samt: 0, cess: 0, ispendactblocked: 'N', srcfilstatus: 'Filed' },
      { stin: ARVIND, inum: 'AR/77', idt: '15-04-2026', action: 'R', rtnprd: '042026', inv_typ: 'R', srcform: 'R1', val: 354, pos: '27', txval: 300, iamt: 54, camt: 0, samt: 0, cess: 0 },
    ] };
    expect(await write('post', GSTR2B_PATHS.ims, { file: JSON.stringify(ims), fileName: 'ims.json' })).toEqual({ periods: [{ period: APRIL, statuses: 2 }] });
    const itcBefore = await read<MatchedItc>(GSTR2B_PATHS.itc(APRIL));
    expect([itcBefore.igst, itcBefore.counted]).toEqual(['0.00', []]);
    expect(itcBefore.excluded.map((e) => [e.number, e.reason])).toEqual([
      ['MT/2026-27/0001', 'Kept pending'],
      ['MT-2', 'Differs from GSTR-2B: taxable value'],
      ['MT-3', 'Not in GSTR-2B: ask the supplier to report it'],
    ]);

    for (const number of ['MT/1', 'MT-2']) await write('post', GSTR2B_PATHS.actions(APRIL), { key: keyOf(MEHTA, number), action: 'accept' });
    const again = await t.owner.post(GSTR2B_PATHS.actions(APRIL), { key: keyOf(MEHTA, 'MT/1'), action: 'accept' });
    expect(again.status).toBe(409);
    const unknown = await t.owner.post(GSTR2B_PATHS.actions(APRIL), { key: keyOf(MEHTA, 'MT-3'), action: 'accept' });
    expect([unknown.status, (unknown.body as { issues: { path: string }[] }).issues[0]?.path]).toEqual([400, 'key']);

    const match = await read<Gstr2bMatch>(GSTR2B_PATHS.period(APRIL));
    expect(match.rows.map((r) => r.action && [r.action.action, r.action.source, r.action.by])).toEqual([['accept', 'owner', 'owner'], ['accept', 'owner', 'owner'], null, ['reject', 'ims', 'owner']]);

    const upload = await t.owner.get(GSTR2B_PATHS.imsUpload(APRIL));
    expect(upload.status).toBe(200);
    expect(upload.headers.get('content-disposition')).toBe(`attachment; filename="IMS-${OURS}-042026.json"`);
    expect(upload.body).toEqual({
      b2b: [
        { stin: MEHTA, inv_typ: 'R', srcform: 'R1', rtnprd: '042026', val: 1180, pos: '27', prev_status: 'P', iamt: 180, camt: 0, samt: 0, cess: 0, txval: 1000, action: 'A', inum: 'MT/1', idt: '10-04-2026' },
        { stin: MEHTA, inv_typ: 'R', srcform: 'R1', rtnprd: '042026', val: 2410, pos: '27', iamt: 360, camt: 0, samt: 0, cess: 0, txval: 2050, action: 'A', inum: 'MT-2', idt: '12-04-2026' },
      ],
    });
  });

  it('ITC counts only bills matched AND accepted, in paise; a tolerance of ₹60 lets the ₹50 through', async () => {
    const itc = await read<MatchedItc>(GSTR2B_PATHS.itc(APRIL));
    // MT/2026-27/0001 only: IGST 180.00.
    expect([paise(itc.igst), paise(itc.cgst), paise(itc.sgst), paise(itc.cess)]).toEqual([18_000n, 0n, 0n, 0n]);
    expect(itc.counted.map((c) => c.number)).toEqual(['MT/2026-27/0001']);
    expect(itc.excluded.map((e) => e.number)).toEqual(['MT-2', 'MT-3']);
    // GSTR-3B table 4 takes the same credit once the month's 2B is in: IGST 180.00, the bill it names.
    const gstr3b = await read<{ json: { itc_elg: { itc_net: { iamt: number; camt: number; samt: number } } }; itcBills: { number: string }[] }>(`${BOOKS_PATHS.gstr3b}?period=${APRIL}`);
    expect(gstr3b.json.itc_elg.itc_net).toMatchObject({ iamt: 180, camt: 0, samt: 0 });
    expect(gstr3b.itcBills.map((b) => b.number)).toEqual(['MT/2026-27/0001']);

    expect(await write('put', GSTR2B_PATHS.tolerance(APRIL), { tolerance: '60' })).toEqual({ period: APRIL, tolerance: '60.00' });
    const loose = await read<MatchedItc>(GSTR2B_PATHS.itc(APRIL));
    // 180.00 + 360.00 = 540.00.
    expect(paise(loose.igst)).toBe(18_000n + 36_000n);
    const refused = await t.owner.put(GSTR2B_PATHS.tolerance(APRIL), { tolerance: '1001' });
    expect([refused.status, (refused.body as { issues: { path: string }[] }).issues[0]?.path]).toEqual([400, 'tolerance']);
    await write('put', GSTR2B_PATHS.tolerance(APRIL), { tolerance: '1' });
  });

  it('a re-import replaces the period\'s documents and keeps the first in the log; actions on documents still there stay', async () => {
    const without = twoB('042026', [{ ctin: MEHTA, trdnm: 'Mehta Traders', inv: [inv('MT/1', '10-04-2026', 1000, 180)] }]);
    expect(await write('post', GSTR2B_PATHS.imports, { file: without, fileName: 'GSTR2B-042026-v2.json' })).toMatchObject({ importId: 2, documents: 1, replaced: true });
    const match = await read<Gstr2bMatch>(GSTR2B_PATHS.period(APRIL));
    expect(match.counts).toEqual({ matched: 1, mismatched: 0, onlyIn2b: 0, onlyInBooks: 2 });
    expect(match.rows[0]?.action?.action).toBe('accept');
    expect(await count2bEvents()).toBe(2);
  });

  it('a rebuild from the log gives the same periods, row for row', async () => {
    const periods = async () => (await sql<Record<string, unknown>>`select * from gstr2b_periods order by period`.execute(t.database.db)).rows;
    const before = await periods();
    expect(before.map((r) => r.period)).toEqual([APRIL]);
    const rebuilt = await runCli(['rebuild', 'gstr2b_periods'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await periods()).toEqual(before);
  });

  it('a period beyond the accepted years is a 400 naming it', async () => {
    const res = await t.owner.get(GSTR2B_PATHS.period('3000-01'));
    expect([res.status, (res.body as { issues: { path: string }[] }).issues[0]?.path]).toEqual([400, 'period']);
  });
});
