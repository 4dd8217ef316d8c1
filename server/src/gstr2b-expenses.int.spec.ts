import { BOOKS_PATHS, BUSINESS_PATH, expenses, type Gstr2bMatch, GSTR2B_PATHS, type MatchedItc, purchaseInvoices, vendorsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/**
 * GSTR-2B matching of expenses (issue 45): every kind whose GST document is a bill is matched, so
 * an expense from a registered supplier is paired with the supplier's invoice in the 2B like a
 * purchase invoice. Here a purchase invoice and an expense carry the same id (1), the same
 * supplier, date and amounts and numbers of one pattern (PE/1, PE/2): each pairs with its own 2B
 * line, an action on one leaves the other alone, and GSTR-3B's table 4 in matched mode counts the
 * expense's tax. An action taken before the expense was recorded (as those in the log from before
 * expenses were matched) still applies to the invoice. Figures are kept in integer paise here.
 */
const OURS = '27AAPFU0939F1ZV';
const PATIL = '27ABCPT5678L1ZV';
const MAY = '2026-05';
// Each document: ₹10,000 taxable, intra-state 18 %: CGST 9 % and SGST 9 %.
const TAXABLE = 1_000_000;
const HALF = (TAXABLE * 9) / 100;

const rupees = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
const paise = (money: string) => Number(money.replace('.', ''));
const inv = (inum: string) => ({ inum, typ: 'R', dt: '08-05-2026', val: (TAXABLE + 2 * HALF) / 100, pos: '27', rev: 'N', itcavl: 'Y', items: [{ num: 1, rt: 18, txval: TAXABLE / 100, igst: 0, cgst: HALF / 100, sgst: HALF / 100, cess: 0 }] });
const MAY_2B = JSON.stringify({ chksum: 'x', data: { gstin: OURS, rtnprd: '052026', gendt: '14-06-2026', version: '1.0', docdata: { b2b: [{ ctin: PATIL, trdnm: 'Patil Estates', supprd: '052026', inv: [inv('PE/1'), inv('PE/2')] }] } } });
const keyOf = (number: string) => `invoice:${PATIL}:${number}`;

type Gstr3b = { json: { itc_elg: { itc_net: { iamt: number; camt: number; samt: number } } }; itcBills: { stream: string; number: string }[] };

describe('GSTR-2B matching of expenses beside purchase invoices', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const ids = { invoice: 0, expense: 0 };
  const line = { quantity: '1', rate: rupees(TAXABLE), gstRate: '18' };
  const itcOf = async () => read<MatchedItc>(GSTR2B_PATHS.itc(MAY));
  const gstr3b = async () => read<Gstr3b>(`${BOOKS_PATHS.gstr3b}?period=${MAY}`);
  const net = (g: Gstr3b) => [Math.round(g.json.itc_elg.itc_net.iamt * 100), Math.round(g.json.itc_elg.itc_net.camt * 100), Math.round(g.json.itc_elg.itc_net.samt * 100)];

  it('a purchase invoice from a registered supplier, its 2B imported and its invoice accepted before any expense', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Kirana', state: '27', gstin: OURS });
    const patil = (await write('post', vendorsEntity.path, { name: 'Patil Estates', gstNumber: PATIL })).id;
    const invoice = await write('post', purchaseInvoices.path, { vendorId: patil, invoiceNumber: 'PE/1', invoiceDate: '2026-05-08', taxMode: 'gst', lines: [{ itemName: 'Shelving', ...line }] });
    expect(invoice).toMatchObject({ cgst: rupees(HALF), sgst: rupees(HALF), totalAmount: rupees(TAXABLE + 2 * HALF) });
    ids.invoice = invoice.id;
    expect(await write('post', GSTR2B_PATHS.imports, { file: MAY_2B, fileName: 'GSTR2B-052026.json' })).toMatchObject({ period: MAY, documents: 2 });
    await write('post', GSTR2B_PATHS.actions(MAY), { key: keyOf('PE/1'), action: 'accept' });

    // The expense: rent from the same supplier, its number typed as the supplier's, same day and amounts.
    const expense = await write('post', expenses.path, { vendorId: patil, expenseNumber: 'PE/2', expenseDate: '2026-05-08', category: 'rent', taxMode: 'gst', lines: [{ itemName: 'Shop rent', ...line }] });
    expect(expense).toMatchObject({ cgst: rupees(HALF), sgst: rupees(HALF), totalAmount: rupees(TAXABLE + 2 * HALF) });
    ids.expense = expense.id;
    // The same id in two kinds: only the stream tells them apart.
    expect(ids.expense).toBe(ids.invoice);
  });

  it('each is matched to its own 2B line and named by its stream; the old action stays on the invoice only', async () => {
    const match = await read<Gstr2bMatch>(GSTR2B_PATHS.period(MAY));
    expect(match.counts).toEqual({ matched: 2, mismatched: 0, onlyIn2b: 0, onlyInBooks: 0 });
    expect(match.rows.map((r) => [r.status, r.bill?.stream, r.bill?.number, r.document?.key, r.action?.action ?? null])).toEqual([
      ['matched', expenses.streamOf(ids.expense), 'PE/2', keyOf('PE/2'), null],
      ['matched', purchaseInvoices.streamOf(ids.invoice), 'PE/1', keyOf('PE/1'), 'accept'],
    ]);
    expect(match.rows.map((r) => [paise(r.bill!.taxableValue), paise(r.bill!.cgst), paise(r.bill!.sgst), paise(r.bill!.total)])).toEqual([
      [TAXABLE, HALF, HALF, TAXABLE + 2 * HALF],
      [TAXABLE, HALF, HALF, TAXABLE + 2 * HALF],
    ]);
  });

  it('matched ITC and GSTR-3B table 4 count the accepted invoice only, the expense left out as not accepted', async () => {
    const itc = await itcOf();
    expect([paise(itc.igst), paise(itc.cgst), paise(itc.sgst)]).toEqual([0, HALF, HALF]);
    expect(itc.counted.map((c) => [c.stream, c.number])).toEqual([[purchaseInvoices.streamOf(ids.invoice), 'PE/1']]);
    expect(itc.excluded.map((e) => [e.stream, e.number, e.reason])).toEqual([[expenses.streamOf(ids.expense), 'PE/2', 'Not accepted yet']]);
    const g = await gstr3b();
    expect(net(g)).toEqual([0, HALF, HALF]);
    expect(g.itcBills.map((b) => b.stream)).toEqual([purchaseInvoices.streamOf(ids.invoice)]);
  });

  it('accepting the expense\'s 2B line leaves the invoice\'s action as it was; both credits count', async () => {
    const before = (await read<Gstr2bMatch>(GSTR2B_PATHS.period(MAY))).rows.find((r) => r.document?.key === keyOf('PE/1'))?.action;
    await write('post', GSTR2B_PATHS.actions(MAY), { key: keyOf('PE/2'), action: 'accept' });
    const rows = (await read<Gstr2bMatch>(GSTR2B_PATHS.period(MAY))).rows;
    expect(rows.find((r) => r.document?.key === keyOf('PE/1'))?.action).toEqual(before);
    expect(rows.find((r) => r.document?.key === keyOf('PE/2'))?.action).toMatchObject({ action: 'accept', source: 'owner' });

    const itc = await itcOf();
    expect([paise(itc.igst), paise(itc.cgst), paise(itc.sgst)]).toEqual([0, HALF + HALF, HALF + HALF]);
    expect(itc.counted.map((c) => c.stream).sort()).toEqual([expenses.streamOf(ids.expense), purchaseInvoices.streamOf(ids.invoice)].sort());
    const g = await gstr3b();
    expect(net(g)).toEqual([0, HALF + HALF, HALF + HALF]);
    expect(g.itcBills.map((b) => b.stream).sort()).toEqual([expenses.streamOf(ids.expense), purchaseInvoices.streamOf(ids.invoice)].sort());
  });

  it('rejecting the invoice\'s line takes its credit out and leaves the expense\'s', async () => {
    await write('post', GSTR2B_PATHS.actions(MAY), { key: keyOf('PE/1'), action: 'reject' });
    const itc = await itcOf();
    expect([paise(itc.cgst), paise(itc.sgst)]).toEqual([HALF, HALF]);
    expect(itc.counted.map((c) => c.stream)).toEqual([expenses.streamOf(ids.expense)]);
    expect(itc.excluded.map((e) => [e.stream, e.reason])).toEqual([[purchaseInvoices.streamOf(ids.invoice), 'Rejected']]);
    expect(net(await gstr3b())).toEqual([0, HALF, HALF]);
    const upload = await t.owner.get(GSTR2B_PATHS.imsUpload(MAY));
    expect((upload.body as { b2b: { inum: string; action: string }[] }).b2b.map((r) => [r.inum, r.action])).toEqual([['PE/1', 'R'], ['PE/2', 'A']]);
  });
});
