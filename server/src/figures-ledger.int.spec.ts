import { applyPath, BOOKS_PATHS, BUSINESS_PATH, byId, creditNotes, customerRefunds, debitNotes, purchaseInvoices, receipts, salesInvoices, STOCK_VALUATION_PATH, stockAdjustmentsEntity, vendorPayments, vendorRefunds, voidPath } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { budget } from './testing/budget';
import { addDoc, ageingOn, copyBooks, leftOf, newBooks, type PartyBooks, setShare, shareOf } from './testing/party-ledger';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';
import { type Entry, halfUp, type Kind, rupees, snapshot, stockOn, stockValueOn, tradingOf, units } from './testing/stock-ledger';
import { ownWork } from './testing/test-work';

/** mulberry32: the same run for the same seed (FIGURES_SEED, printed). */
const random = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Line = { itemId: number; itemName: string; quantity: string; rate: string; gstRate: string };
/** A document of the run: the test's own figures of it. */
interface Doc { side: 'sales' | 'purchase'; path: string; id: number; key: string; party: string; date: string; lines: Line[]; returned: number[]; credited: bigint; entry: Entry; roundOff: bigint }

const STEPS = 300;
const DATES = ['2026-04-30', '2026-05-15', '2026-06-30', '2026-07-31', '2026-09-30'];
const PERIODS = [['2026-04-01', '2026-04-30'], ['2026-05-01', '2026-06-30'], ['2026-04-01', '2026-09-30']] as const;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);

/** GST per line and component, half up to the paisa (intra-state: CGST and SGST at half the rate); the total half up to the rupee. */
const gstOf = (lines: readonly { quantity: string; rate: string; gstRate: string }[]) => {
  let taxable = 0n;
  let tax = 0n;
  for (const l of lines) {
    const t = halfUp(units(l.quantity, 3) * units(l.rate, 2), 1000n);
    taxable += t;
    tax += 2n * halfUp(t * BigInt(l.gstRate), 200n);
  }
  const total = halfUp(taxable + tax, 100n) * 100n;
  return { taxable, total, roundOff: total - taxable - tax };
};

/**
 * The figures a shop owner reads (issue 42), against the test's own ledger in paise over a seeded
 * random run of a few hundred documents through the API — purchases, sales, returns after
 * payment, refunds, advances and their application, payments, adjustments, an opening balance:
 * the P&L, the balance sheet's stock and the valuation, each party's ageing = its own open items
 * and its ledger, on several dates, now and as known at a moment before later revisions.
 */
describe('the figures against the test\'s own ledger', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const seed = Number(process.env.FIGURES_SEED ?? 4242);
  const next = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const day = () => `2026-0${pick([4, 5, 6, 7, 8])}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
  const money = () => `${20 + Math.floor(next() * 480)}.${String(Math.floor(next() * 100)).padStart(2, '0')}`;
  const entries: Entry[] = [];
  const docs: Doc[] = [];
  const books = newBooks();
  const items: number[] = [];
  const customers: number[] = [];
  const vendors: number[] = [];
  const rates = new Map<number, string>();
  let before: { entries: Entry[]; books: PartyBooks; roundOff: bigint } | null = null;
  let moment = '';

  const stockEntry = (kind: Kind, date: string, lines: readonly Line[], out: boolean, cost: boolean): Entry => {
    // A document moves each item once: its lines of that item together.
    const byItem = new Map<number, { milli: bigint; value: bigint }>();
    for (const l of lines) {
      const sum = byItem.get(l.itemId) ?? { milli: 0n, value: 0n };
      byItem.set(l.itemId, { milli: sum.milli + units(l.quantity, 3), value: sum.value + halfUp(units(l.quantity, 3) * units(l.rate, 2), 1000n) });
    }
    const moves = [...byItem].map(([itemId, m]) => ({ itemId, milli: out ? -m.milli : m.milli, cost: cost ? m.value : null }));
    const entry: Entry = { kind, seq: entries.length, date, active: true, moves, amount: gstOf(lines).taxable, opening: false };
    entries.push(entry);
    return entry;
  };

  const itemLines = (): Line[] =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const itemId = pick(items);
      return { itemId, itemName: `Item ${itemId}`, quantity: pick(['1', '2', '3', '5']), rate: money(), gstRate: rates.get(itemId)! };
    });

  const invoice = async (side: 'sales' | 'purchase') => {
    const sales = side === 'sales';
    const partyId = pick(sales ? customers : vendors);
    const date = day();
    const due = next() < 0.5 ? later(date, day()) : null;
    const lines = itemLines();
    const body = { ...(sales ? { customerId: partyId } : { vendorId: partyId, invoiceNumber: `B-${docs.length}` }), invoiceDate: date, dueDate: due, taxMode: 'gst', lines };
    const saved = await write('post', sales ? salesInvoices.path : purchaseInvoices.path, body);
    const figures = gstOf(lines);
    expect(saved.totalAmount, `${side} ${JSON.stringify(lines)}`).toBe(rupees(figures.total));
    const key = `${sales ? salesInvoices.stream : purchaseInvoices.stream}-${saved.id}`;
    const party = `${sales ? 'customer' : 'vendor'}-${partyId}`;
    addDoc(books, { key, party, date, due: due ?? date, amount: figures.total, charge: true, active: true });
    const entry = stockEntry(sales ? 'sale' : 'purchase', date, lines, sales, !sales);
    docs.push({ side, path: sales ? salesInvoices.path : purchaseInvoices.path, id: saved.id, key, party, date, lines, returned: lines.map(() => 0), credited: 0n, entry, roundOff: sales ? figures.roundOff : -figures.roundOff });
  };

  const isInvoice = (key: string) => key.startsWith(`${salesInvoices.stream}-`) || key.startsWith(`${purchaseInvoices.stream}-`);
  const openCharges = (party: string) => [...books.docs.values()].filter((d) => d.active && d.party === party && isInvoice(d.key) && leftOf(books, d.key) > 0n);
  const openCredits = (party: string) => [...books.docs.values()].filter((d) => !d.charge && d.active && d.party === party && leftOf(books, d.key) > 0n);

  /** A receipt or payment: on some of the party's open invoices, part or all, with or without more on account. */
  const settle = async (side: 'sales' | 'purchase') => {
    const sales = side === 'sales';
    const doc = sales ? receipts : vendorPayments;
    const partyId = pick(sales ? customers : vendors);
    const party = `${sales ? 'customer' : 'vendor'}-${partyId}`;
    const date = day();
    const targets = openCharges(party).filter((d) => d.date <= date).slice(0, 2);
    const lines = targets.map((d) => ({ invoiceId: Number(d.key.replace(/^\D+/, '')), paise: next() < 0.6 ? leftOf(books, d.key) : halfUp(leftOf(books, d.key), 2n), key: d.key }));
    const extra = lines.length === 0 || next() < 0.3 ? units(money(), 2) : 0n;
    const total = lines.reduce((s, l) => s + l.paise, 0n) + extra;
    const field = doc.lineAmount.field;
    const saved = await write('post', doc.path, { [doc.party.field]: partyId, [doc.dateField]: date, paymentMethod: pick(['cash', 'upi', 'bank_transfer']), amount: rupees(total), lines: lines.map((l) => ({ invoiceId: l.invoiceId, [field]: rupees(l.paise) })) });
    const key = doc.streamOf(saved.id);
    addDoc(books, { key, party, date, due: date, amount: total, charge: false, active: true });
    for (const l of lines) setShare(books, l.key, key, l.paise);
  };

  /** A return of part of an invoice's line after it may have been paid: the note settles what is due on it, the rest is the party's credit. */
  const returnOf = async (side: 'sales' | 'purchase') => {
    const candidates = docs.filter((d) => d.side === side && d.entry.active && d.lines.some((l, i) => d.returned[i]! < Number(l.quantity)));
    if (candidates.length === 0) return;
    const of = pick(candidates);
    const lineNo = of.lines.findIndex((l, i) => of.returned[i]! < Number(l.quantity));
    const quantity = String(1);
    const lines = [{ ...of.lines[lineNo]!, quantity }];
    const figures = gstOf(lines);
    // Notes against an invoice total no more than it (each rounded to the rupee, they could).
    if (of.credited + figures.total > books.docs.get(of.key)!.amount) return;
    of.credited += figures.total;
    of.returned[lineNo]! += 1;
    const date = later(of.date, day());
    const note = side === 'sales' ? creditNotes : debitNotes;
    const saved = await write('post', note.path, { [note.party.field]: Number(of.party.replace(/^\D+/, '')), invoiceId: of.id, noteDate: date, lines: [{ invoiceLineNo: lineNo + 1, quantity }] });
    expect(saved.totalAmount).toBe(rupees(figures.total));
    const key = note.streamOf(saved.id);
    const due = leftOf(books, of.key);
    addDoc(books, { key, party: of.party, date, due: date, amount: figures.total, charge: false, active: true });
    setShare(books, of.key, key, due < figures.total ? due : figures.total);
    stockEntry(side === 'sales' ? 'credit' : 'debit', date, lines, side !== 'sales', false);
    docs.push({ ...of, key, roundOff: side === 'sales' ? -figures.roundOff : figures.roundOff, lines: [], returned: [], entry: entries.at(-1)! });
  };

  /** A party's credit applied to an open invoice (by the receipt or payment that holds it), or refunded. */
  const useCredit = async (side: 'sales' | 'purchase', refund: boolean) => {
    const party = `${side === 'sales' ? 'customer' : 'vendor'}-${pick(side === 'sales' ? customers : vendors)}`;
    const settlement = side === 'sales' ? receipts : vendorPayments;
    const credit = openCredits(party).find((d) => refund || d.key.startsWith(`${settlement.stream}-`));
    if (!credit) return;
    const left = leftOf(books, credit.key);
    if (refund) {
      const doc = side === 'sales' ? customerRefunds : vendorRefunds;
      const paise = next() < 0.5 ? left : halfUp(left, 2n);
      const date = later(credit.date, day());
      const saved = await write('post', doc.path, { [doc.party.field]: Number(party.replace(/^\D+/, '')), [doc.dateField]: date, paymentMethod: 'cash', lines: [{ source: credit.key, amount: rupees(paise) }] });
      addDoc(books, { key: doc.streamOf(saved.id), party, date, due: date, amount: paise, charge: true, active: true });
      setShare(books, doc.streamOf(saved.id), credit.key, paise);
      return;
    }
    const target = openCharges(party)[0];
    if (!target) return;
    const due = leftOf(books, target.key);
    const paise = due < left ? due : left;
    await write('post', applyPath(byId(settlement.path, Number(credit.key.replace(/^\D+/, '')))), { invoiceId: Number(target.key.replace(/^\D+/, '')), amount: rupees(paise) }, 200);
    setShare(books, target.key, credit.key, shareOf(books, target.key, credit.key) + paise);
  };

  const adjust = async () => {
    const itemId = pick(items);
    const type = next() < 0.5 ? 'increase' : 'decrease';
    const quantity = pick(['1', '2']);
    const unitCost = money();
    const date = day();
    await write('post', stockAdjustmentsEntity.path, { itemId, adjustmentType: type, quantity, unitCost, reason: type === 'increase' ? 'Stock Count Correction' : 'Damaged', adjustmentDate: date });
    entries.push({ kind: type, seq: entries.length, date, active: true, moves: [{ itemId, milli: (type === 'increase' ? 1n : -1n) * units(quantity, 3), cost: type === 'increase' ? halfUp(units(quantity, 3) * units(unitCost, 2), 1000n) : null }], amount: halfUp(units(quantity, 3) * units(unitCost, 2), 1000n), opening: false });
  };

  const roundOffNet = () => docs.filter((d) => d.entry.active).reduce((s, d) => s + d.roundOff, 0n);

  it('posts the seeded run', { timeout: budget({ requests: STEPS * 3 + 60 }) }, ownWork(async () => {
    console.info(`figures-ledger: FIGURES_SEED=${seed}, ${STEPS} steps`);
    await write('put', BUSINESS_PATH, { legalName: 'Figures Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    for (let n = 0; n < 4; n++) customers.push((await write('post', '/api/sales/customers', { name: `Customer ${n}` })).id);
    // Registered in the same state (an unregistered vendor charges no GST): CGST and SGST.
    for (const gstNumber of ['27ABCPT5678L1ZV', '27AAACR5055K1Z7']) vendors.push((await write('post', '/api/purchase/vendors', { name: `Vendor ${gstNumber}`, gstNumber })).id);
    for (const [name, rate] of [['Tea', '5'], ['Notebook', '12'], ['Kettle', '18'], ['Soap', '18']] as const) {
      const id = (await write('post', '/api/inventory/items', { name, unit: 'NOS', taxRate: rate })).id;
      items.push(id);
      rates.set(id, rate);
    }
    // An opening balance owed by a customer and one owed to a vendor, as the README says: a voucher.
    const opening = await write('post', '/api/accounting/journal-vouchers', { voucherDate: '2026-04-01', voucherType: 'Opening Balance', lines: [
      { account: 'debtors', party: `customer-${customers[0]}`, debit: '2500.50' }, { account: 'creditors', party: `vendor-${vendors[0]}`, credit: '1200.00' }, { account: 'temporary-opening', credit: '1300.50' }] });
    addDoc(books, { key: `journal-voucher-${opening.id}`, party: `customer-${customers[0]}`, date: '2026-04-01', due: '2026-04-01', amount: 250050n, charge: true, active: true });
    addDoc(books, { key: `journal-voucher-${opening.id}:vendor`, party: `vendor-${vendors[0]}`, date: '2026-04-01', due: '2026-04-01', amount: 120000n, charge: true, active: true });
    for (let n = 0; n < STEPS; n++) {
      const r = next();
      const side = next() < 0.6 ? 'sales' : 'purchase';
      if (r < 0.35) await invoice(r < 0.15 ? 'purchase' : 'sales');
      else if (r < 0.55) await settle(side);
      else if (r < 0.68) await returnOf(side);
      else if (r < 0.78) await useCredit(side, false);
      else if (r < 0.88) await useCredit(side, true);
      else await adjust();
    }
    const kinds = [...books.docs.keys()].map((k) => k.replace(/-\d+.*$/, ''));
    expect(new Set(kinds)).toEqual(new Set(['journal-voucher', 'sales-invoice', 'purchase-invoice', 'receipt', 'vendor-payment', 'credit-note', 'debit-note', 'refund', 'vendor-refund']));

    before = { entries: snapshot(entries), books: copyBooks(books), roundOff: roundOffNet() };
    await new Promise((r) => setTimeout(r, 20));
    moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    // After the moment: an old sale's rates revised (nothing settled on it), a receipt with no refund voided.
    const sale = docs.find((d) => d.side === 'sales' && d.lines.length > 0 && d.returned.every((q) => q === 0) && leftOf(books, d.key) === books.docs.get(d.key)!.amount && d.date < '2026-05-01');
    if (sale) {
      const { id: _id, ...current } = await read<Record<string, unknown>>(byId(salesInvoices.path, sale.id));
      const lines = sale.lines.map((l) => ({ ...l, rate: money() }));
      await write('put', byId(salesInvoices.path, sale.id), { ...current, lines });
      const figures = gstOf(lines);
      Object.assign(sale, { lines, roundOff: figures.roundOff });
      Object.assign(sale.entry, { amount: figures.taxable });
      books.docs.get(sale.key)!.amount = figures.total;
    }
    const receipt = [...books.docs.values()].find((d) => d.key.startsWith('receipt-') && ![...books.shares.keys()].some((k) => k.startsWith('refund-') && k.endsWith(`|${d.key}`)));
    await write('post', voidPath(byId(receipts.path, Number(receipt!.key.replace(/^\D+/, '')))), { reason: 'Bounced' }, 200);
    receipt!.active = false;
    for (const k of [...books.shares.keys()]) if (k.endsWith(`|${receipt!.key}`)) books.shares.delete(k);
    expect(expectedAgeing(books, 'receivable', '2026-09-30')).not.toEqual(expectedAgeing(before.books, 'receivable', '2026-09-30'));
    console.info(`figures-ledger: ${books.docs.size} documents with a party, ${entries.length} stock entries`);
  }));

  type Ageing = { parties: { party: string; total: string; onAccount: string; buckets: Record<string, string> }[]; total: string };
  const expectedAgeing = (b: PartyBooks, side: 'receivable' | 'payable', on: string) =>
    [...ageingOn(b, on)].filter(([p]) => p.startsWith(side === 'receivable' ? 'customer-' : 'vendor-')).sort(([a], [c]) => a.localeCompare(c))
      .map(([party, a]) => ({ party, total: rupees(a.total), onAccount: rupees(a.onAccount), buckets: Object.fromEntries(Object.entries(a.buckets).map(([k, v]) => [k, rupees(v)])) }));
  const checkAgeing = async (b: PartyBooks, on: string, at: string) => {
    for (const side of ['receivable', 'payable'] as const) {
      const ageing = await read<Ageing>(`${BOOKS_PATHS.ageing}?side=${side}&asOf=${on}${at}`);
      const got = ageing.parties.map((p) => ({ party: p.party, total: p.total, onAccount: p.onAccount, buckets: p.buckets })).sort((x, y) => x.party.localeCompare(y.party));
      expect(got, `${side} ${on}${at}`).toEqual(expectedAgeing(b, side, on));
      for (const p of ageing.parties) {
        const statement = await read<{ closing: string }>(`${BOOKS_PATHS.statement(p.party)}?from=2026-04-01&to=${on}${at}`);
        const closing = statement.closing.startsWith('-') ? -units(statement.closing.slice(1), 2) : units(statement.closing, 2);
        expect(rupees(side === 'receivable' ? closing : -closing), `${p.party} ${on}${at}`).toBe(p.total);
      }
    }
  };
  type Pl = { trading: Record<string, string>; netProfit: string };
  type Register = { totals: { taxableValue: string } };
  const checkFigures = async (stock: readonly Entry[], roundOff: bigint, at: string) => {
    for (const on of DATES) {
      const valuation = await read<{ total: string; items: unknown[] }>(`${STOCK_VALUATION_PATH}?asOf=${on}${at}`);
      expect(valuation.total, `${on} ${JSON.stringify(valuation)} ${JSON.stringify([...stockOn(stock, on)].map(([i, v]) => [i, String(v.qty), String(v.value)]))}`).toBe(rupees(stockValueOn(stock, on)));
      const sheet = await read<{ assets: { code: string; amount: string }[]; totalAssets: string; totalLiabilities: string }>(`${BOOKS_PATHS.balanceSheet}?asOf=${on}${at}`);
      expect(sheet.assets.find((a) => a.code === 'stock-in-hand')?.amount ?? '0.00', on).toBe(valuation.total);
      expect(sheet.totalAssets, on).toBe(sheet.totalLiabilities);
    }
    for (const [from, to] of PERIODS) {
      const pl = await read<Pl>(`${BOOKS_PATHS.profitAndLoss}?from=${from}&to=${to}${at}`);
      const { otherExpenses, ...trading } = tradingOf(stock, from, to, dayBefore(from));
      expect(pl.trading, `${from}–${to}${at}`).toEqual(Object.fromEntries(Object.entries(trading).map(([k, v]) => [k, rupees(v)])));
      if (from === '2026-04-01' && to === '2026-09-30') expect(pl.netProfit, `net${at}`).toBe(rupees(trading.grossProfit - otherExpenses + roundOff));
      // The registers and the GST summary: every line taxable, so their taxable values are the trading part's.
      const query = `?from=${from}&to=${to}${at}`;
      expect((await read<Register>(`${BOOKS_PATHS.salesRegister}${query}`)).totals.taxableValue, `sales register${query}`).toBe(rupees(trading.sales));
      expect((await read<Register>(`${BOOKS_PATHS.purchaseRegister}${query}`)).totals.taxableValue, `purchase register${query}`).toBe(rupees(trading.purchases));
      const gst = await read<{ totals: { output: { taxableValue: string }; input: { taxableValue: string } } }>(`${BOOKS_PATHS.gstSummary}${query}`);
      expect([gst.totals.output.taxableValue, gst.totals.input.taxableValue], `GST summary${query}`).toEqual([rupees(trading.sales), rupees(trading.purchases)]);
    }
  };

  it('each party\'s ageing is its own open items and its ledger, on every date', { timeout: budget({ requests: DATES.length * 20 }) }, ownWork(async () => {
    for (const on of DATES) await checkAgeing(books, on, '');
  }));

  it('the P&L, the balance sheet\'s stock, the valuation, the registers and the GST summary agree with the own ledger', { timeout: budget({ requests: 40 }) }, ownWork(async () => {
    await checkFigures(entries, roundOffNet(), '');
  }));

  it('as known at a moment before the last revision and void: the figures from before them', { timeout: budget({ requests: DATES.length * 20 + 40 }) }, ownWork(async () => {
    const at = `&recordedBy=${encodeURIComponent(moment)}`;
    for (const on of DATES) await checkAgeing(before!.books, on, at);
    await checkFigures(before!.entries, before!.roundOff, at);
  }));
});
