import { randomUUID } from 'node:crypto';

import { type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { markStopped, prepareProjections, projectBatch, PROJECTIONS, startProjectionRunner } from '@erp/projections';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findAfterCatchUp, readsFrom } from './read-your-writes';

/**
 * One record by id right after its write, without X-Min-Position (a POST, then a GET of its
 * Location), where the read model must have applied it (documents, vouchers, PDFs): the read
 * waits for the writes committed before it. Master-data records need no wait (their own events
 * are folded: server/src/live-record.int.spec.ts); the vendor list stands in for such a read
 * model here. The runner is not started: the test moves the read models itself, so it decides
 * when they catch up.
 */
let database: TestDatabase;
let t: StoreUnderTest;
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
/** The vendor as the read model holds it, found the way a document's GET by id finds its row. */
const get = async (id: number) => {
  const started = performance.now();
  const found = await findAfterCatchUp({ db: t.db, store: t.store, notifier: t.notifier }, ['vendor_list'], async () =>
    (await sql<{ id: number; name: string }>`select id, name from vendor_list where id = ${id}`.execute(t.db)).rows[0]);
  return { status: found ? 200 : 404, body: found ?? {}, ms: performance.now() - started };
};

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url);
  await prepareProjections(t.db, t.store, PROJECTIONS);
});

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('one record right after its write, without X-Min-Position: findAfterCatchUp', () => {
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

describe("a read that waits says so ('wanted'), so a runner gathering writes goes at once", () => {
  const wanted = () => {
    const heard: string[] = [];
    const off = t.notifier.subscribe('wanted', (position) => void heard.push(position));
    return { heard, off };
  };

  it('findAfterCatchUp: once, with the end of the log, when the record is not projected yet; never when it is', async () => {
    await project();
    const found = await appendVendor();
    await project();
    const quiet = wanted();
    expect((await get(found)).status).toBe(200);
    quiet.off();
    expect(quiet.heard).toEqual([]);

    const id = await appendVendor();
    const end = await t.store.endCursor();
    const asked = wanted();
    const answer = get(id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await project();
    expect((await answer).status).toBe(200);
    asked.off();
    expect(asked.heard).toEqual([end.position]);
  });

  it('X-Min-Position: once, with the position waited for', async () => {
    const id = await appendVendor();
    const end = await t.store.endCursor();
    const asked = wanted();
    const ctx = { get: (name: string) => (name.toLowerCase() === 'x-min-position' ? end.position : ''), set: () => undefined };
    const read = readsFrom({ db: t.db, store: t.store, notifier: t.notifier }, ['vendor_list'])(ctx as never, async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await project();
    await read;
    asked.off();
    expect(asked.heard).toEqual([end.position]);
    expect((await get(id)).status).toBe(200);
  });

  it('with the runner gathering writes, a document-like read right after a write answers at once', async () => {
    await project();
    const runner = startProjectionRunner(t.db, t.store, t.notifier, PROJECTIONS, { pollMs: 60_000, gatherMs: 5000, quietMs: 5000 });
    try {
      // A round of one event starts a gather; the next write would wait 5 s for its round.
      await get(await appendVendor());
      const { status, ms } = await get(await appendVendor());
      expect(status).toBe(200);
      expect(ms).toBeLessThan(1500);
    } finally {
      await runner.stop();
    }
  });
});
