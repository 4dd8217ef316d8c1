import { BOOKS_PATHS, BUSINESS_PATH, expensePayments, expenses, vendorsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;

/**
 * Issue 45 over HTTP against Postgres: a seeded random run of expenses — paid now or later, from
 * registered suppliers with GST (within the state and across) or from unregistered ones without —
 * and the trial balance, the profit and loss's expense heads and the input tax credit checked
 * against a ledger this test keeps itself, in integer paise (not the code's money functions).
 */
const SEED = Number(process.env.EXPENSE_SEED ?? 4_520);
const mulberry = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const paise = (money: unknown) => {
  const text = String(money);
  const negative = text.startsWith('-');
  const [whole, fraction = '00'] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -value : value;
};
const rupees = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
/** x / y rounded half-up, for positive integers. */
const halfUp = (x: number, y: number) => Math.floor((2 * x + y) / (2 * y));

describe('expenses in the books', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);

  it(`a seeded run (seed ${SEED}): trial balance, P&L heads and ITC match the test's own ledger`, async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Kirana', state: '27', gstin: '27AAPFU0939F1ZV' });
    const vendors = {
      local: (await write('post', vendorsEntity.path, { name: 'MSEDCL Power', gstNumber: '27ABCPT5678L1ZV' })).id,
      away: (await write('post', vendorsEntity.path, { name: 'Karnataka Transport', gstNumber: '29AAHCM7727Q1ZI' })).id,
      plain: (await write('post', vendorsEntity.path, { name: 'Raju Handyman' })).id,
    };
    const random = mulberry(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const ledger = new Map<string, number>();
    const post = (account: string, debitPaise: number) => ledger.set(account, (ledger.get(account) ?? 0) + debitPaise);
    const itc = { cgst: 0, sgst: 0, igst: 0 };

    for (let n = 0; n < 24; n++) {
      const kind = pick(['local', 'away', 'plain'] as const);
      const category = pick(expenses.category!.accounts);
      const rate = kind === 'plain' ? 0 : pick([5, 12, 18, 28]);
      const lineCount = 1 + Math.floor(random() * 3);
      const amounts = Array.from({ length: lineCount }, () => 1 + Math.floor(random() * 2_500_000));
      const paidNow = random() < 0.5;
      const method = pick(['cash', 'upi', 'bank_transfer'] as const);
      const lines = amounts.map((p, i) => ({ itemName: `Line ${i + 1}`, rate: rupees(p), ...(rate ? { gstRate: String(rate) } : {}) }));

      let cgst = 0;
      let sgst = 0;
      let igst = 0;
      for (const p of amounts) {
        if (kind === 'local') {
          cgst += halfUp(p * rate, 200);
          sgst += halfUp(p * rate, 200);
        } else if (kind === 'away') igst += halfUp(p * rate, 100);
      }
      const taxable = amounts.reduce((a, b) => a + b, 0);
      const exact = taxable + cgst + sgst + igst;
      const total = rate ? halfUp(exact, 100) * 100 : exact;

      const body = { vendorId: vendors[kind], expenseDate: '2026-11-10', category, taxMode: rate ? 'gst' : 'manual', lines, ...(paidNow ? { paidNow: rupees(total), paymentMethod: method } : {}) };
      const recorded = await write('post', expenses.path, body);
      expect(recorded, `expense ${n}`).toMatchObject({ totalAmount: rupees(total), category, balanceDue: paidNow ? '0.00' : rupees(total), status: paidNow ? 'paid' : 'pending' });

      post(category, taxable);
      post('input-cgst', cgst);
      post('input-sgst', sgst);
      post('input-igst', igst);
      post('round-off', total - exact);
      post('creditors', -total);
      if (paidNow) {
        post('creditors', total);
        post(method === 'cash' ? 'cash' : 'bank', -total);
      }
      itc.cgst += cgst;
      itc.sgst += sgst;
      itc.igst += igst;
    }

    // An unregistered supplier's GST is refused, naming the field.
    const refused = await t.owner.post<{ issues: { path: string }[] }>(expenses.path, { vendorId: vendors.plain, category: 'rent', taxMode: 'gst', lines: [{ itemName: 'Rent', rate: '100', gstRate: '18' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i) => i.path)).toEqual(['taxMode']);

    const trial = await read<{ rows: { code: string; debit: string; credit: string }[] }>(BOOKS_PATHS.trialBalance);
    const booked = new Map(trial.rows.map((r) => [r.code, paise(r.debit) - paise(r.credit)]));
    for (const [account, net] of ledger) expect(booked.get(account) ?? 0, account).toBe(net);
    expect([...booked.keys()].filter((code) => !ledger.has(code) && booked.get(code) !== 0)).toEqual([]);

    const pl = await read<{ expenses: { code: string; amount: string }[] }>(`${BOOKS_PATHS.profitAndLoss}?from=2026-11-01&to=2026-11-30`);
    for (const category of expenses.category!.accounts) {
      const mine = ledger.get(category) ?? 0;
      const head = pl.expenses.find((e) => e.code === category);
      expect(head ? paise(head.amount) : 0, category).toBe(mine);
    }

    const gst = await read<{ totals: { input: { cgst: string; sgst: string; igst: string } } }>(`${BOOKS_PATHS.gstSummary}?from=2026-11-01&to=2026-11-30`);
    expect({ cgst: paise(gst.totals.input.cgst), sgst: paise(gst.totals.input.sgst), igst: paise(gst.totals.input.igst) }).toEqual(itc);

    // What is owed: the unpaid ones, and a payment later settles one of them.
    const list = await read<Row[]>(`${expenses.path}?limit=200`);
    const owed = list.filter((e) => e.status === 'pending');
    if (owed.length > 0) {
      const one = owed[0]!;
      await write('post', expensePayments.path, { vendorId: one.vendorId, paymentMethod: 'cash', lines: [{ invoiceId: one.id, paidAmount: one.balanceDue }] });
      const after = await read<Row>(`${expenses.path}/${one.id}`);
      expect(after).toMatchObject({ balanceDue: '0.00', status: 'paid' });
    }
  }, 180_000);
});
