import {
  api,
  byId,
  customersEntity,
  employeesEntity,
  HEADERS,
  INVOICE_DOCUMENTS,
  itemsEntity,
  MASTER_DATA_ENTITIES,
  PAYMENT_METHODS,
  SETTLEMENT_DOCUMENTS,
  vendorsEntity,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient, type RequestOptions } from './testing/http-client';
import type { paths } from './testing/openapi-types';
import { type Observed, startPrism, type ValidatingProxy } from './testing/prism';
import { productRoutes, sampleUrl } from './testing/routes';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { TEST_SETUP_CODE } from './testing/processes';

/**
 * The OpenAPI document as a tool reads it. Every request of this file goes through Prism in proxy
 * mode, which checks each answer (status, headers, body) against the document: any answer it does
 * not describe fails the suite. The happy path is driven with a client generated from the document
 * (openapi-typescript types + openapi-fetch); the error answers with the suites' plain client.
 */

const OWNER = { username: 'owner', password: 'correct horse battery staple' };
const VIEWER = { username: 'viewer', password: 'a viewer password' };

/** The record shapes the generic loops read back (the client is typed per route; the loops per kind). */
type Row = { id: number } & Record<string, unknown>;
/**
 * The same openapi-fetch client seen through a string path: the loops below run over every entity
 * and document of the contracts, so their paths are only known at run time (Prism checks them).
 */
type Init = { params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, string> }; body?: unknown };
type Result = Promise<{ data?: unknown; error?: unknown; response: Response }>;
type Loose = Record<'GET' | 'POST' | 'PUT', (path: string, init?: Init) => Result>;

describe('typed client and every answer documented (Prism proxy)', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let prism: ValidatingProxy;
  const seen: Observed[] = [];
  let cookie = '';

  /** fetch for openapi-fetch: keeps the session cookie and records what Prism said of each answer. */
  const recordingFetch = async (request: Request) => {
    if (cookie) request.headers.set('cookie', cookie);
    const res = await fetch(request);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('erp_session='));
    if (set) cookie = set.split(';')[0]!;
    seen.push({ method: request.method, url: new URL(request.url).pathname, status: res.status, typed: true, violations: prism.violationsOf(res.headers) });
    return res;
  };
  let client: Client<paths>;
  let loose: Loose;

  /** The plain client through Prism, recording the same way (for answers a typed call cannot ask for). */
  const plain = () => {
    const http = new HttpClient(prism.url);
    const request = http.request.bind(http);
    http.request = async <T,>(method: string, path: string, options?: RequestOptions) => {
      const res = await request<T>(method, path, options);
      seen.push({ method, url: path, status: res.status, typed: false, violations: prism.violationsOf(res.headers) });
      return res;
    };
    return http;
  };

  beforeAll(async () => {
    database = await testDatabase();
    system = await startOneProcess(database.url);
    prism = await startPrism(system.baseUrl);
    client = createClient<paths>({ baseUrl: prism.url, fetch: recordingFetch });
    loose = client as unknown as Loose;
  }, 180_000);
  afterAll(async () => {
    await prism?.stop();
    await system?.stop();
    await database?.drop();
  }, 60_000);

  it('signs up through the typed client and reads who is signed in', async () => {
    const setup = await client.POST('/api/auth/setup', { body: { ...OWNER, setupCode: TEST_SETUP_CODE } });
    expect(setup.response.status, JSON.stringify(setup.error)).toBe(201);
    expect(setup.data?.username).toBe(OWNER.username);
    const me = await client.GET('/api/auth/me');
    expect(me.data?.username).toBe(OWNER.username);
  });

  it('drives vendors with every call typed by the document', async () => {
    const created = await client.POST('/api/purchase/vendors', { body: { name: 'Typed Traders', phone: '+91 98765 43210', active: true } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const id = created.data!.id;
    const one = await client.GET('/api/purchase/vendors/{id}', { params: { path: { id } } });
    expect(one.data?.name).toBe('Typed Traders');
    const updated = await client.PUT('/api/purchase/vendors/{id}', { params: { path: { id }, header: { 'If-Match': one.response.headers.get('etag')! } }, body: { name: 'Typed Traders Pvt Ltd' } });
    expect(updated.data?.name).toBe('Typed Traders Pvt Ltd');
    const list = await client.GET('/api/purchase/vendors', { params: { query: { q: 'Typed' }, header: { 'X-Min-Position': updated.response.headers.get(HEADERS.eventPosition)! } } });
    expect(list.data?.map((v) => ('name' in v ? v.name : null))).toContain('Typed Traders Pvt Ltd');
  });

  it('creates, reads, updates and lists every master-data entity', async () => {
    for (const entity of MASTER_DATA_ENTITIES) {
      const sample = MASTER_DATA_SAMPLES[entity.plural];
      expect(sample, `a sample body for ${entity.plural} in contracts/src/testing/samples.ts`).toBeDefined();
      const body = sample!.body('typed');
      const created = await loose.POST(entity.path, { body });
      expect(created.response.status, `${entity.path}: ${JSON.stringify(created.error)}`).toBe(201);
      const id = (created.data as Row).id;
      const position = created.response.headers.get(HEADERS.eventPosition)!;
      const one = await loose.GET(`${entity.path}/{id}`, { params: { path: { id }, header: { [HEADERS.minPosition]: position } } });
      expect(one.response.status).toBe(200);
      expect(one.response.headers.get('etag')).toBe('"1"');
      const updated = await loose.PUT(`${entity.path}/{id}`, {
        params: { path: { id }, header: { 'If-Match': '"1"' } },
        body: { ...body, [sample!.change.field]: sample!.change.value },
      });
      expect(updated.response.status, `${entity.path}: ${JSON.stringify(updated.error)}`).toBe(200);
      const list = await loose.GET(entity.path, { params: { header: { [HEADERS.minPosition]: updated.response.headers.get(HEADERS.eventPosition) ?? position } } });
      expect(list.response.status).toBe(200);
      expect((list.data as Row[]).map((r) => r.id)).toContain(id);
      const paged = await loose.GET(entity.path, { params: { query: { limit: 1 } } });
      expect((paged.data as Row[]).length).toBe(1);
    }
  });

  it('records, reads, revises and lists every document', async () => {
    const first = async (path: string) => ((await loose.GET(path)).data as Row[])[0]!.id;
    const parties: Record<string, number> = { vendorId: await first(vendorsEntity.path), customerId: await first(customersEntity.path) };
    expect(await first(itemsEntity.path)).toBeGreaterThan(0);
    expect(await first(employeesEntity.path)).toBeGreaterThan(0);
    const invoices: Record<string, number> = {};
    const documents = [
      ...INVOICE_DOCUMENTS.map((d) => ({
        path: d.path,
        stream: d.stream,
        // A note is small: it must fit in what its invoice still owes.
        body: (revised: boolean) => ({
          [d.party.field]: parties[d.party.field],
          [d.numberField]: `TC-${d.stream}`.slice(0, 16),
          ...(d.against ? { [d.against.field]: invoices[d.against.stream], noteType: 'price' } : {}),
          ...(d.category ? { category: d.category.accounts[0] } : {}),
          lines: [{ itemName: 'Typed client line', quantity: '2', rate: d.against ? (revised ? '5' : '10') : revised ? '500' : '1000' }],
        }),
      })),
      ...SETTLEMENT_DOCUMENTS.map((d) => ({
        path: d.path,
        stream: d.stream,
        body: (revised: boolean) => ({ [d.party.field]: parties[d.party.field], paymentMethod: PAYMENT_METHODS[0]!.value, amount: revised ? '50' : '100' }),
      })),
    ];
    // Invoices first: the notes are against them.
    for (const doc of documents) {
      const created = await loose.POST(doc.path, { body: doc.body(false) });
      expect(created.response.status, `${doc.path}: ${JSON.stringify(created.error)}`).toBe(201);
      const id = (created.data as Row).id;
      invoices[doc.stream] = id;
      const position = created.response.headers.get(HEADERS.eventPosition)!;
      const one = await loose.GET(`${doc.path}/{id}`, { params: { path: { id }, header: { [HEADERS.minPosition]: position } } });
      expect(one.response.status).toBe(200);
      const revised = await loose.PUT(`${doc.path}/{id}`, { params: { path: { id } }, body: doc.body(true) });
      expect(revised.response.status, `${doc.path}: ${JSON.stringify(revised.error)}`).toBe(200);
      const lines = await loose.GET(`${doc.path}/{id}/lines`, { params: { path: { id } } });
      expect(lines.response.status).toBe(200);
      const list = await loose.GET(doc.path, { params: { header: { [HEADERS.minPosition]: revised.response.headers.get(HEADERS.eventPosition)! } } });
      expect((list.data as Row[]).map((r) => r.id)).toContain(id);
    }
  });

  // Every route of the document once through the Prism proxy: minutes on a busy two-core machine.
  it('answers every error the contract names as the document says', async () => {
    const owner = plain();
    expect((await owner.login(OWNER.username, OWNER.password)).status).toBe(200);
    const anonymous = plain();
    // 401 on every session route, 200 on the open ones.
    for (const route of productRoutes()) {
      const res = await anonymous.request(route.method, sampleUrl(route.path), route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} });
      expect(res.status).toBeLessThan(500);
    }
    const vendor = byId(vendorsEntity.path, 1);
    expect((await owner.post(vendorsEntity.path, { name: 'Evil' }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await owner.get(byId(vendorsEntity.path, 999_999))).status).toBe(404);
    expect((await owner.put(vendor, { name: 'Stale' }, { headers: { 'if-match': '"999"' } })).status).toBe(412);
    expect((await owner.request('POST', vendorsEntity.path, { raw: 'name=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await owner.post(vendorsEntity.path, { name: 'Huge', address: 'x'.repeat(300 * 1024) })).status).toBe(413);
    expect((await owner.post(vendorsEntity.path, { name: '' })).status).toBe(400);
    const key = { headers: { [HEADERS.idempotencyKey]: 'typed-client-key' } };
    expect((await owner.post(vendorsEntity.path, { name: 'Once' }, key)).status).toBe(201);
    expect((await owner.post(vendorsEntity.path, { name: 'Another body' }, key)).status).toBe(409);
    expect((await owner.get(api.module('nope'))).status).toBe(404);
    // A role that may not use a route: 403 forbidden.
    expect((await owner.post(api.users, { ...VIEWER, role: 'viewer' })).status).toBe(201);
    const viewer = plain();
    expect((await viewer.login(VIEWER.username, VIEWER.password)).status).toBe(200);
    expect((await viewer.post(vendorsEntity.path, { name: 'Not allowed' })).status).toBe(403);
    expect((await viewer.get(api.users)).status).toBe(403);
    // Repeated failures: 429 with Retry-After.
    for (let i = 0; i < 6; i++) await plain().login('intruder', `guess ${i}`);
    expect((await plain().login('intruder', 'guess 7')).status).toBe(429);
  }, 240_000);

  it('Prism found no answer the document does not describe, and no request of the typed client it does not', () => {
    expect(seen.length).toBeGreaterThan(100);
    const problems = seen.flatMap((s) =>
      s.violations
        // The error probes send what the document forbids on purpose; their answers must still be described.
        .filter((v) => v.location[0] === 'response' || s.typed)
        .map((v) => `${s.method} ${s.url} → ${s.status}: ${v.location.join('.')} ${v.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('Prism does flag an answer the document does not describe (the check above can fail)', async () => {
    // An upstream that answers GET /api/auth/me with a status the document does not list.
    const liar = createServer((_, res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const checking = await startPrism(`http://127.0.0.1:${(liar.address() as AddressInfo).port}`);
    try {
      const res = await fetch(`${checking.url}${api.auth.me}`);
      expect(checking.violationsOf(res.headers).map((v) => v.location[0])).toContain('response');
    } finally {
      await checking.stop();
      liar.close();
    }
  });
});
