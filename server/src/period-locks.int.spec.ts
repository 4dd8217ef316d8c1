import {
  type ActivityPage,
  api,
  byId,
  employeesEntity,
  itemsEntity,
  JOURNAL_VOUCHERS_PATH,
  lockPath,
  type LocksAnswer,
  LOCKS_PATH,
  PAYROLL_PATHS,
  receipts,
  salesInvoices,
  stockAdjustmentsEntity,
  voidPath,
} from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

const MESSAGE = 'The books are locked up to 31-03-2026. Unlock them in Settings to change this.';

/**
 * Locked periods over HTTP (issue 43 item 3): the owner locks the books up to 31 March; a sale,
 * a journal voucher, a stock adjustment and a payroll run dated on or before it, an edit moving
 * a document into or out of it and a void of one in it are each a 409 naming the lock, with
 * nothing appended; after it is open. Staff cannot lock; unlocking needs a reason and is in the
 * lock's history and the activity log.
 */
describe('locked periods', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const events = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.database.db)).rows[0]!.n);
  let item: number, customer: number, march: { id: number }, april: { id: number }, receipt: { id: number };
  const sale = (invoiceDate: string) => ({ customerId: customer, invoiceDate, lines: [{ itemName: 'Rice', quantity: '2', rate: '45.50' }] });

  it('records March and April, then the owner locks the books up to 31 March; staff cannot', async () => {
    customer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores' })).id;
    item = (await write('post', itemsEntity.path, { name: 'Rice', unit: 'KG', costPrice: '40' })).id;
    await write('post', employeesEntity.path, { employeeId: 'E1', name: 'Ravi Kumar', salary: '18000' });
    march = await write('post', salesInvoices.path, sale('2026-03-10'));
    april = await write('post', salesInvoices.path, sale('2026-04-02'));
    receipt = await write('post', receipts.path, { customerId: customer, receiptDate: '2026-03-20', paymentMethod: 'cash', amount: '50.00' });

    const made = await t.owner.post(api.users, { username: 'counter', password: 'counter-pass-1234', role: 'staff' });
    expect(made.status).toBe(201);
    const staff = new HttpClient(t.system.baseUrl);
    expect((await staff.login('counter', 'counter-pass-1234')).status).toBe(200);
    expect((await staff.put(lockPath('books'), { upTo: '2026-03-31' })).status).toBe(403);

    expect(await write('put', lockPath('books'), { upTo: '2026-03-31' })).toEqual({ scope: 'books', upTo: '2026-03-31' });
    const future = await t.owner.put<{ issues: { path: string }[] }>(lockPath('books'), { upTo: '2999-01-01' });
    expect([future.status, future.body.issues[0]?.path]).toEqual([400, 'upTo']);
    expect((await t.owner.put(lockPath('gst'), { upTo: '2026-03-31' })).status).toBe(404);
  });

  it('refuses whatever is dated on or before the lock with a 409 naming it, appending nothing', async () => {
    const before = await events();
    const refusals = [
      await t.owner.post(salesInvoices.path, sale('2026-03-31')),
      await t.owner.post(salesInvoices.path, sale('2019-04-01')),
      await t.owner.post(JOURNAL_VOUCHERS_PATH, { voucherDate: '2025-06-01', voucherType: 'Journal', lines: [{ account: 'rent', debit: '100.00' }, { account: 'cash', credit: '100.00' }] }),
      // An edit: of a March invoice (its old date), or moving April's into March (its new date).
      await t.owner.put(byId(salesInvoices.path, march.id), sale('2026-04-05')),
      await t.owner.put(byId(salesInvoices.path, april.id), sale('2026-03-30')),
      await t.owner.post(voidPath(byId(receipts.path, receipt.id)), { reason: 'Entered twice' }),
      await t.owner.post(stockAdjustmentsEntity.path, { itemId: item, adjustmentType: 'increase', quantity: '1', reason: 'Found', adjustmentDate: '2026-03-15' }),
      await t.owner.post(PAYROLL_PATHS.run, { month: 3, year: 2026 }),
    ];
    expect(refusals.map((r) => [r.status, (r.body as { message?: string }).message])).toEqual(refusals.map(() => [409, MESSAGE]));
    expect(await events()).toBe(before);
  });

  it('lets through what is dated after it: a sale of 1 April, an edit of April, a receipt today for March\'s invoice', async () => {
    await write('post', salesInvoices.path, sale('2026-04-01'));
    await write('put', byId(salesInvoices.path, april.id), { ...sale('2026-04-03'), lines: [{ itemName: 'Rice', quantity: '3', rate: '45.50' }] });
    await write('post', receipts.path, { customerId: customer, receiptDate: '2026-04-10', paymentMethod: 'cash', lines: [{ invoiceId: march.id, receivedAmount: '91.00' }] });
  });

  it('unlocks only with a reason; then the backdated sale goes through', async () => {
    const bare = await t.owner.put<{ issues: { path: string; message: string }[] }>(lockPath('books'), { upTo: null });
    expect([bare.status, bare.body.issues[0]]).toEqual([400, { path: 'reason', message: 'Say why you unlock the books' }]);
    expect(await write('put', lockPath('books'), { upTo: '2026-02-28', reason: 'A March bill came late' })).toEqual({ scope: 'books', upTo: '2026-02-28' });
    await write('post', salesInvoices.path, sale('2026-03-31'));
    expect((await t.owner.post(salesInvoices.path, sale('2026-02-28'))).status).toBe(409);
  });

  it('the lock says its history, and the activity log has both changes with the reason', async () => {
    const { locks } = await read<LocksAnswer>(LOCKS_PATH);
    expect(locks).toEqual([
      {
        scope: 'books',
        upTo: '2026-02-28',
        version: 2,
        history: [
          { type: 'PeriodUnlocked', upTo: '2026-02-28', was: '2026-03-31', reason: 'A March bill came late', at: expect.any(String), user: 'owner' },
          { type: 'PeriodLocked', upTo: '2026-03-31', was: null, reason: null, at: expect.any(String), user: 'owner' },
        ],
      },
    ]);
    const activity = await read<ActivityPage>(`${api.activity}?module=settings`);
    const lockRows = activity.rows.filter((r) => r.label === 'Books lock');
    expect(lockRows.map((r) => [r.type, r.user, r.changes])).toEqual([
      ['PeriodUnlocked', 'owner', [{ field: 'upTo', from: '2026-03-31', to: '2026-02-28' }, { field: 'reason', from: null, to: 'A March bill came late' }]],
      ['PeriodLocked', 'owner', [{ field: 'upTo', from: null, to: '2026-03-31' }]],
    ]);
  });
});
