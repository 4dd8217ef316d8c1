import { BOOKS_PATHS, BUSINESS_PATH, byId, creditNotes, debitNotes, monthsOf, purchaseInvoices, salesInvoices, STOCK_VALUATION_PATH, stockAdjustmentsEntity } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';
import { type Entry, halfUp, type Kind, type Move, quantityText, rupees, snapshot, stockOn, stockValueOn, tradingOf, units } from './testing/stock-ledger';

/** A small seeded generator (mulberry32): the same run every time, another with STOCK_SEED. */
const random = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Line = { itemId: number | null; itemName: string; quantity: string; rate: string; discount: string };
/** A document the run posted: where it lives, its lines, what was returned of each, and its entry in the test's own books. */
interface Posted { path: string; id: number; kind: Kind; lines: Line[]; returned: Map<number, bigint>; entry: Entry; locked: boolean }

const DATES = ['2026-03-31', '2026-04-01', '2026-04-15', '2026-04-30', '2026-05-31', '2026-06-17', '2026-06-30', '2026-07-31', '2026-12-31'];
const PERIODS = [['2026-04-01', '2026-04-30'], ['2026-05-01', '2026-05-31'], ['2026-06-01', '2026-06-30'], ['2026-07-01', '2026-07-31'], ['2026-04-10', '2026-06-20'], ['2026-04-01', '2026-07-31']] as const;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const lineTaxable = (l: Line) => halfUp(units(l.quantity, 3) * units(l.rate, 2), 1000n) - units(l.discount, 2);

/**
 * Stock in the books (issue 42) over HTTP: a seeded random run of 200 documents and
 * adjustments, checked against the test's own ledger in paise (server/src/testing/stock-ledger.ts)
 * — the valuation, the balance sheet's stock, the P&L's trading part, now and as known before
 * the last revisions — and a rebuild of the stock movements that gives the same rows.
 */
describe('stock in the books', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const seed = Number(process.env.STOCK_SEED ?? 42);
  const next = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const date = () => `2026-0${pick([4, 5, 6, 7])}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
  const money = () => `${10 + Math.floor(next() * 490)}.${String(Math.floor(next() * 100)).padStart(2, '0')}`;
  const entries: Entry[] = [];
  const posted: Posted[] = [];
  const items: number[] = [];
  let vendor: number;
  let customer: number;
  let before: Entry[];
  let moment: string;

  const entryOf = (kind: Kind, when: string, lines: Line[]): Entry => {
    const byItem = new Map<number, { milli: bigint; value: bigint }>();
    for (const l of lines) {
      if (l.itemId === null) continue;
      const sum = byItem.get(l.itemId) ?? { milli: 0n, value: 0n };
      byItem.set(l.itemId, { milli: sum.milli + units(l.quantity, 3), value: sum.value + lineTaxable(l) });
    }
    const out = kind === 'sale' || kind === 'debit';
    const moves: Move[] = [...byItem].map(([itemId, s]) => ({ itemId, milli: out ? -s.milli : s.milli, cost: kind === 'purchase' ? s.value : null }));
    return { kind, seq: entries.length, date: when, active: true, moves, amount: lines.reduce((sum, l) => sum + lineTaxable(l), 0n), opening: false };
  };

  const postDocument = async (kind: 'purchase' | 'sale', when: string, lines: Line[]) => {
    const path = kind === 'purchase' ? purchaseInvoices.path : salesInvoices.path;
    const body = kind === 'purchase' ? { vendorId: vendor, invoiceNumber: `P-${entries.length}`, invoiceDate: when } : { customerId: customer, invoiceDate: when };
    const { id } = await write('post', path, { ...body, lines });
    const entry = entryOf(kind, when, lines);
    entries.push(entry);
    posted.push({ path, id, kind, lines, returned: new Map(), entry, locked: false });
  };

  /** A return of part of one item line: its item and rate, no more than is left of it. */
  const postReturn = async (of: Posted) => {
    // A line without a discount: the note's amount is then the line's own, whatever is left of it.
    const lineNo = of.lines.findIndex((l, i) => l.itemId !== null && l.discount === '0' && units(l.quantity, 3) > (of.returned.get(i) ?? 0n));
    if (lineNo < 0) return;
    const line = of.lines[lineNo]!;
    const left = units(line.quantity, 3) - (of.returned.get(lineNo) ?? 0n);
    const milli = left >= 1000n && next() < 0.7 ? 1000n : left;
    of.returned.set(lineNo, (of.returned.get(lineNo) ?? 0n) + milli);
    const kind = of.kind === 'sale' ? 'credit' : 'debit';
    const someDay = date();
    const when = someDay > of.entry.date ? someDay : of.entry.date;
    const lines = [{ ...line, quantity: quantityText(milli), discount: '0', invoiceLineNo: lineNo + 1 }];
    const party = kind === 'credit' ? { customerId: customer } : { vendorId: vendor };
    // A return names the invoice's line and how many come back; the rest is the invoice's.
    const returned = lines.map((l) => ({ invoiceLineNo: l.invoiceLineNo, quantity: l.quantity }));
    await write('post', kind === 'credit' ? creditNotes.path : debitNotes.path, { ...party, invoiceId: of.id, noteDate: when, lines: returned });
    entries.push(entryOf(kind, when, lines));
    of.locked = true;
  };

  const postAdjustment = async (type: 'increase' | 'decrease', when: string, itemId: number, quantity: string, unitCost: string, reason: string) => {
    await write('post', stockAdjustmentsEntity.path, { itemId, adjustmentType: type, quantity, unitCost, reason, adjustmentDate: when });
    const milli = units(quantity, 3);
    const amount = halfUp(milli * units(unitCost, 2), 1000n);
    entries.push({ kind: type, seq: entries.length, date: when, active: true, moves: [{ itemId, milli: type === 'increase' ? milli : -milli, cost: type === 'increase' ? amount : null }], amount, opening: reason === 'Opening Stock' });
  };

  /** A revision through PUT of the document as it stands: new lines, or inactive. */
  const revise = async (doc: Posted, change: { lines?: Line[]; active?: boolean }) => {
    const { id: _id, ...current } = await read<Record<string, unknown>>(byId(doc.path, doc.id));
    await write('put', byId(doc.path, doc.id), { ...current, ...change });
    if (change.lines) {
      doc.lines = change.lines;
      const fresh = entryOf(doc.kind, doc.entry.date, change.lines);
      Object.assign(doc.entry, { moves: fresh.moves, amount: fresh.amount });
    }
    if (change.active === false) doc.entry.active = false;
    doc.locked = true;
  };
  const newRate = (doc: Posted) => revise(doc, { lines: doc.lines.map((l) => (l.itemId === null ? l : { ...l, rate: money() })) });
  const newQuantity = (doc: Posted) => revise(doc, { lines: doc.lines.map((l) => ({ ...l, quantity: pick(['1', '2', '4', '0.5']) })) });
  const open = (kind: Kind) => posted.filter((d) => d.kind === kind && !d.locked && d.entry.active);

  const itemLines = (count: number, purchase: boolean): Line[] =>
    Array.from({ length: count }, () => {
      const itemId = pick(items);
      const quantity = pick(purchase ? ['1', '2', '5', '8', '0.5', '2.25'] : ['1', '2', '3', '6', '0.5', '1.25']);
      const rate = money();
      const discount = purchase && next() < 0.3 ? '1.50' : '0';
      return { itemId, itemName: `Item ${itemId}`, quantity, rate, discount };
    });

  it('posts a seeded run: opening stock, purchases and sales backdated at random, returns, adjustments, revisions, an inactive document', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Stock Books Traders', state: '27' });
    vendor = (await write('post', '/api/purchase/vendors', { name: 'Stock vendor' })).id;
    customer = (await write('post', '/api/sales/customers', { name: 'Stock customer' })).id;
    for (const name of ['Tea', 'Rice', 'Kettle', 'Soap']) items.push((await write('post', '/api/inventory/items', { name, unit: 'NOS', costPrice: '40.00' })).id);
    for (const itemId of items.slice(0, 3)) await postAdjustment('increase', '2026-04-01', itemId, pick(['10', '4.5', '20']), money(), 'Opening Stock');
    for (let n = 0; n < 200; n++) {
      const r = next();
      if (r < 0.3) await postDocument('purchase', date(), [...itemLines(1 + Math.floor(next() * 3), true), ...(next() < 0.15 ? [{ itemId: null, itemName: 'Freight', quantity: '1', rate: money(), discount: '0' }] : [])]);
      else if (r < 0.6) await postDocument('sale', date(), itemLines(1 + Math.floor(next() * 2), false));
      else if (r < 0.68 && open('sale').length > 0) await postReturn(pick(open('sale')));
      else if (r < 0.74 && open('purchase').length > 0) await postReturn(pick(open('purchase')));
      else if (r < 0.84) await postAdjustment('increase', date(), pick(items), pick(['1', '3', '0.25']), money(), 'Stock Count Correction');
      else if (r < 0.92) await postAdjustment('decrease', date(), pick(items), pick(['1', '2', '0.75']), money(), 'Damaged');
      else if (r < 0.96 && open('purchase').length > 0) await newRate(pick(open('purchase')));
      else if (open('sale').length > 0) await newQuantity(pick(open('sale')));
    }
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['purchase', 'sale', 'credit', 'debit', 'increase', 'decrease']));
    // The run reaches the edges: an item sold out or below zero on some day, and back in stock later.
    const days = [...new Set(entries.map((e) => e.date))].sort();
    const short = days.flatMap((d) => [...stockOn(entries, d)].filter(([, s]) => s.qty <= 0n).map(([itemId]) => ({ d, itemId })));
    expect(short.some(({ d, itemId }) => days.some((later) => later > d && (stockOn(entries, later).get(itemId)?.qty ?? 0n) > 0n))).toBe(true);

    // The books as they stand now; then a purchase's rate, a sale's quantity and an inactive purchase.
    before = snapshot(entries);
    await new Promise((r) => setTimeout(r, 20));
    moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await newRate(pick(open('purchase')));
    await newQuantity(pick(open('sale')));
    await revise(pick(open('purchase')), { active: false });
    const figures = (books: readonly Entry[]) => PERIODS.map(([from, to]) => Object.values(tradingOf(books, from, to, dayBefore(from))).join(' ')).join('; ');
    expect(figures(entries)).not.toBe(figures(before));
  }, 300_000);

  type Valuation = { items: { itemId: number; quantity: string; value: string; rate: string }[]; total: string };
  type Sheet = { assets: { code: string; amount: string }[]; totalAssets: string; totalLiabilities: string; profit: string };
  const expectedItems = (books: readonly Entry[], on: string) =>
    [...stockOn(books, on)].sort(([a], [b]) => a - b).map(([itemId, s]) => ({ itemId, quantity: quantityText(s.qty), value: rupees(s.value), rate: rupees(s.qty > 0n ? halfUp(s.value * 1000n, s.qty) : 0n) }));
  const stockLine = (sheet: Sheet) => sheet.assets.find((a) => a.code === 'stock-in-hand')?.amount ?? '0.00';
  const profitToDate = (books: readonly Entry[], on: string) => {
    const all = tradingOf(books, '2000-01-01', on, '1999-12-31');
    return rupees(all.grossProfit - all.otherExpenses);
  };

  it("values the stock alike on every date: the valuation, the balance sheet's Stock-in-Hand, the trial balance's closing stock and the test's own ledger; the balance sheet balances", async () => {
    for (const on of DATES) {
      const valuation = await read<Valuation>(`${STOCK_VALUATION_PATH}?asOf=${on}`);
      expect(valuation.items, on).toEqual(expectedItems(entries, on));
      expect(valuation.total, on).toBe(rupees(stockValueOn(entries, on)));
      const sheet = await read<Sheet>(`${BOOKS_PATHS.balanceSheet}?asOf=${on}`);
      expect(stockLine(sheet), on).toBe(valuation.total);
      expect(sheet.totalAssets, on).toBe(sheet.totalLiabilities);
      expect(sheet.profit, on).toBe(profitToDate(entries, on));
      const trial = await read<{ totalDebit: string; totalCredit: string; closingStock: string }>(`${BOOKS_PATHS.trialBalance}?asOf=${on}`);
      expect(trial.closingStock, on).toBe(valuation.total);
      expect(trial.totalDebit, on).toBe(trial.totalCredit);
    }
  });

  type Figures = Record<'sales' | 'openingStock' | 'purchases' | 'stockBroughtIn' | 'closingStock' | 'costOfGoodsSold' | 'grossProfit', string>;
  type Pl = { trading: Figures; netProfit: string; byMonth: (Figures & { month: string; netProfit: string })[] };
  const expectedTrading = (books: readonly Entry[], from: string, to: string) => {
    const { otherExpenses, ...trading } = tradingOf(books, from, to, dayBefore(from));
    return { trading: Object.fromEntries(Object.entries(trading).map(([k, v]) => [k, rupees(v)])), netProfit: rupees(trading.grossProfit - otherExpenses) };
  };
  const monthSpans = (from: string, to: string) =>
    monthsOf(from, to).map((m) => {
      const end = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
      return { month: m, from: `${m}-01` > from ? `${m}-01` : from, to: end < to ? end : to };
    });

  it("the P&L's trading part for each month and longer periods, and each month of them: opening and closing stock, purchases, cost of goods sold, gross profit, net profit", async () => {
    for (const [from, to] of PERIODS) {
      const pl = await read<Pl>(`${BOOKS_PATHS.profitAndLoss}?from=${from}&to=${to}`);
      const expected = expectedTrading(entries, from, to);
      expect(pl.trading, `${from}–${to}`).toEqual(expected.trading);
      expect(pl.netProfit, `${from}–${to}`).toBe(expected.netProfit);
      for (const span of monthSpans(from, to)) {
        const { trading, netProfit } = expectedTrading(entries, span.from, span.to);
        expect(pl.byMonth.find((m) => m.month === span.month), `${from}–${to} ${span.month}`).toMatchObject({ ...trading, netProfit });
      }
    }
  });

  it('as known on a moment before the last revisions: the figures from before them', async () => {
    const at = `recordedBy=${encodeURIComponent(moment)}`;
    for (const on of ['2026-04-30', '2026-06-30', '2026-07-31']) {
      const valuation = await read<Valuation>(`${STOCK_VALUATION_PATH}?asOf=${on}&${at}`);
      expect(valuation.items, on).toEqual(expectedItems(before, on));
      const sheet = await read<Sheet>(`${BOOKS_PATHS.balanceSheet}?asOf=${on}&${at}`);
      expect(stockLine(sheet), on).toBe(rupees(stockValueOn(before, on)));
      expect(sheet.profit, on).toBe(profitToDate(before, on));
      expect(sheet.totalAssets, on).toBe(sheet.totalLiabilities);
    }
    for (const [from, to] of PERIODS) {
      const pl = await read<Pl>(`${BOOKS_PATHS.profitAndLoss}?from=${from}&to=${to}&${at}`);
      expect(pl.trading, `${from}–${to}`).toEqual(expectedTrading(before, from, to).trading);
    }
  });

  it('refuses a parameter it does not take, naming it, and a date that is not one', async () => {
    const unknown = await t.owner.get(`${STOCK_VALUATION_PATH}?asOf=2026-04-30&warehouse=2`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ issues: [{ path: 'warehouse' }] });
    expect((await t.owner.get(`${STOCK_VALUATION_PATH}?asOf=2026-02-30`)).status).toBe(400);
  });

  it('a rebuild of the stock movements gives the same rows and history, row for row', async () => {
    const rows = async () => ({
      now: (await sql<Record<string, unknown>>`select * from stock_movements order by stream`.execute(t.database.db)).rows,
      history: (await sql<Record<string, unknown>>`select * from stock_movement_history order by id`.execute(t.database.db)).rows,
    });
    const beforeRebuild = await rows();
    expect(beforeRebuild.history.length).toBeGreaterThan(beforeRebuild.now.length);
    const rebuilt = await runCli(['rebuild', 'stock_movements'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await rows()).toEqual(beforeRebuild);
  });
});
