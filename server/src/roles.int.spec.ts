import { api, BUSINESS_PATH, customersEntity, LOCKS_PATH, historyOf, PUBLIC_API_ROUTES, type Role, ROLES, salesInvoices, receipts, voidPath, byId } from '@erp/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import { budget } from './testing/budget';
import { HttpClient } from './testing/http-client';
import { productRoutes, sampleUrl } from './testing/routes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';
import { ownWork } from './testing/test-work';

const PASSWORD = 'role-test-pass-42';

/**
 * Who may call a route, restated from issue 22 in its own words (not read from the server's
 * table): reads are everyone's, users, the activity log and the event feed the owner's, voids (a payroll's cancel too) and the business profile the owner's,
 * the books' own records (and, issue 44, GST returns' writes: 2B imports, IMS actions) the owner's and
 * the accountant's, every other write the owner's and staff's.
 */
const mayCall = (method: string, path: string): readonly Role[] => {
  if (path === api.auth.password) return ROLES;
  if (path.startsWith(api.users) || path.startsWith(api.apiKeys) || path.startsWith(api.activity)) return ['owner'];
  // The raw event feed is the audit trail too (issue 41): who did what in every event, users' changes among them.
  if (path === api.events || path.startsWith(`${api.events}/`)) return ['owner'];
  // Webhooks send the business's events out (issue 23): the owner's alone, reads too.
  if (path.startsWith(api.webhooks)) return ['owner'];
  if (method === 'GET') return ROLES;
  if (path.endsWith('/void') || path.endsWith('/cancel') || path === BUSINESS_PATH) return ['owner'];
  // Locking and unlocking the books (issue 43): the owner's.
  if (path.startsWith(`${LOCKS_PATH}/`)) return ['owner'];
  if (path.startsWith('/api/accounting/') || path.startsWith('/api/gst/')) return ['owner', 'accountant'];
  return ['owner', 'staff'];
};

describe('roles: every role × every route (issue 22)', () => {
  const t = signedInOneProcess();
  const signedIn = {} as Record<Role, HttpClient>;
  const head = async () => (await sql<{ p: string }>`select coalesce(max(position), 0)::text as p from events`.execute(t.database.db)).rows[0]!.p;

  beforeAll(async () => {
    signedIn.owner = t.owner;
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const made = await t.owner.post(api.users, { username: `${role}-user`, password: PASSWORD, role });
      expect(made.status, made.text).toBe(201);
      signedIn[role] = new HttpClient(t.system.baseUrl);
      expect((await signedIn[role].login(`${role}-user`, PASSWORD)).status).toBe(200);
    }
  });

  it('says who is signed in and in which role', ownWork(async () => {
    for (const role of ROLES) expect((await signedIn[role].get(api.auth.me)).body).toMatchObject({ role });
  }));

  const routes = productRoutes().filter((r) => !PUBLIC_API_ROUTES.includes(`${r.method} ${r.path}`) && r.path !== api.auth.logout);

  it('walks every route the routers declare', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.method !== 'GET').length).toBeGreaterThan(20);
    // The role guard remembers a permission per route, reading any segment of digits as an id.
    expect(productRoutes().filter((r) => /\/\d+(\/|$)/.test(r.path))).toEqual([]);
  });

  for (const role of ROLES) {
    // Its time limit: a request per route, and the log's head read before and after each refused one.
    it(`${role}: 403 exactly where the role may not go, and a refused write appends nothing`, ownWork(async () => {
      const wrong: string[] = [];
      for (const { method, path } of routes) {
        const allowed = mayCall(method, path).includes(role);
        const before = allowed ? null : await head();
        const res = await signedIn[role].request(method, sampleUrl(path), method === 'GET' || method === 'DELETE' ? {} : { json: {} });
        const refused = res.status === 403;
        if (allowed === refused || res.status >= 500) wrong.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
        if (refused && (res.body as { error?: string }).error !== 'forbidden') wrong.push(`${method} ${path}: 403 without error "forbidden"`);
        if (before !== null && (await head()) !== before) wrong.push(`${method} ${path}: appended events although refused`);
      }
      expect(wrong).toEqual([]);
    }), budget({ requests: routes.length * 3 }));
  }

  it("no one but the owner sees a user account's events or what they say, on any route (issue 41)", ownWork(async () => {
    const added = await t.owner.post<{ id: number }>(api.users, { username: 'hidden-hire', password: PASSWORD, role: 'viewer' });
    expect(added.status, added.text).toBe(201);
    expect((await t.owner.put(byId(api.users, added.body.id), { role: 'accountant' })).status).toBe(200);
    expect((await t.owner.post(`${byId(api.users, added.body.id)}/password`, { password: 'hidden-reset-42' })).status).toBe(204);
    const stream = `user:${added.body.id}`;
    const { rows } = await sql<{ p: string }>`select position::text as p from events where stream_id = ${stream} order by position`.execute(t.database.db);
    expect(rows).toHaveLength(3);
    const feeds = [`${api.events}?stream=${stream}`, ...rows.map((r) => `${api.events}/${r.p}`), `${api.activity}?record=${stream}`, `${api.activity}?module=settings`];
    // The owner reads them there: the probes below ask the right places.
    for (const url of feeds) expect((await t.owner.get(url)).text, url).toContain(stream);
    const gets = [...routes.filter((r) => r.method === 'GET').map((r) => sampleUrl(r.path)), ...feeds];
    const seen: string[] = [];
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      for (const url of gets) {
        const res = await signedIn[role].get(url);
        if (res.status >= 500) seen.push(`${role} ${url}: ${res.status}`);
        for (const secret of ['hidden-hire', stream, 'UserAdded', 'UserChanged', 'UserPasswordSet']) {
          if (res.text.includes(secret)) seen.push(`${role} ${url}: ${res.status} shows ${secret}`);
        }
      }
      for (const url of feeds) {
        const res = await signedIn[role].get(url);
        if (res.status !== 403) seen.push(`${role} ${url}: ${res.status}, not 403`);
      }
    }
    expect(seen).toEqual([]);
  }), budget({ requests: (routes.length + 10) * 4 }));

  it('a viewer cannot change a real record, an accountant cannot edit an invoice, staff cannot void', ownWork(async () => {
    const { write, read } = readYourWrites(() => t.owner);
    const customer = await write('post', customersEntity.path, { name: 'Role Test Traders' });
    const invoice = await write('post', salesInvoices.path, {
      customerId: customer.id, invoiceDate: '2026-04-10', taxMode: 'manual', lines: [{ itemName: 'Tea', quantity: '2', rate: '50.00' }],
    });
    const receipt = await write('post', receipts.path, { customerId: customer.id, receiptDate: '2026-04-15', paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '40.00' }] });
    const before = await head();

    const renamed = await signedIn.viewer.put(byId(customersEntity.path, customer.id), { name: 'Renamed by a viewer' });
    expect(renamed.status).toBe(403);
    expect((await signedIn.viewer.post(customersEntity.path, { name: 'Added by a viewer' })).status).toBe(403);
    const edited = await signedIn.accountant.put(byId(salesInvoices.path, invoice.id), { ...invoice, notes: 'Edited by the accountant' });
    expect(edited.status).toBe(403);
    expect((edited.body as { message: string }).message).toBe('Accountant accounts cannot create or change records; ask the owner');
    const voided = await signedIn.staff.post(voidPath(byId(receipts.path, receipt.id)), { reason: 'Staff tried' });
    expect(voided.status).toBe(403);
    expect(await head()).toBe(before);
    expect(await read(byId(customersEntity.path, customer.id))).toMatchObject({ name: 'Role Test Traders' });

    // What each may do, they can: staff edits the customer, the accountant posts a journal voucher, the owner voids.
    expect((await signedIn.staff.put(byId(customersEntity.path, customer.id), { name: 'Role Test Traders Pvt Ltd' })).status).toBe(200);
    const voucher = await signedIn.accountant.post('/api/accounting/journal-vouchers', {
      voucherDate: '2026-04-16', voucherType: 'Journal', lines: [{ account: 'cash', debit: '10.00' }, { account: 'capital', credit: '10.00' }],
    });
    expect(voucher.status, voucher.text).toBe(201);
    expect((await t.owner.post(voidPath(byId(receipts.path, receipt.id)), { reason: 'Recorded twice' })).status).toBe(200);
  }));

  it("the history of a record names who made each change", ownWork(async () => {
    const { read } = readYourWrites(() => t.owner);
    const [customer] = (await read<{ id: number; name: string }[]>(`${customersEntity.path}?q=Role Test`)) as unknown as { id: number }[];
    const history = await t.owner.get<{ type: string; user: string | null }[]>(historyOf(customersEntity.path, customer!.id));
    // Its first use by a document (issue 42) is the owner's invoice's, not a change to the record.
    expect(history.body.filter((h) => h.type !== 'CustomerUsed').map((h) => h.user)).toEqual(['owner', 'staff-user']);
  }));

  it('a user changes their own password: the current one is asked, their other sign-ins end, this one goes on', ownWork(async () => {
    const elsewhere = new HttpClient(t.system.baseUrl);
    expect((await elsewhere.login('staff-user', PASSWORD)).status).toBe(200);
    const wrong = await signedIn.staff.post(api.auth.password, { currentPassword: 'not it', newPassword: 'a-new-pass-123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ issues: [{ path: 'currentPassword', message: 'This is not your current password' }] });
    expect((await signedIn.staff.post(api.auth.password, { currentPassword: PASSWORD, newPassword: 'a-new-pass-123' })).status).toBe(204);
    expect((await signedIn.staff.get(api.auth.me)).status).toBe(200);
    expect((await elsewhere.get(api.auth.me)).status).toBe(401);
    expect((await new HttpClient(t.system.baseUrl).login('staff-user', PASSWORD)).status).toBe(401);
    expect((await new HttpClient(t.system.baseUrl).login('staff-user', 'a-new-pass-123')).status).toBe(200);
  }));

  it('a disabled user is signed out at once and cannot sign in; enabled, they can', ownWork(async () => {
    const users = await t.owner.get<{ id: number; username: string }[]>(api.users);
    const staff = users.body.find((u) => u.username === 'staff-user')!;
    const disabled = await t.owner.put(byId(api.users, staff.id), { disabled: true });
    expect(disabled.body).toMatchObject({ username: 'staff-user', role: 'staff', disabled: true });
    expect((await signedIn.staff.get(customersEntity.path)).status).toBe(401);
    expect((await signedIn.staff.login('staff-user', 'a-new-pass-123')).status).toBe(401);
    expect((await t.owner.put(byId(api.users, staff.id), { disabled: false })).status).toBe(200);
    expect((await signedIn.staff.login('staff-user', 'a-new-pass-123')).status).toBe(200);
  }));

  it('the owner resets a password (the user is signed out), changes a role, and cannot leave the business without an owner', ownWork(async () => {
    const users = (await t.owner.get<{ id: number; username: string }[]>(api.users)).body;
    const id = (name: string) => users.find((u) => u.username === name)!.id;
    expect((await t.owner.post(`${byId(api.users, id('viewer-user'))}/password`, { password: 'reset-by-owner-1' })).status).toBe(204);
    expect((await signedIn.viewer.get(customersEntity.path)).status).toBe(401);
    expect((await signedIn.viewer.login('viewer-user', 'reset-by-owner-1')).status).toBe(200);
    expect((await t.owner.put(byId(api.users, id('viewer-user')), { role: 'staff' })).body).toMatchObject({ role: 'staff' });
    expect((await signedIn.viewer.post(customersEntity.path, { name: 'Now staff' })).status).toBe(201);

    const alone = await t.owner.put(byId(api.users, id('owner')), { role: 'staff' });
    expect(alone.status).toBe(409);
    expect(alone.body).toMatchObject({ message: 'The business needs an owner who can sign in: make another user owner first' });
    expect((await t.owner.put(byId(api.users, id('owner')), { disabled: true })).status).toBe(409);
    expect((await t.owner.get(api.auth.me)).body).toMatchObject({ role: 'owner' });
    const taken = await t.owner.post(api.users, { username: 'STAFF-USER', password: PASSWORD, role: 'viewer' });
    expect(taken.status).toBe(409);

    // Each change is in the log, as the owner's, with no password in it.
    const { rows } = await sql<{ type: string; data: Record<string, unknown>; username: string }>`select type, data, metadata->>'username' as username
      from events where stream_id = ${`user:${id('viewer-user')}`} order by position`.execute(t.database.db);
    expect(rows.map((r) => [r.type, r.username])).toEqual([['UserAdded', 'owner'], ['UserPasswordSet', 'owner'], ['UserChanged', 'owner']]);
    expect(rows[2]!.data).toEqual({ id: id('viewer-user'), role: 'staff' });
    expect(JSON.stringify(rows)).not.toContain('reset-by-owner-1');
  }));
});
