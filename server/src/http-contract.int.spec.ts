import {
  vendorsEntity,
  api,
  type Fields,
  MASTER_DATA_ENTITIES,
  withComputed,
  listTable,
  byId,
  ErrorBodySchema,
  gstinCheckCharacter,
  HEADERS,
  historyOf,
  HistoryEntrySchema,
  MeSchema,
  ModuleSchema,
  RecordedEventSchema,
  TaskSchema,
  type Vendor,
  VendorSchema,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { PROJECTIONS } from '@erp/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type Answer, eventually, HttpClient } from './testing/http-client';
import { openApiPath, productRoutes, sampleUrl } from './testing/routes';
import { type Mode, type RunningSystem, startSystem } from './testing/run-modes';
import { TEST_SETUP_CODE } from './testing/processes';

/**
 * DESIGN §2 end to end, against the product started as real processes: once as `npm start`
 * runs it (embedded) and once as docker-compose runs it (services behind the gateway).
 */

const OWNER = { username: 'owner', password: 'correct horse battery staple' };
const GSTIN = `27ABCDE1234F1Z${gstinCheckCharacter('27ABCDE1234F1Z')}`;
const BAD_GSTIN = `${GSTIN.slice(0, 14)}${GSTIN.endsWith('0') ? '1' : '0'}`;

const Strict = {
  vendor: VendorSchema.strict(),
  module: ModuleSchema.strict(),
  task: TaskSchema.strict(),
  error: ErrorBodySchema.strict(),
  me: MeSchema.strict(),
  history: HistoryEntrySchema.strict(),
  event: RecordedEventSchema.strict(),
  unauthenticatedMe: ErrorBodySchema.extend({ setupRequired: z.boolean() }).strict(),
};

/** A list's rows: the record, strictly, with when it last changed and its stream version (issue 46's sync), checked then set aside. */
const listed = <S extends z.ZodObject>(schema: S) =>
  z.array(schema.extend({ updatedAt: z.string().min(1), version: z.number().int().positive() }).strict()).transform((rows) => rows.map(({ updatedAt: _at, version: _v, ...row }) => row));

const HealthSchema = z.object({
  status: z.literal('ok'),
  store: z.object({ kind: z.string(), head: z.string().regex(/^\d+$/) }),
  notifier: z.object({ kind: z.string(), healthy: z.boolean() }),
  projections: z.array(
    z.object({ name: z.string(), version: z.number().int().nullable(), position: z.string(), lag: z.number().int() }),
  ),
});
type Health = z.infer<typeof HealthSchema>;

const vendorBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  contactPerson: 'Asha Rao',
  phone: '+91 98765 43210',
  email: 'accounts@acme.example',
  address: '12 MG Road, Pune',
  gstNumber: GSTIN,
  panNumber: 'ABCDE1234F',
  paymentTerms: 'Net 30',
  paymentTermDays: 30,
  active: true,
  ...extra,
});

/** Asserts an error answer: status, JSON content, the DESIGN §2 body shape and its code. */
const expectError = (res: Answer, status: number, code?: z.infer<typeof ErrorBodySchema>['error']) => {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = Strict.error.parse(res.body);
  if (code) expect(body.error).toBe(code);
  return body;
};

const httpContract = (mode: Mode) => {
  describe(`HTTP contract, ${mode} mode`, () => {
    let system: RunningSystem;
    let owner: HttpClient;
    let anonymous: HttpClient;
    const newClient = () => new HttpClient(system.baseUrl);

    /** The owner's health: with the details (the log head, the read models). */
    const health = async (): Promise<Health> => {
      const res = await owner.get(api.health);
      expect(res.status).toBe(200);
      return HealthSchema.parse(res.body);
    };
    const head = async () => (await health()).store.head;
    const eventsOf = async (stream: string) => {
      const res = await owner.get(`${api.events}?stream=${encodeURIComponent(stream)}&limit=1000`);
      expect(res.status).toBe(200);
      return z.array(Strict.event).parse(res.body);
    };
    const createVendor = async (name: string, extra: Record<string, unknown> = {}) => {
      const res = await owner.post(vendorsEntity.path, vendorBody(name, extra));
      expect(res.status, res.text).toBe(201);
      return { res, vendor: Strict.vendor.parse(res.body), position: res.headers.get(HEADERS.eventPosition)! };
    };
    const readList = async (position: string) => {
      const res = await owner.get(vendorsEntity.path, { headers: { [HEADERS.minPosition]: position } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-read-model-stale')).toBeNull();
      return listed(VendorSchema).parse(res.body);
    };
    const readOne = (id: number | string, position?: string) =>
      owner.get(byId(vendorsEntity.path, id), position ? { headers: { [HEADERS.minPosition]: position } } : {});

    beforeAll(async () => {
      system = await startSystem(mode);
      anonymous = new HttpClient(system.baseUrl);
    }, 180_000);
    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    describe('authentication', () => {
      it('before setup, me is 401 and says setup is required', async () => {
        const res = await anonymous.get(api.auth.me);
        expect(res.status).toBe(401);
        expect(Strict.unauthenticatedMe.parse(res.body)).toMatchObject({ error: 'unauthenticated', setupRequired: true });
      });

      it('answers 401 on every /api route without a session, except health, the sign-in routes and the API description', async () => {
        const routes = productRoutes();
        // The walk must see the real routers, or it proves nothing.
        expect(routes).toContainEqual({ method: 'POST', path: vendorsEntity.path, side: 'command' });
        expect(routes).toContainEqual({ method: 'GET', path: `${vendorsEntity.path}/:id/history`, side: 'query' });
        // The OpenAPI document and its page are read by generators before anyone has a key (issue 46).
        const open = ['GET /api/health', 'POST /api/auth/setup', 'POST /api/auth/login', 'POST /api/auth/logout', `GET ${api.openapi}`, `GET ${api.docs}`];
        const openFound: string[] = [];
        const failures: string[] = [];
        for (const route of routes) {
          const key = `${route.method} ${route.path}`;
          if (open.includes(key)) {
            openFound.push(key);
            continue;
          }
          const url = sampleUrl(route.path);
          const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
          for (const method of methods) {
            const withBody = !['GET', 'HEAD', 'DELETE'].includes(method);
            const res = await anonymous.request(method, url, withBody ? { json: vendorBody('Sneaky') } : {});
            if (res.status !== 401) failures.push(`${method} ${url} → ${res.status}`);
            else if (method === 'HEAD') continue;
            else if (route.path === api.auth.me) expect(Strict.unauthenticatedMe.parse(res.body).error).toBe('unauthenticated');
            else expectError(res, 401, 'unauthenticated');
          }
        }
        expect(failures).toEqual([]);
        // GET /api/health is on both sides: the command service answers the proxy's checks.
        expect([...new Set(openFound)].sort()).toEqual([...open].sort());
        // Paths no router knows are not an oracle for which routes exist.
        for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/nope'], ['GET', '/api'], ['DELETE', `${vendorsEntity.path}`]]) {
          expectError(await anonymous.request(method!, url!, method === 'POST' ? { json: {} } : {}), 401, 'unauthenticated');
        }
      });

      it('health needs no session, and tells it the status and no more: no log head, no read models', async () => {
        const res = await anonymous.get(api.health);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'ok', problems: [], store: { kind: expect.any(String), reachable: true }, notifier: { kind: expect.any(String), healthy: true } });
      });

      it('setup validates its body', async () => {
        const res = await anonymous.post(api.auth.setup, { username: 'owner', password: 'short' });
        expect(expectError(res, 400, 'validation_failed').issues).toEqual([
          { path: 'password', message: 'Password must be at least 8 characters' },
          { path: 'setupCode', message: 'Enter the setup code from the server' },
        ]);
        expect(Strict.unauthenticatedMe.parse((await anonymous.get(api.auth.me)).body).setupRequired).toBe(true);
      });

      it('setup needs the one-time code the server printed: another code is refused on its field, and nothing is created', async () => {
        const res = await anonymous.post(api.auth.setup, { username: 'mallory', password: 'a long enough password', setupCode: 'GUES-SED1' });
        expect(expectError(res, 400, 'validation_failed').issues).toEqual([
          { path: 'setupCode', message: 'This is not the setup code: it is printed where the server was started' },
        ]);
        expect(Strict.unauthenticatedMe.parse((await anonymous.get(api.auth.me)).body).setupRequired).toBe(true);
      });

      it('setup creates the first user and signs in (201); a second setup is a 409', async () => {
        owner = newClient();
        const res = await owner.setup(OWNER.username, OWNER.password);
        expect(Strict.me.parse(res.body).username).toBe(OWNER.username);
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith('erp_session='));
        expect(cookie).toBeDefined();
        expect(cookie).toMatch(/;\s*httponly/i);
        expect(cookie).toMatch(/;\s*samesite=lax/i);
        const me = await owner.get(api.auth.me);
        expect(me.status).toBe(200);
        expect(Strict.me.parse(me.body)).toEqual(res.body);

        const again = await newClient().post(api.auth.setup, { username: 'mallory', password: 'another password', setupCode: TEST_SETUP_CODE });
        expectError(again, 409, 'conflict');
        expect(Object.keys(again.headers.getSetCookie())).toHaveLength(0);
        const login = await newClient().login('mallory', 'another password');
        expectError(login, 401);
        // Nothing the anonymous walk sent slipped through and got written (setup writes no event).
        expect(await head()).toBe('0');
      });

      it('me without a session is 401 and no longer asks for setup', async () => {
        const res = await anonymous.get(api.auth.me);
        expect(res.status).toBe(401);
        expect(Strict.unauthenticatedMe.parse(res.body).setupRequired).toBe(false);
      });

      it('login answers 200 with the user, and 401 with one generic message for a wrong password or user', async () => {
        const client = newClient();
        const ok = await client.login(OWNER.username, OWNER.password);
        expect(ok.status).toBe(200);
        expect(Strict.me.parse(ok.body).username).toBe(OWNER.username);
        expect((await client.get(api.auth.me)).status).toBe(200);

        const wrongPassword = expectError(await newClient().login(OWNER.username, 'not the password'), 401, 'unauthenticated');
        const unknownUser = expectError(await newClient().login('nobody-here', 'not the password'), 401, 'unauthenticated');
        expect(wrongPassword.message).toBe(unknownUser.message);
        expect(wrongPassword.message).not.toMatch(/password is wrong|no such user|unknown user|not found/i);
        expectError(await newClient().login('', ''), 400, 'validation_failed');
      });

      it('throttles repeated failures with 429, per user, without locking anyone else out', async () => {
        const victim = `intruder-${mode}`;
        for (let i = 0; i < 5; i++) expectError(await newClient().login(victim, `guess ${i}`), 401, 'unauthenticated');
        const throttled = await newClient().login(victim, 'guess 6');
        expectError(throttled, 429, 'too_many_requests');
        // The first lock is short (30 s), so a mistyped password cannot shut the owner out long.
        expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(30);
        // A forged X-Forwarded-For must not buy a fresh set of attempts.
        const forged = await newClient().request('POST', api.auth.login, {
          json: { username: victim, password: 'guess 7' },
          headers: { 'x-forwarded-for': '203.0.113.77' },
        });
        expectError(forged, 429, 'too_many_requests');
        expect((await newClient().login(OWNER.username, OWNER.password)).status).toBe(200);
      });

      it('logout answers 204, clears the cookie and ends the session on the server', async () => {
        const client = newClient();
        expect((await client.login(OWNER.username, OWNER.password)).status).toBe(200);
        const token = client.cookies.get('erp_session');
        expect(token).toBeTruthy();
        const out = await client.post(api.auth.logout);
        expect(out.status).toBe(204);
        expect(out.text).toBe('');
        expect(client.cookies.has('erp_session')).toBe(false);
        const me = await client.get(api.auth.me);
        expect(me.status).toBe(401);
        expect(Strict.unauthenticatedMe.parse(me.body).setupRequired).toBe(false);
        expectError(await client.get(vendorsEntity.path), 401, 'unauthenticated');
        // Replaying the old cookie does not bring the session back.
        const replay = await anonymous.get(vendorsEntity.path, { anonymous: true, headers: { cookie: `erp_session=${token}` } });
        expectError(replay, 401, 'unauthenticated');
      });
    });

    describe('modules', () => {
      it('lists the 9 modules in order', async () => {
        const res = await owner.get(api.modules);
        expect(res.status).toBe(200);
        const modules = z.array(Strict.module).parse(res.body);
        expect(modules.map((m) => m.name)).toEqual([
          'purchase', 'sales', 'inventory', 'hr', 'crm', 'accounting', 'payments', 'banking', 'reports',
        ]);
      });

      it('answers one module by name, and 404 for an unknown one', async () => {
        const res = await owner.get(api.module('purchase'));
        expect(res.status, res.text).toBe(200);
        expect(Strict.module.parse(res.body)).toMatchObject({ name: 'purchase', title: 'Purchase' });
        expectError(await owner.get(api.module('nope')), 404, 'not_found');
        expectError(await owner.get(api.moduleTasks('nope')), 404, 'not_found');
      });

      it('lists the tasks of a module', async () => {
        const purchase = await owner.get(api.moduleTasks('purchase'));
        expect(purchase.status, purchase.text).toBe(200);
        expect(z.array(Strict.task).parse(purchase.body).map((t) => t.name)).toEqual(['Vendors', 'Invoices', 'Payments', 'Debit Notes', 'Refunds', 'Purchase Orders', 'Expenses', 'Expense Payments']);
        const accounting = await owner.get(api.moduleTasks('accounting'));
        expect(accounting.status).toBe(200);
        expect(z.array(Strict.task).parse(accounting.body).map((t) => t.name)).toEqual(['Ledgers', 'Chart of Accounts', 'Day Book', 'Opening Balances', 'Journal Vouchers', 'Trial Balance']);
      });
    });

    describe('vendors', () => {
      let acme: Vendor;
      let acmePosition: string;

      it('POST answers 201 with the record, X-Event-Position, ETag "1" and Location', async () => {
        const { res, vendor, position } = await createVendor('Acme Traders', { panNumber: 'abcde1234f' });
        expect(vendor).toEqual({ id: expect.any(Number), msme: null, udyamNumber: null, ...vendorBody('Acme Traders') });
        expect(vendor.id).toBeGreaterThan(0);
        expect(position).toMatch(/^\d+$/);
        expect(res.headers.get('etag')).toBe('"1"');
        expect(res.headers.get('location')).toBe(byId(vendorsEntity.path, vendor.id));
        acme = vendor;
        acmePosition = position;
      });

      it('a list read with X-Min-Position always shows the write just made (20 in a row)', async () => {
        for (let i = 0; i < 20; i++) {
          const { vendor, position } = await createVendor(`Read Your Writes ${mode} ${i}`);
          const list = await readList(position);
          expect(list.filter((v) => v.id === vendor.id), `write ${i} at ${position}`).toEqual([vendor]);
        }
      });

      it('GET by id answers the record with ETag = its stream version', async () => {
        const res = await readOne(acme.id, acmePosition);
        expect(res.status).toBe(200);
        expect(Strict.vendor.parse(res.body)).toEqual(acme);
        expect(res.headers.get('etag')).toBe('"1"');
      });

      it('PUT answers 200 with the updated record and the new ETag', async () => {
        const res = await owner.put(byId(vendorsEntity.path, acme.id), vendorBody('Acme Traders', { phone: '020 1111 2222' }));
        expect(res.status, res.text).toBe(200);
        expect(Strict.vendor.parse(res.body)).toEqual({ ...acme, phone: '020 1111 2222' });
        expect(res.headers.get('etag')).toBe('"2"');
        const position = res.headers.get(HEADERS.eventPosition)!;
        expect(BigInt(position)).toBeGreaterThan(BigInt(acmePosition));
        const read = await readOne(acme.id, position);
        expect(read.headers.get('etag')).toBe('"2"');
        acme = Strict.vendor.parse(read.body);
        acmePosition = position;
        expect(acme.phone).toBe('020 1111 2222');
      });

      it('a PUT that changes nothing appends nothing', async () => {
        const before = await head();
        const res = await owner.put(byId(vendorsEntity.path, acme.id), vendorBody('Acme Traders', { phone: '020 1111 2222' }));
        expect(res.status).toBe(200);
        expect(Strict.vendor.parse(res.body)).toEqual(acme);
        expect(await head()).toBe(before);
      });

      it('PUT or DELETE with a stale If-Match is a 412 and appends nothing', async () => {
        const before = await head();
        const stream = `vendor-${acme.id}`;
        const eventsBefore = await eventsOf(stream);
        const put = await owner.put(byId(vendorsEntity.path, acme.id), vendorBody('Overwritten'), { headers: { 'if-match': '"1"' } });
        expectError(put, 412, 'precondition_failed');
        const del = await owner.delete(byId(vendorsEntity.path, acme.id), { headers: { 'if-match': '"1"' } });
        expectError(del, 412, 'precondition_failed');
        expect(await eventsOf(stream)).toEqual(eventsBefore);
        expect(await head()).toBe(before);
        expect(Strict.vendor.parse((await readOne(acme.id)).body).name).toBe('Acme Traders');
      });

      it('PUT with the current If-Match answers 200 and the next ETag', async () => {
        const res = await owner.put(byId(vendorsEntity.path, acme.id), vendorBody('Acme Traders Pvt Ltd', { phone: '020 1111 2222' }), {
          headers: { 'if-match': '"2"' },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('etag')).toBe('"3"');
        const position = res.headers.get(HEADERS.eventPosition)!;
        const read = await readOne(acme.id, position);
        expect(read.headers.get('etag')).toBe('"3"');
        expect(Strict.vendor.parse(read.body).name).toBe('Acme Traders Pvt Ltd');
        acmePosition = position;
      });

      it('If-Match on a record that does not exist is a 404', async () => {
        expectError(await owner.put(byId(vendorsEntity.path, 999_999), vendorBody('Ghost'), { headers: { 'if-match': '"1"' } }), 404, 'not_found');
      });

      it('history lists who changed what, and when', async () => {
        const res = await owner.get(historyOf(vendorsEntity.path, acme.id));
        expect(res.status).toBe(200);
        const entries = z.array(Strict.history).parse(res.body);
        expect(entries.map((e) => [e.version, e.type, e.user])).toEqual([
          [1, 'VendorCreated', OWNER.username],
          [2, 'VendorUpdated', OWNER.username],
          [3, 'VendorUpdated', OWNER.username],
        ]);
        expect(entries[0]!.changes).toContainEqual({ field: 'name', from: null, to: 'Acme Traders' });
        expect(entries[1]!.changes).toEqual([{ field: 'phone', from: '+91 98765 43210', to: '020 1111 2222' }]);
        expect(entries[2]!.changes).toEqual([{ field: 'name', from: 'Acme Traders', to: 'Acme Traders Pvt Ltd' }]);
        for (const e of entries) expect(Date.parse(e.at)).not.toBeNaN();
        expect(entries.at(-1)!.position).toBe(acmePosition);
        expectError(await owner.get(historyOf(vendorsEntity.path, 999_999)), 404, 'not_found');
      });

      it('DELETE answers 204; the record is then gone (404, not listed) and a second DELETE is a 404', async () => {
        const { vendor } = await createVendor('Short Lived Supplies');
        const del = await owner.delete(byId(vendorsEntity.path, vendor.id));
        expect(del.status).toBe(204);
        expect(del.text).toBe('');
        const position = del.headers.get(HEADERS.eventPosition)!;
        expect(position).toMatch(/^\d+$/);
        expectError(await readOne(vendor.id, position), 404, 'not_found');
        expect((await readList(position)).some((v) => v.id === vendor.id)).toBe(false);
        expectError(await owner.delete(byId(vendorsEntity.path, vendor.id)), 404, 'not_found');
        expectError(await owner.put(byId(vendorsEntity.path, vendor.id), vendorBody('Back again')), 404, 'not_found');
        const history = z.array(Strict.history).parse((await owner.get(historyOf(vendorsEntity.path, vendor.id))).body);
        expect(history.map((e) => e.type)).toEqual(['VendorCreated', 'VendorDeleted']);
      });

      it('ids that are not positive 32-bit integers are a 404', async () => {
        for (const id of ['abc', '1.5', '-1', '0', '99999999999', '01', '0x1', '1e0', '%201']) {
          expectError(await owner.get(byId(vendorsEntity.path, id)), 404, 'not_found');
          expectError(await owner.get(historyOf(vendorsEntity.path, id)), 404, 'not_found');
          expectError(await owner.put(byId(vendorsEntity.path, id), vendorBody('Nope')), 404, 'not_found');
          expectError(await owner.delete(byId(vendorsEntity.path, id)), 404, 'not_found');
        }
      });

      it('concurrent PUTs without If-Match all go through', async () => {
        const created = await owner.post(vendorsEntity.path, vendorBody(`Busy ${mode}`));
        const { id } = Strict.vendor.parse(created.body);
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => owner.put(byId(vendorsEntity.path, id), vendorBody(`Busy ${mode}`, { phone: `+91-${i}` }))),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      });

      it('If-Match may list several versions', async () => {
        const created = await owner.post(vendorsEntity.path, vendorBody(`Listed ${mode}`));
        const { id } = Strict.vendor.parse(created.body);
        const ok = await owner.put(byId(vendorsEntity.path, id), vendorBody(`Listed ${mode}`, { phone: '1' }), { headers: { 'if-match': '"7", "1"' } });
        expect(ok.status, ok.text).toBe(200);
        expectError(await owner.put(byId(vendorsEntity.path, id), vendorBody('x'), { headers: { 'if-match': '"7", "1"' } }), 412, 'precondition_failed');
      });

      it('a method the route does not have is a 405 in the error shape, with Allow', async () => {
        const res = await owner.request('PATCH', byId(vendorsEntity.path, 1), { json: { name: 'x' } });
        expectError(res, 405, 'method_not_allowed');
        expect(res.headers.get('allow')).toMatch(/PUT/);
      });

      it('X-Min-Position inside a numbering gap or past the head does not stall the read', async () => {
        const started = Date.now();
        expect((await owner.get(vendorsEntity.path, { headers: { [HEADERS.minPosition]: String(BigInt(await head()) + 1n) } })).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(2000);
      });

      it('an event position too large for a bigint is a 404, not a 500', async () => {
        expectError(await owner.get('/api/events/99999999999999999999'), 404, 'not_found');
      });

      it('an unknown /api route is a 404 with a session', async () => {
        expectError(await owner.get('/api/nope'), 404, 'not_found');
        expectError(await owner.post('/api/nope', {}), 404, 'not_found');
        expectError(await owner.get('/api/purchase/nope'), 404, 'not_found');
      });
    });

    describe.each(MASTER_DATA_ENTITIES.map((entity) => ({ entity, sample: MASTER_DATA_SAMPLES[entity.plural]! })))(
      'every master-data entity: $entity.plural',
      ({ entity, sample }) => {
        const RecordSchema = entity.record.strict();
        const token = () => `${mode}-${Math.random().toString(36).slice(2, 8)}`;
        const listAt = async (position: string) => {
          const res = await owner.get(entity.path, { headers: { [HEADERS.minPosition]: position } });
          expect(res.status).toBe(200);
          return listed(entity.record).parse(res.body);
        };

        it('creates, lists at once, reads, updates with If-Match and keeps history', async () => {
          const body = sample.body(token());
          const created = await owner.post(entity.path, body);
          expect(created.status, created.text).toBe(201);
          const record = RecordSchema.parse(created.body);
          // Fields only the entity's own events set (a lead's converted customer) start empty; computed ones (a payroll's net) are the server's.
          const fields: Fields = entity.fields;
          const unset = Object.fromEntries(entity.fieldNames.filter((f) => fields[f]!.recordOnly).map((f) => [f, null]));
          expect(record).toEqual({ id: expect.any(Number), ...unset, ...withComputed(entity, entity.body.parse(body) as Record<string, unknown>) });
          expect(created.headers.get('etag')).toBe('"1"');
          expect(created.headers.get('location')).toBe(byId(entity.path, record.id));
          const position = created.headers.get(HEADERS.eventPosition)!;
          expect((await listAt(position)).filter((r) => r.id === record.id)).toEqual([record]);

          const { field, value } = sample.change;
          const put = await owner.put(byId(entity.path, record.id), { ...body, [field]: value }, { headers: { 'if-match': '"1"' } });
          expect(put.status, put.text).toBe(200);
          expect(put.headers.get('etag')).toBe('"2"');
          const updated = RecordSchema.parse(put.body);
          const expected: Record<string, unknown> = entity.body.parse({ ...body, [field]: value });
          expect(updated).toEqual({ ...record, [field]: expected[field] });
          const read = await owner.get(byId(entity.path, record.id), { headers: { [HEADERS.minPosition]: put.headers.get(HEADERS.eventPosition)! } });
          expect(RecordSchema.parse(read.body)).toEqual(updated);
          expectError(await owner.put(byId(entity.path, record.id), body, { headers: { 'if-match': '"1"' } }), 412, 'precondition_failed');

          const history = z.array(Strict.history).parse((await owner.get(historyOf(entity.path, record.id))).body);
          expect(history.map((e) => e.type)).toEqual([entity.events.names.created, entity.events.names.updated]);
          expect(history[1]!.changes.map((c) => c.field)).toEqual([field]);
        });

        it('a missing required field or a bad value is a 400 on that field and appends nothing', async () => {
          const before = await head();
          for (const [field, message] of Object.entries(sample.required)) {
            const body = sample.body(token());
            delete body[field];
            const error = expectError(await owner.post(entity.path, body), 400, 'validation_failed');
            expect(error.issues, field).toContainEqual({ path: field, message });
          }
          for (const bad of sample.invalid) {
            const body = { ...sample.body(token()), [bad.field]: bad.value };
            const error = expectError(await owner.post(entity.path, body), 400, 'validation_failed');
            expect(error.issues, `${bad.field}=${String(bad.value)}`).toContainEqual({ path: bad.field, message: bad.message });
          }
          expect(await head()).toBe(before);
        });

        it(entity.canDelete ? 'DELETE removes it from reads' : 'has no DELETE (405)', async () => {
          const created = RecordSchema.parse((await owner.post(entity.path, sample.body(token()))).body);
          const del = await owner.delete(byId(entity.path, created.id));
          if (!entity.canDelete) {
            expectError(del, 405, 'method_not_allowed');
            return;
          }
          expect(del.status).toBe(204);
          const position = del.headers.get(HEADERS.eventPosition)!;
          expect((await listAt(position)).some((r) => r.id === created.id)).toBe(false);
          expectError(await owner.get(byId(entity.path, created.id)), 404, 'not_found');
        });
      },
    );

    describe('a unique employee ID', () => {
      const employees = MASTER_DATA_ENTITIES.find((e) => e.plural === 'employees')!;
      const sample = MASTER_DATA_SAMPLES.employees!;

      it('two creates racing for one employee ID: exactly one 201 and one 409 naming the field (40 rounds)', async () => {
        for (let round = 0; round < 40; round++) {
          const employeeId = `RACE-${mode}-${round}`;
          const answers = await Promise.all([
            owner.post(employees.path, { ...sample.body(`${round}a`), employeeId }),
            owner.post(employees.path, { ...sample.body(`${round}b`), employeeId }),
          ]);
          expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([201, 409]);
          const conflict = expectError(answers.find((a) => a.status === 409)!, 409, 'conflict');
          expect(conflict.issues).toEqual([{ path: 'employeeId', message: expect.stringContaining('Employee ID') }]);
        }
      });

      it('a rename frees the old ID for someone else, and takes the new one', async () => {
        const first = await owner.post(employees.path, { ...sample.body('ren-1'), employeeId: `OLD-${mode}` });
        expect(first.status, first.text).toBe(201);
        const { id } = employees.record.parse(first.body);
        const renamed = await owner.put(byId(employees.path, id), { ...sample.body('ren-1'), employeeId: `NEW-${mode}` });
        expect(renamed.status, renamed.text).toBe(200);
        expect((await owner.post(employees.path, { ...sample.body('ren-2'), employeeId: `OLD-${mode}` })).status).toBe(201);
        expectError(await owner.post(employees.path, { ...sample.body('ren-3'), employeeId: `new-${mode}` }), 409, 'conflict');
      });
    });

    describe('validation and request hygiene (a rejected command appends nothing)', () => {
      let before: string;
      beforeAll(async () => {
        before = await head();
      });
      afterAll(async () => {
        expect(await head()).toBe(before);
      });

      it('a missing name is a 400 naming the field with "Required"', async () => {
        const { name: _name, ...rest } = vendorBody('x');
        const body = expectError(await owner.post(vendorsEntity.path, rest), 400, 'validation_failed');
        expect(body.issues).toEqual([{ path: 'name', message: 'Required' }]);
        expect(expectError(await owner.post(vendorsEntity.path, { name: '   ' }), 400).issues).toEqual([{ path: 'name', message: 'Required' }]);
        expect(expectError(await owner.post(vendorsEntity.path, {}), 400).issues).toEqual([{ path: 'name', message: 'Required' }]);
      });

      it('a bad email, GSTIN check digit or PAN is a 400 naming each field', async () => {
        const res = await owner.post(vendorsEntity.path, vendorBody('Bad Fields Co', { email: 'not-an-email', gstNumber: BAD_GSTIN, panNumber: 'ABCDE12345' }));
        const issues = expectError(res, 400, 'validation_failed').issues ?? [];
        expect(issues.map((i) => i.path).sort()).toEqual(['email', 'gstNumber', 'panNumber']);
        expect(issues).toContainEqual({ path: 'email', message: 'Invalid email address' });
        expect(issues).toContainEqual({ path: 'gstNumber', message: 'GST number check digit does not match' });
        expect(issues.find((i) => i.path === 'panNumber')!.message).toMatch(/PAN/);
        for (const [field, value] of [['email', 'a@'], ['gstNumber', BAD_GSTIN], ['panNumber', '1234567890'], ['active', 'yes']] as const) {
          const one = expectError(await owner.post(vendorsEntity.path, vendorBody('One Bad Field', { [field]: value })), 400);
          expect(one.issues?.map((i) => i.path)).toEqual([field]);
        }
        const put = expectError(await owner.put(byId(vendorsEntity.path, 1), vendorBody('', { email: 'nope' })), 400);
        expect(put.issues?.map((i) => i.path).sort()).toEqual(['email', 'name']);
      });

      it('a body that is not JSON is a 415', async () => {
        const res = await owner.request('POST', vendorsEntity.path, { raw: 'name=Plain Text Co', headers: { 'content-type': 'text/plain' } });
        expectError(res, 415, 'unsupported_media_type');
        const form = await owner.request('PUT', byId(vendorsEntity.path, 1), {
          raw: 'name=Form+Co',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expectError(form, 415, 'unsupported_media_type');
      });

      it('a JSON body over 256 kB is a 413', async () => {
        const res = await owner.post(vendorsEntity.path, vendorBody('Huge Co', { address: 'x'.repeat(300 * 1024) }));
        expectError(res, 413, 'payload_too_large');
      });

      it('malformed JSON is a 400, not a 500', async () => {
        const res = await owner.request('POST', vendorsEntity.path, { raw: '{"name": "Broken', headers: { 'content-type': 'application/json' } });
        expectError(res, 400, 'validation_failed');
        const array = await owner.request('POST', vendorsEntity.path, { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
        expectError(array, 400, 'validation_failed');
      });

      it('text PostgreSQL cannot store (NUL, a lone surrogate) is a 400 on its field', async () => {
        for (const name of ['a\\u0000b', 'a\\ud800b']) {
          const res = await owner.request('POST', vendorsEntity.path, { raw: `{"name":"${name}"}`, headers: { 'content-type': 'application/json' } });
          expect(expectError(res, 400, 'validation_failed').issues?.map((i) => i.path)).toEqual(['name']);
        }
      });

      it('a body that claims a compression it does not have is a 400', async () => {
        const res = await owner.request('POST', vendorsEntity.path, {
          raw: '{"name":"Not Gzip"}',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        });
        expectError(res, 400, 'validation_failed');
      });

      it('a write from a foreign Origin is a 403', async () => {
        const res = await owner.post(vendorsEntity.path, vendorBody('Cross Site Co'), { headers: { origin: 'https://evil.example' } });
        expectError(res, 403, 'forbidden_origin');
        const del = await owner.delete(byId(vendorsEntity.path, 1), { headers: { origin: 'http://127.0.0.1:1' } });
        expectError(del, 403, 'forbidden_origin');
        expectError(await owner.post(vendorsEntity.path, vendorBody('Null Origin Co'), { headers: { origin: 'null' } }), 403, 'forbidden_origin');
        const logout = await owner.post(api.auth.logout, undefined, { headers: { origin: 'https://evil.example' } });
        expectError(logout, 403, 'forbidden_origin');
        expect((await owner.get(api.auth.me)).status).toBe(200);
      });
    });

    describe('same-origin writes and idempotency', () => {
      it('a write from the same Origin is accepted', async () => {
        const res = await owner.post(vendorsEntity.path, vendorBody(`Same Origin ${mode}`), { headers: { origin: system.baseUrl } });
        expect(res.status, res.text).toBe(201);
      });

      it('a repeated Idempotency-Key with the same body answers the first response and appends once', async () => {
        const key = `key-${mode}-${Date.now()}`;
        const name = `Idempotent ${mode}`;
        const before = BigInt(await head());
        const first = await owner.post(vendorsEntity.path, vendorBody(name), { headers: { [HEADERS.idempotencyKey]: key } });
        expect(first.status, first.text).toBe(201);
        const second = await owner.post(vendorsEntity.path, vendorBody(name), { headers: { [HEADERS.idempotencyKey]: key } });
        expect(second.status).toBe(first.status);
        expect(second.body).toEqual(first.body);
        expect(second.headers.get(HEADERS.eventPosition)).toBe(first.headers.get(HEADERS.eventPosition));
        expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(second.headers.get('location')).toBe(first.headers.get('location'));
        expect(BigInt(await head())).toBe(before + 1n);

        const other = await owner.post(vendorsEntity.path, vendorBody(`${name} (changed)`), { headers: { [HEADERS.idempotencyKey]: key } });
        expectError(other, 409, 'conflict');
        expect(BigInt(await head())).toBe(before + 1n);
        const list = await readList(first.headers.get(HEADERS.eventPosition)!);
        expect(list.filter((v) => String(v.name).startsWith(name))).toHaveLength(1);
      });

      it('the same key sent concurrently still appends once', async () => {
        const key = `race-${mode}-${Date.now()}`;
        const before = BigInt(await head());
        const answers = await Promise.all(
          [0, 1, 2, 3].map(() => owner.post(vendorsEntity.path, vendorBody(`Racing ${mode}`), { headers: { [HEADERS.idempotencyKey]: key } })),
        );
        for (const a of answers) expect(a.status, a.text).toBe(201);
        expect(new Set(answers.map((a) => a.headers.get(HEADERS.eventPosition))).size).toBe(1);
        expect(new Set(answers.map((a) => (a.body as Vendor).id)).size).toBe(1);
        // One event since: the losers' refused inserts may have used up positions (a sequence), so
        // the head may be past before + 1; the log after `before` holds exactly the winner's event.
        const since = z.array(Strict.event).parse((await owner.get(`${api.events}?after=${before}&limit=1000`)).body);
        expect(since.map((e) => e.position)).toEqual([answers[0]!.headers.get(HEADERS.eventPosition)]);
      });
    });

    describe('operators', () => {
      it('GET /api/events pages through the log, filtered by type and stream', async () => {
        const all = z.array(Strict.event).parse((await owner.get(`${api.events}?after=0&limit=1000`)).body);
        expect(all.length).toBeGreaterThan(25);
        expect(all.at(-1)!.position).toBe(await head());
        const paged: z.infer<typeof RecordedEventSchema>[] = [];
        let after = '0';
        for (;;) {
          const res = await owner.get(`${api.events}?after=${after}&limit=7`);
          expect(res.status).toBe(200);
          const page = z.array(Strict.event).parse(res.body);
          expect(page.length).toBeLessThanOrEqual(7);
          if (page.length === 0) break;
          paged.push(...page);
          after = page.at(-1)!.position;
        }
        expect(paged).toEqual(all);
        const positions = all.map((e) => BigInt(e.position));
        expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

        const updates = z.array(Strict.event).parse((await owner.get(`${api.events}?type=VendorUpdated&limit=1000`)).body);
        expect(updates.length).toBeGreaterThanOrEqual(2);
        expect(updates.every((e) => e.type === 'VendorUpdated')).toBe(true);
        expect(updates).toEqual(all.filter((e) => e.type === 'VendorUpdated'));
        const stream = all[0]!.streamId;
        const ofStream = z.array(Strict.event).parse((await owner.get(`${api.events}?stream=${stream}`)).body);
        expect(ofStream).toEqual(all.filter((e) => e.streamId === stream));
        expect(ofStream.map((e) => e.streamVersion)).toEqual(ofStream.map((_, i) => i + 1));
        expect(all[0]!.metadata).toMatchObject({ username: OWNER.username, userId: expect.any(Number) });

        expectError(await owner.get(`${api.events}?limit=0`), 400, 'validation_failed');
        expectError(await owner.get(`${api.events}?limit=5000`), 400, 'validation_failed');
        expectError(await owner.get(`${api.events}?after=-3`), 400, 'validation_failed');
      });

      it('GET /api/health shows the store, the notifier and every projection at lag 0 once caught up', async () => {
        const target = await head();
        const caughtUp = await eventually(health, (h) => h.projections.every((p) => p.lag === 0 && p.position === target), {
          what: 'projections at lag 0',
        });
        expect(caughtUp.store.kind).toBe(mode === 'embedded' ? 'postgres (embedded)' : 'postgres');
        expect(caughtUp.notifier).toEqual({ kind: mode === 'embedded' ? 'in-process' : 'nats', healthy: true });
        // Every read model the product has, the master-data lists among them.
        const names = caughtUp.projections.map((p) => p.name);
        expect(names.sort()).toEqual(PROJECTIONS.map((p) => p.name).sort());
        expect(names).toEqual(expect.arrayContaining([...MASTER_DATA_ENTITIES.map(listTable), 'purchase_invoice_list', 'sales_invoice_list']));
      });

      it('GET /api/openapi.json documents every routed path, the vendor routes included', async () => {
        const res = await owner.get(api.openapi);
        expect(res.status).toBe(200);
        const doc = z
          .object({ openapi: z.string().startsWith('3.'), info: z.object({ title: z.string() }), paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
          .parse(JSON.parse(res.text));
        expect(Object.keys(doc.paths[vendorsEntity.path] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
        expect(Object.keys(doc.paths[`${vendorsEntity.path}/{id}`] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
        expect(Object.keys(doc.paths[`${vendorsEntity.path}/{id}/history`] ?? {})).toEqual(['parameters', 'get']);
        const undocumented = productRoutes()
          .filter((r) => ![api.openapi, api.docs, `${api.events}/:position`].includes(r.path))
          .filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()])
          .map((r) => `${r.method} ${r.path}`);
        expect(undocumented).toEqual([]);
      });

      it('GET /api/docs is a readable HTML page', async () => {
        const res = await owner.get(api.docs);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(res.text).toMatch(/^<!doctype html>/i);
        expect(res.text).toContain('/api/purchase/vendors');
      });

      it('assets go out Brotli- or gzip-compressed by Accept-Encoding, with Vary; hashed ones immutable, index.html revalidated', async () => {
        const asset = '/assets/app-abc123.js';
        const plain = await fetch(`${system.baseUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } });
        const body = await plain.text();
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        for (const encoding of ['br', 'gzip']) {
          // Node's fetch decodes what it is sent, so the body must come back the same.
          const res = await fetch(`${system.baseUrl}${asset}`, { headers: { 'accept-encoding': encoding } });
          expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
          expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
          expect(await res.text()).toBe(body);
        }
        const index = await fetch(`${system.baseUrl}/module/purchase`, { headers: { 'accept-encoding': 'br' } });
        expect(index.headers.get('cache-control')).toBe('no-cache');
      });

      it('outside /api the SPA is served, with index.html for client-side routes', async () => {
        for (const path of ['/', '/module/purchase', '/module/purchase/task/vendors']) {
          const res = await anonymous.get(path);
          expect(res.status, path).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/text\/html/);
          expect(res.text).toContain('Udyam ERP test UI');
        }
      });
    });
  });
};

httpContract('embedded');
httpContract('services');
