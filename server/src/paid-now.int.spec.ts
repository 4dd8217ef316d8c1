import { byId, HEADERS, purchaseInvoices, receipts, salesInvoices, vendorPayments } from '@erp/contracts';
import { type TestDatabase, testDatabase, testPool } from '@erp/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { ownWork } from './testing/test-work';

type Row = { id: number } & Record<string, unknown>;

/**
 * Issue 20 item 2: a sale and its payment in one go. "Received now" on a sales invoice ("Paid
 * now" on a purchase bill) records a receipt (payment) of that amount, allocated to the invoice,
 * in the same append as the invoice — or nothing at all.
 */
describe('an invoice paid as it is recorded', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let owner: HttpClient;
  let pool: pg.Pool;
  let position = '0';
  let customer: number;
  let vendor: number;

  beforeAll(async () => {
    database = await testDatabase();
    pool = testPool(database.url);
    system = await startOneProcess(database.url);
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', 'correct horse battery staple');
    customer = (await write('/api/sales/customers', { name: 'Counter Sale' })).id;
    vendor = (await write('/api/purchase/vendors', { name: 'Wholesale Mart' })).id;
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  const write = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await owner.post<Row>(path, body, { headers });
    expect(res.status, `${path}: ${res.text}`).toBe(201);
    position = res.headers.get(HEADERS.eventPosition) ?? position;
    return res.body;
  };
  const read = async <T = Row>(path: string) => (await owner.get<T>(path, { headers: { [HEADERS.minPosition]: position } })).body;
  const events = async () => Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  const lines = [
    { itemName: 'Rice 5 kg', quantity: '2', rate: '310.00' },
    { itemName: 'Sugar 1 kg', quantity: '3', rate: '45.50' },
    { itemName: 'Tea 250 g', quantity: '1', rate: '120.00' },
  ];

  it('a sale received in full: the invoice is paid, its receipt listed with the method, on the invoice', ownWork(async () => {
    const invoice = await write(salesInvoices.path, { customerId: customer, invoiceDate: '2026-11-20', lines, paidNow: '876.50', paymentMethod: 'upi' });
    expect(invoice).toMatchObject({ totalAmount: '876.50', paidAmount: '876.50', balanceDue: '0.00', status: 'paid' });
    const list = await read<Row[]>(`${receipts.path}?limit=200`);
    const receipt = list.find((r) => r.customerId === customer);
    expect(receipt).toMatchObject({ paymentMethod: 'upi', totalAmount: '876.50', receiptDate: '2026-11-20' });
    const detail = await read(byId(receipts.path, receipt!.id));
    expect(detail).toMatchObject({ lines: [{ invoiceId: invoice.id, receivedAmount: '876.50' }], description: `With invoice ${String(invoice.invoiceNumber)}` });
    expect(detail.receiptNumber).toBe('RCT/2026-27/0001');
    expect(await read(byId(salesInvoices.path, invoice.id))).toMatchObject({ status: 'paid', allocations: [{ amount: '876.50' }] });
  }));

  it('a part received: partial, the rest due; blank or 0 records no receipt', ownWork(async () => {
    const part = await write(salesInvoices.path, { customerId: customer, lines, paidNow: '500' });
    expect(part).toMatchObject({ paidAmount: '500.00', balanceDue: '376.50', status: 'partial' });
    const before = (await read<Row[]>(`${receipts.path}?limit=200`)).length;
    for (const paidNow of ['', '0', undefined]) {
      const unpaid = await write(salesInvoices.path, { customerId: customer, lines, paidNow });
      expect(unpaid).toMatchObject({ paidAmount: '0.00', status: 'pending' });
    }
    expect((await read<Row[]>(`${receipts.path}?limit=200`)).length).toBe(before);
  }));

  it('a purchase bill paid now records a vendor payment', ownWork(async () => {
    const bill = await write(purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'WM-77', lines, paidNow: '876.50', paymentMethod: 'bank_transfer' });
    expect(bill).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    const list = await read<Row[]>(`${vendorPayments.path}?limit=200`);
    expect(list.find((p) => p.vendorId === vendor)).toMatchObject({ paymentMethod: 'bank_transfer', totalAmount: '876.50' });
  }));

  it('more than the total, a bad amount or a bad method changes nothing', ownWork(async () => {
    const before = await events();
    const over = await owner.post(salesInvoices.path, { customerId: customer, lines, paidNow: '876.51' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ issues: [{ path: 'paidNow', message: expect.stringContaining('876.50') }] });
    const letters = await owner.post(salesInvoices.path, { customerId: customer, lines, paidNow: '12abc' });
    expect(letters.status).toBe(400);
    expect(letters.body).toMatchObject({ issues: [{ path: 'paidNow' }] });
    const method = await owner.post(salesInvoices.path, { customerId: customer, lines, paidNow: '10', paymentMethod: 'barter' });
    expect(method.status).toBe(400);
    expect(method.body).toMatchObject({ issues: [{ path: 'paymentMethod', message: 'Please select a payment method' }] });
    expect(await events()).toBe(before);
  }));

  it('a revision cannot take a payment: record a receipt for it', ownWork(async () => {
    const invoice = await write(salesInvoices.path, { customerId: customer, lines });
    const res = await owner.put(byId(salesInvoices.path, invoice.id), { customerId: customer, lines, paidNow: '100' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ issues: [{ path: 'paidNow', message: expect.stringContaining('record a receipt') }] });
  }));

  it('receipts and payments are numbered in their own series, and a refused one uses up no number', ownWork(async () => {
    const invoice = await write(salesInvoices.path, { customerId: customer, lines });
    const numbers = async () => (await read<Row[]>(receipts.path)).map((r) => String(r.receiptNumber)).sort();
    const before = await numbers();
    const last = Number(before.at(-1)!.slice(-4));
    const over = await owner.post(receipts.path, { customerId: customer, paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '9999' }] });
    expect(over.status).toBe(409);
    const ok = await write(receipts.path, { customerId: customer, paymentMethod: 'cash', receiptDate: '2026-12-01', lines: [{ invoiceId: invoice.id, receivedAmount: '100' }] });
    expect(ok.receiptNumber).toBe(`RCT/2026-27/${String(last + 1).padStart(4, '0')}`);
    // A revision keeps its number; a payment has a series of its own.
    const revised = await owner.put<Row>(byId(receipts.path, ok.id), { customerId: customer, paymentMethod: 'upi', lines: [{ invoiceId: invoice.id, receivedAmount: '100' }] });
    expect(revised.body).toMatchObject({ receiptNumber: ok.receiptNumber, paymentMethod: 'upi' });
    const payment = await write(vendorPayments.path, { vendorId: vendor, paymentMethod: 'cash', amount: '10', paymentDate: '2027-04-01' });
    expect(payment.paymentNumber).toBe('PAY/2027-28/0001');
    expect(await read(byId(receipts.path, ok.id))).toMatchObject({ receiptNumber: ok.receiptNumber });
  }));

  it('a repeated Idempotency-Key answers the first result and records one receipt', ownWork(async () => {
    const key = `paid-now-${Date.now()}`;
    const first = await write(salesInvoices.path, { customerId: customer, lines, paidNow: '876.50' }, { 'Idempotency-Key': key });
    const before = await events();
    const again = await write(salesInvoices.path, { customerId: customer, lines, paidNow: '876.50' }, { 'Idempotency-Key': key });
    expect(again).toMatchObject({ id: first.id, status: 'paid' });
    expect(await events()).toBe(before);
  }));
});
