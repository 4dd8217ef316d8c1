import { BOOKS_PATHS, BUSINESS_PATH, dueToRepeatPath, expenses, HEADERS, repeatPath, vendorsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;

/**
 * Repeating expenses (docs/expenses.md) over HTTP against Postgres and NATS: what is due to repeat
 * in a month before and after a copy, the copy's postings in the trial balance against paise this
 * test keeps itself, one copy a month (a second is a 409 naming the first copy), the same
 * Idempotency-Key answering the first copy again, and the refusals.
 */
const paise = (money: unknown) => {
  const [whole, fraction = '00'] = String(money).replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return String(money).startsWith('-') ? -value : value;
};

describe('repeating expenses', () => {
  const t = signedInOneProcess();
  const { write, read, position } = readYourWrites(() => t.owner);
  /** The position of a write made outside `write` (with its own headers), for the reads after it. */
  let raw = 0n;
  const seen = (res: { headers: Headers }) => {
    raw = [raw, BigInt(res.headers.get(HEADERS.eventPosition) ?? '0')].reduce((a, b) => (a > b ? a : b));
  };
  const due = async (month: string) => {
    const at = [raw, BigInt(position())].reduce((a, b) => (a > b ? a : b));
    const res = await t.owner.get<Row[]>(`${dueToRepeatPath(expenses.path)}?month=${month}`, { headers: { [HEADERS.minPosition]: String(at) } });
    expect(res.status, res.text).toBe(200);
    return res.body.map((e) => e.id);
  };
  const repeatOf = (id: number) => repeatPath(`${expenses.path}/${id}`);

  it('lists what is due, copies it once a month, replays a retried key, and books the copies', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Kirana', state: '27', gstin: '27AAPFU0939F1ZV' });
    const landlord = (await write('post', vendorsEntity.path, { name: 'Mr Kulkarni (landlord)' })).id;
    const telecom = (await write('post', vendorsEntity.path, { name: 'Jio Fibre', gstNumber: '27ABCPT5678L1ZV' })).id;
    const ledger = new Map<string, number>();
    const post = (account: string, debitPaise: number) => ledger.set(account, (ledger.get(account) ?? 0) + debitPaise);

    // Rent by hand: 15,000.50 + 2 × 249.75 − 0.50 = 15,499.50, owed to the landlord.
    const rentBody = {
      vendorId: landlord, expenseDate: '2026-05-31', category: 'rent', repeatMonthly: true, notes: 'Shop rent',
      lines: [{ itemName: 'Shop rent', rate: '15000.50' }, { itemName: 'Maintenance', quantity: '2', rate: '249.75', discount: '0.50' }],
    };
    const rent = await write('post', expenses.path, rentBody);
    post('rent', 1_549_950);
    post('creditors', -1_549_950);
    // Internet with GST from a registered supplier, paid now by UPI: 999.99 + 9 % + 9 % (90.00 each) = 1,179.99 → 1,180.00.
    const internet = await write('post', expenses.path, {
      vendorId: telecom, expenseDate: '2026-05-15', category: 'telephone', repeatMonthly: true, taxMode: 'gst',
      lines: [{ itemName: 'Broadband', rate: '999.99', gstRate: '18' }], paidNow: '1180.00', paymentMethod: 'upi',
    });
    post('telephone', 99_999);
    post('input-cgst', 9_000);
    post('input-sgst', 9_000);
    post('round-off', 1);
    post('bank', -118_000);
    const once = await write('post', expenses.path, { vendorId: landlord, expenseDate: '2026-05-10', category: 'repairs', lines: [{ itemName: 'Shutter repair', rate: '500' }] });
    post('repairs', 50_000);
    post('creditors', -50_000);

    expect(await due('2026-05')).toEqual([]);
    expect(await due('2026-06')).toEqual([internet.id, rent.id]);

    // The rent's June copy: 30 June (June is shorter), owed, numbered afresh, naming its first.
    const key = { headers: { [HEADERS.idempotencyKey]: 'repeat-rent-june' } };
    const made = await t.owner.post<Row>(repeatOf(rent.id), { month: '2026-06' }, key);
    expect(made.status, made.text).toBe(201);
    const copy = made.body;
    expect(copy).toMatchObject({ expenseDate: '2026-06-30', repeatOf: rent.id, repeatMonthly: false, vendorId: landlord, category: 'rent', notes: 'Shop rent', totalAmount: '15499.50', balanceDue: '15499.50', status: 'pending' });
    expect(copy.expenseNumber).not.toBe(rent.expenseNumber);
    expect(made.headers.get('location')).toBe(`${expenses.path}/${copy.id}`);
    post('rent', 1_549_950);
    post('creditors', -1_549_950);

    // The same key again: the first answer, nothing new. Another request for June (a second tab): 409 naming the copy.
    const replayed = await t.owner.post<Row>(repeatOf(rent.id), { month: '2026-06' }, key);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(copy);
    const twice = await t.owner.post<{ message: string; issues: { path: string }[] }>(repeatOf(rent.id), { month: '2026-06' });
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body.message).toContain(`${String(copy.expenseNumber)} (id ${copy.id}) is already the copy`);
    expect(twice.body.issues.map((i) => i.path)).toEqual(['month']);
    seen(made);

    expect(await due('2026-06')).toEqual([internet.id]);
    expect(await due('2026-07')).toEqual([internet.id, rent.id]);

    // The internet's July copy keeps its GST and is not paid.
    const july = await write('post', repeatOf(internet.id), { month: '2026-07' });
    expect(july).toMatchObject({ expenseDate: '2026-07-15', repeatOf: internet.id, taxMode: 'gst', cgst: '90.00', sgst: '90.00', totalAmount: '1180.00', balanceDue: '1180.00', status: 'pending' });
    post('telephone', 99_999);
    post('input-cgst', 9_000);
    post('input-sgst', 9_000);
    post('round-off', 1);
    post('creditors', -118_000);

    // Refused, naming why: a copy, one that does not repeat, a month not after the first's, a bad month, nothing appended.
    const refusals: [number, unknown, number, string, RegExp][] = [
      [copy.id, { month: '2026-08' }, 409, 'id', /itself a monthly copy/],
      [once.id, { month: '2026-08' }, 409, 'id', /does not repeat monthly/],
      [rent.id, { month: '2026-05' }, 400, 'month', /month after/],
      [rent.id, { month: '2026-13' }, 400, 'month', /YYYY-MM/],
      [rent.id, { month: '2026-08', day: 3 }, 400, 'day', /./],
    ];
    for (const [id, body, status, path, message] of refusals) {
      const res = await t.owner.post<{ message: string; issues: { path: string; message: string }[] }>(repeatOf(id), body);
      expect(res.status, res.text).toBe(status);
      expect(res.body.issues.map((i) => i.path)).toContain(path);
      expect(res.text).toMatch(message);
    }
    for (const [query, named] of [['', 'month'], ['?month=June', 'month'], ['?month=2026-06&foo=1', 'foo']] as const) {
      const res = await t.owner.get<{ issues: { path: string }[] }>(`${dueToRepeatPath(expenses.path)}${query}`);
      expect(res.status, res.text).toBe(400);
      expect(res.body.issues.map((i) => i.path)).toContain(named);
    }

    // Unticked on the first, it is no longer due.
    await write('put', `${expenses.path}/${rent.id}`, { ...rentBody, repeatMonthly: false });
    expect(await due('2026-08')).toEqual([internet.id]);

    const trial = await read<{ rows: { code: string; debit: string; credit: string }[] }>(BOOKS_PATHS.trialBalance);
    const booked = new Map(trial.rows.map((r) => [r.code, paise(r.debit) - paise(r.credit)]));
    for (const [account, net] of ledger) expect(booked.get(account) ?? 0, account).toBe(net);
    expect([...booked.keys()].filter((code) => !ledger.has(code) && booked.get(code) !== 0)).toEqual([]);
    expect((await read<Row[]>(`${expenses.path}?limit=50`)).length).toBe(5);
  }, 180_000);
});
