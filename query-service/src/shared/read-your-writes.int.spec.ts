import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { byId, vendorsEntity } from '@erp/contracts';
import { type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { authStore, migrateAuth, migrateWebhooks } from '@erp/http-kit';
import { markStopped, prepareProjections, projectBatch, PROJECTIONS } from '@erp/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createQueryApp } from '../app';

/**
 * A GET of one record the read model does not hold yet waits for the writes committed before it
 * (a POST, then a GET of its Location, without X-Min-Position). The runner is not started here:
 * the test moves the read models itself, so it decides when they catch up.
 */
let database: TestDatabase;
let t: StoreUnderTest;
let server: Server;
let base: string;
let cookie: string;
const meta = { userId: 1, username: 'owner', correlationId: 'rw', at: new Date().toISOString() };
let nextId = 1;

const appendVendor = async () => {
  const id = 1_000 + nextId++;
  const data = { id, name: `Gupta Stores ${id}`, contactPerson: null, phone: null, email: null, address: null, gstNumber: null, panNumber: null, paymentTerms: null, active: true };
  await t.store.append([{ streamId: `vendor-${id}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'VendorCreated', data }] }], meta);
  return id;
};
const project = async () => {
  for (;;) if (!(await projectBatch(t.db, t.store, PROJECTIONS, 1000)).more) return;
};
const get = async (id: number) => {
  const started = performance.now();
  const res = await fetch(`${base}${byId(vendorsEntity.path, id)}`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { id?: number; name?: string }, ms: performance.now() - started };
};

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url);
  await migrateAuth(t.db);
  await migrateWebhooks(t.db);
  await prepareProjections(t.db, t.store, PROJECTIONS);
  const auth = authStore(t.db);
  const owner = await auth.createFirstUser('owner', 'correct horse battery staple');
  if (typeof owner === 'string') throw new Error(owner);
  cookie = `erp_session=${await auth.openSession(owner.id)}`;
  server = createServer(createQueryApp({ db: t.db, store: t.store, notifier: t.notifier, auth }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await t?.close();
  await database?.drop();
});

describe('GET of one record right after its write, without X-Min-Position', () => {
  it('waits for the read model to apply the write, then answers the record', async () => {
    const id = await appendVendor();
    const answer = get(id);
    // The read model moves a moment later, as a busy runner would.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const projecting = project();
    const { status, body, ms } = await answer;
    await projecting;
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, name: `Gupta Stores ${id}` });
    expect(ms).toBeGreaterThanOrEqual(140);
    expect(ms).toBeLessThan(1000);
  });

  it('a record that does not exist is a quick 404 while the read models are caught up', async () => {
    await project();
    const { status, ms } = await get(999_999);
    expect(status).toBe(404);
    expect(ms).toBeLessThan(500);
  });

  it('a read model that lags more than a second: 404 after the second, not a hang', async () => {
    const id = await appendVendor();
    const { status, ms } = await get(id);
    expect(status).toBe(404);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(3000);
    await project();
    expect((await get(id)).status).toBe(200);
  });

  it('a read model stopped on an event it cannot apply: 404 at once', async () => {
    const id = await appendVendor();
    const end = await t.store.endCursor();
    await markStopped(t.db, 'vendor_list', { position: end.position, type: 'VendorCreated', streamId: `vendor-${id}`, error: 'test', at: new Date().toISOString() });
    const { status, ms } = await get(id);
    expect(status).toBe(404);
    expect(ms).toBeLessThan(500);
    await project();
    expect((await get(id)).status).toBe(200);
  });
});
