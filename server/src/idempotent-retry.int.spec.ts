import {
  byId,
  customersEntity,
  employeesEntity,
  HEADERS,
  itemsEntity,
  purchaseInvoices,
  receipts,
  salesInvoices,
  stockAdjustmentsEntity,
  vendorPayments,
  vendorsEntity,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase, testPool } from '@erp/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { budget } from './testing/budget';
import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { ownWork } from './testing/test-work';

/**
 * Issue 18 item 3: a POST whose first attempt appended but whose process died before it
 * answered (what HAProxy replays after a dead instance) is retried with the same
 * Idempotency-Key. The retry must answer the first result and append nothing — also where
 * deciding again would now refuse (a full receipt: "only ₹0.00 is due"; a number or an
 * employee ID "already taken"). The server kills itself with SIGKILL right after the append
 * commits (ERP_TEST_CRASH_AFTER_APPEND), then is started again on the same database.
 */

type Row = { id: number } & Record<string, unknown>;

describe('a retried POST after the process died between append and answer', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let owner: HttpClient;
  let pool: pg.Pool;
  let n = 0;

  const start = async () => {
    system = await startOneProcess(database.url, { ERP_TEST_CRASH_AFTER_APPEND: '1' });
    const cookies = owner?.cookies;
    owner = new HttpClient(system.baseUrl);
    for (const [k, v] of cookies ?? []) owner.cookies.set(k, v);
  };
  const events = async () => Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  const create = async (path: string, body: unknown) => {
    const res = await owner.post<Row>(path, body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    database = await testDatabase();
    pool = testPool(database.url);
    await start();
    await owner.setup('owner', 'correct horse battery staple');
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  /**
   * Sends the POST so that the server dies right after its append; starts the server again;
   * retries with the same key: the first result, nothing appended. Then the same key with
   * another body is a 409, and a plain repeat is answered from the stored key.
   */
  const crashThenRetry = async (path: string, body: Record<string, unknown>, changed: Record<string, unknown>) => {
    const key = `retry-${++n}-${Date.now()}`;
    const before = await events();
    const first = await owner.post(path, body, { headers: { 'Idempotency-Key': key, [HEADERS.requestId]: `crash-after-append-${n}` } }).catch((error: unknown) => error);
    expect(first, 'the first attempt got no answer').toBeInstanceOf(Error);
    await system.processes[0]!.exited;
    const appended = await events();
    expect(appended, 'the first attempt appended before the process died').toBeGreaterThan(before);
    await system.stop();
    await start();

    const retry = await owner.post<Row>(path, body, { headers: { 'Idempotency-Key': key } });
    expect(retry.status, retry.text).toBe(201);
    expect(await events(), 'the retry appended nothing').toBe(appended);
    const stored = await owner.get<Row>(byId(path, retry.body.id), { headers: { [HEADERS.minPosition]: retry.headers.get(HEADERS.eventPosition)! } });
    expect(stored.status).toBe(200);
    expect(retry.body).toEqual(stored.body);
    expect(retry.headers.get('Location')).toBe(byId(path, retry.body.id));
    expect(retry.headers.get('ETag')).toBe(stored.headers.get('ETag'));

    const again = await owner.post<Row>(path, body, { headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.id).toBe(retry.body.id);
    expect(await events()).toBe(appended);
    // The same key with another request: refused, nothing appended (another key goes through).
    const conflicting = await owner.post(path, { ...body, ...changed }, { headers: { 'Idempotency-Key': key } });
    expect(conflicting.status, conflicting.text).toBe(409);
    expect(await events()).toBe(appended);
    const other = await owner.post(path, { ...body, ...changed }, { headers: { 'Idempotency-Key': `${key}-other` } });
    expect(other.status, other.text).toBe(201);
    return retry.body;
  };
  /** A test's time limit: each crash and retry starts the server again and sends seven requests. */
  const crashes = (n: number, requests = 0) => budget({ starts: n, requests: n * 7 + requests });

  it('a vendor', ownWork(async () => {
    await crashThenRetry(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body('crash'), { name: 'Another vendor' });
  }), crashes(1));

  it('an employee, whose ID is claimed in the same append', ownWork(async () => {
    const body = MASTER_DATA_SAMPLES.employees!.body('crash');
    const employee = await crashThenRetry(employeesEntity.path, body, { employeeId: 'E-other', name: 'Another' });
    expect(employee.employeeId).toBe(body.employeeId);
  }), crashes(1));

  it('a stock adjustment', ownWork(async () => {
    const item = await create(itemsEntity.path, MASTER_DATA_SAMPLES.items!.body('crash'));
    await crashThenRetry(stockAdjustmentsEntity.path, { ...MASTER_DATA_SAMPLES['stock-adjustments']!.body('crash'), itemId: item.id }, { quantity: '3' });
  }), crashes(1, 1));

  it('purchase and sales invoices, whose numbers are claimed in the same append', ownWork(async () => {
    const vendor = await create(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body('inv'));
    const customer = await create(customersEntity.path, MASTER_DATA_SAMPLES.customers!.body('inv'));
    const lines = [{ itemName: 'Rice', quantity: '2', rate: '50' }];
    const bill = await crashThenRetry(purchaseInvoices.path, { vendorId: vendor.id, invoiceNumber: 'B-CRASH-1', lines }, { invoiceNumber: 'B-CRASH-2' });
    expect(bill.invoiceNumber).toBe('B-CRASH-1');
    const sale = await crashThenRetry(salesInvoices.path, { customerId: customer.id, invoiceNumber: 'S-CRASH-1', lines }, { invoiceNumber: 'S-CRASH-2' });
    expect(sale.invoiceNumber).toBe('S-CRASH-1');
  }), crashes(2, 2));

  it('a payment and a receipt that settle an invoice in full', ownWork(async () => {
    const vendor = await create(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body('pay'));
    const customer = await create(customersEntity.path, MASTER_DATA_SAMPLES.customers!.body('pay'));
    const lines = [{ itemName: 'Dal', quantity: '1', rate: '100' }];
    const bills = [await create(purchaseInvoices.path, { vendorId: vendor.id, invoiceNumber: 'P-1', lines }), await create(purchaseInvoices.path, { vendorId: vendor.id, invoiceNumber: 'P-2', lines })];
    const sales = [await create(salesInvoices.path, { customerId: customer.id, invoiceNumber: 'R-1', lines }), await create(salesInvoices.path, { customerId: customer.id, invoiceNumber: 'R-2', lines })];
    const payment = await crashThenRetry(
      vendorPayments.path,
      { vendorId: vendor.id, paymentMethod: 'cash', lines: [{ invoiceId: bills[0]!.id, paidAmount: '100.00' }] },
      { lines: [{ invoiceId: bills[1]!.id, paidAmount: '100.00' }] },
    );
    expect(payment.totalAmount).toBe('100.00');
    const receipt = await crashThenRetry(
      receipts.path,
      { customerId: customer.id, paymentMethod: 'upi', lines: [{ invoiceId: sales[0]!.id, receivedAmount: '100.00' }] },
      { lines: [{ invoiceId: sales[1]!.id, receivedAmount: '100.00' }] },
    );
    expect(receipt.totalAmount).toBe('100.00');
    for (const [path, id] of [[purchaseInvoices.path, bills[0]!.id], [salesInvoices.path, sales[0]!.id]] as const) {
      expect((await owner.get<Row>(byId(path, id))).body).toMatchObject({ status: 'paid', paidAmount: '100.00' });
    }
  }), crashes(2, 8));
});
