import { type ActivityPage, api, customersEntity, employeesEntity, HEADERS, receipts, salesInvoices, vendorsEntity, voidPath, byId } from '@erp/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

describe('the activity log (issue 23): who did what to which record, newest first', () => {
  const t = signedInOneProcess();
  const clerk = {} as { client: HttpClient };
  let position = '0';
  const activity = async (query = '') => {
    const res = await t.owner.get<ActivityPage>(`${api.activity}${query}`, { headers: { [HEADERS.minPosition]: position } });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  let vendor: { id: number };
  let receipt: { id: number };

  beforeAll(async () => {
    expect((await t.owner.post(api.users, { username: 'clerk', password: 'clerk-pass-2026', role: 'staff' })).status).toBe(201);
    clerk.client = new HttpClient(t.system.baseUrl);
    expect((await clerk.client.login('clerk', 'clerk-pass-2026')).status).toBe(200);
    const owner = readYourWrites(() => t.owner);
    const asClerk = readYourWrites(() => clerk.client);
    vendor = await owner.write('post', vendorsEntity.path, { name: 'Gupta Traders', phone: '98200 11223' });
    await asClerk.write('put', byId(vendorsEntity.path, vendor.id), { name: 'Gupta Traders Pvt Ltd', phone: '98200 11223' });
    await asClerk.write('post', employeesEntity.path, { employeeId: 'E-1', name: 'Ravi Kumar' });
    const customer = await owner.write('post', customersEntity.path, { name: 'Tilak Stores' });
    const invoice = await asClerk.write('post', salesInvoices.path, { customerId: customer.id, invoiceDate: '2026-11-20', lines: [{ itemName: 'Tea', quantity: '2', rate: '50' }] });
    receipt = await asClerk.write('post', receipts.path, { customerId: customer.id, receiptDate: '2026-11-21', paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '100.00' }] });
    const voided = await owner.write('post', voidPath(byId(receipts.path, receipt.id)), { reason: 'Entered twice' }, 200);
    void voided;
    position = owner.position();
  });

  it('lists every change newest first with the user, the record and what changed; claims of unique values are not activity', async () => {
    const page = await activity();
    // The void and what it released on its invoice: one append, the newest two.
    const [voided, released] = [page.rows.slice(0, 2).find((r) => r.type === 'ReceiptVoided')!, page.rows.slice(0, 2).find((r) => r.type !== 'ReceiptVoided')!];
    expect(voided).toMatchObject({ user: 'owner', module: 'sales', streamId: `receipt-${receipt.id}`, recordId: receipt.id, task: 'receipts' });
    expect(released).toMatchObject({ type: 'SalesInvoiceAllocationReleased', user: 'owner', task: 'invoices', changes: [{ field: 'paidAmount', from: '100.00', to: '0.00' }] });
    expect(voided.changes).toEqual(expect.arrayContaining([{ field: 'active', from: true, to: false }, { field: 'voidReason', from: null, to: 'Entered twice' }]));
    const renamed = page.rows.find((r) => r.type === 'VendorUpdated')!;
    expect(renamed).toMatchObject({ user: 'clerk', label: 'Vendor', task: 'vendors', changes: [{ field: 'name', from: 'Gupta Traders', to: 'Gupta Traders Pvt Ltd' }] });
    const positions = page.rows.map((r) => BigInt(r.position));
    expect([...positions].sort((a, b) => (a < b ? 1 : -1))).toEqual(positions);
    expect(page.rows.some((r) => r.streamId.includes(':') && !r.streamId.startsWith('user:'))).toBe(false);
    expect(page.rows.filter((r) => r.streamId.startsWith('user:'))).toEqual([expect.objectContaining({ type: 'UserAdded', module: 'settings', label: 'User', user: 'owner' })]);
  });

  it('filters by user, module, record and date, and pages back without skipping or repeating', async () => {
    expect((await activity('?user=clerk')).rows.every((r) => r.user === 'clerk')).toBe(true);
    expect((await activity('?user=clerk')).rows.map((r) => r.type)).toEqual(expect.arrayContaining(['VendorUpdated', 'EmployeeCreated', 'ReceiptRecorded']));
    expect((await activity('?module=hr')).rows.map((r) => r.type)).toEqual(['EmployeeCreated']);
    expect((await activity(`?record=vendor-${vendor.id}`)).rows.map((r) => r.type)).toEqual(['VendorUpdated', 'VendorCreated']);
    expect((await activity('?from=2000-01-01&to=2000-01-31')).rows).toEqual([]);
    const all = (await activity('?limit=200')).rows.map((r) => r.position);
    const paged: string[] = [];
    for (let before = ''; ; ) {
      const page = await activity(`?limit=2${before}`);
      paged.push(...page.rows.map((r) => r.position));
      if (!page.next) break;
      before = `&before=${page.next}`;
    }
    expect(paged).toEqual(all);
  });

  it('refuses a bad filter with a 400 naming it, and staff with a 403', async () => {
    const bad = await t.owner.get<{ issues: { path: string }[] }>(`${api.activity}?record=vendor%27--`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]!.path).toBe('record');
    expect((await clerk.client.get(api.activity)).status).toBe(403);
  });
});
