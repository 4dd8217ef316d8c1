import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';

import type { WebhookDelivery } from '@erp/contracts';
import { freePort, testDatabase, type TestDatabase, withStore, type StoreUnderTest } from '@erp/eventstore/testing';
import { migrateWebhooks, refusedTarget, type Resolver, webhookStore } from '@erp/http-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { eventually } from '../testing/http-client';
import { startWebhookWorkers, type WebhookWorkers } from './webhooks';

const silent = { info: () => undefined, warn: () => undefined };
const REBIND = 'rebind.example.test';

/**
 * Issue 41 item 5, delivery: the address a delivery connects to is checked as the socket
 * connects. A name is resolved by an injected resolver (no real DNS) to a receiver on
 * 127.0.0.1; the only addresses ever connected to are loopback ones.
 */
describe('webhook delivery checks the address it connects to (issue 41)', () => {
  let database: TestDatabase;
  let t: StoreUnderTest;
  let workers: WebhookWorkers | undefined;
  const received: string[] = [];
  const receiver: HttpServer = createHttpServer((req, res) => {
    received.push(`${req.headers.host} ${req.url}`);
    req.resume();
    res.statusCode = 204;
    res.end();
  });
  let port = 0;
  let vendor = 0;
  /** A name that resolved to a public address at registration and to loopback now. */
  const resolve: Resolver = async (hostname) => {
    if (hostname === REBIND) return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
  const start = async (allowPrivate: boolean) => {
    await workers?.stop();
    workers = await startWebhookWorkers({ db: t.db, store: t.store, notifier: t.notifier, log: silent, backoffMs: 60_000, timeoutMs: 500, targets: { allowPrivate, resolve } });
  };
  const append = () => {
    vendor += 1;
    return t.store.append([{ streamId: `vendor-${vendor}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'VendorCreated', data: { id: vendor, name: `Vendor ${vendor}` } }] }], { userId: 1, username: 'spec', correlationId: 'spec', at: new Date().toISOString() });
  };
  /** Each webhook's deliveries once every one has had an attempt. */
  const attempted = (ids: readonly number[]) =>
    eventually(
      async () => Promise.all(ids.map(async (id) => (await webhookStore(t.db).deliveries(id))[0])),
      (ds): ds is WebhookDelivery[] => ds.every((d) => d !== undefined && d.attempts > 0),
      { what: 'an attempt of every delivery', timeoutMs: 15_000 },
    ) as Promise<WebhookDelivery[]>;

  beforeAll(async () => {
    database = await testDatabase();
    t = await withStore(database.url, { max: 4 });
    await migrateWebhooks(t.db);
    port = await freePort();
    await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
  });
  afterEach(async () => {
    for (const hook of await webhookStore(t.db).list()) await webhookStore(t.db).remove(hook.id);
  });
  afterAll(async () => {
    await workers?.stop();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
    await t?.close();
    await database?.drop();
  });

  it('a name that now resolves to loopback (DNS rebinding) is refused at connect: failed at once, nothing received', async () => {
    await start(false);
    const url = `http://${REBIND}:${port}/hook`;
    expect(await refusedTarget(url, { allowPrivate: false, resolve: async () => [{ address: '203.0.113.7', family: 4 }] }), 'registration saw a public address').toBeNull();
    const hook = await webhookStore(t.db).create({ url, eventTypes: [], active: true });
    await append();
    const [delivery] = await attempted([hook.id]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatus: null, nextAttemptAt: null });
    expect(delivery!.lastError).toMatch(new RegExp(`^Refused: ${REBIND} is a loopback, private or link-local address`));
    expect(received).toEqual([]);
  });

  it('internal IP literals kept from before the check are refused the same way', async () => {
    await start(false);
    const hooks = [];
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '127.1']) hooks.push(await webhookStore(t.db).create({ url: `http://${host}:${port}/hook`, eventTypes: [], active: true }));
    await append();
    const deliveries = await attempted(hooks.map((h) => h.id));
    for (const d of deliveries) expect(d).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/^Refused: /) });
    expect(received).toEqual([]);
  });

  it('with private targets allowed, the same name is delivered: the receiver was there to be reached', async () => {
    await start(true);
    const hook = await webhookStore(t.db).create({ url: `http://${REBIND}:${port}/hook`, eventTypes: [], active: true });
    await append();
    const [delivery] = await attempted([hook.id]);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 204, lastError: null });
    expect(received).toEqual([`${REBIND}:${port} /hook`]);
  });

  it('a closed port, one that hangs up and one that never answers read alike: no port scan through the error', async () => {
    await start(true);
    const hangUp: TcpServer = createTcpServer((socket) => socket.destroy());
    const held: Socket[] = [];
    const silentOne: TcpServer = createTcpServer((socket) => void held.push(socket));
    const [closed, hangUpPort, silentPort] = [await freePort(), await freePort(), await freePort()];
    await new Promise<void>((r) => hangUp.listen(hangUpPort, '127.0.0.1', r));
    await new Promise<void>((r) => silentOne.listen(silentPort, '127.0.0.1', r));
    try {
      const hooks = [];
      for (const p of [closed, hangUpPort, silentPort]) hooks.push(await webhookStore(t.db).create({ url: `http://127.0.0.1:${p}/hook`, eventTypes: [], active: true }));
      await append();
      const deliveries = await attempted(hooks.map((h) => h.id));
      expect(deliveries.map((d) => [d.status, d.lastStatus])).toEqual([['pending', null], ['pending', null], ['pending', null]]);
      expect(new Set(deliveries.map((d) => d.lastError))).toEqual(new Set(['No answer: the receiver could not be reached or did not answer within 500 ms']));
    } finally {
      for (const socket of held) socket.destroy();
      for (const server of [hangUp, silentOne]) await new Promise((r) => server.close(r));
    }
  });
});
