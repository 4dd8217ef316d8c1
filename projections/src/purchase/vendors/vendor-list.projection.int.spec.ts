import { randomUUID } from 'node:crypto';

import { isAtOrAfter, type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applyEvents } from '../../runner/apply';
import { readCheckpoint } from '../../runner/checkpoints';
import { prepareProjections, projectBatch, startProjectionRunner } from '../../runner/runner';
import { rebuildProjection } from '../../runner/rebuild';
import { vendorListProjection } from './vendor-list.projection';

const meta = { userId: 1, username: 'owner', correlationId: 'c', at: '2026-11-22T10:00:00.000Z' };
const vendor = (id: number, name: string) => ({
  id, name, contactPerson: null, phone: null, email: null, address: null,
  gstNumber: null, panNumber: null, paymentTerms: '30 days', active: true,
});

let database: TestDatabase;
let t: StoreUnderTest;

const append = (streamId: string, expectedVersion: number, type: string, data: unknown) =>
  t.store.append([{ streamId, expectedVersion, events: [{ eventId: randomUUID(), type, data }] }], meta);

const rows = async (schema = 'public') =>
  (await sql<Record<string, unknown>>`select * from ${sql.id(schema, 'vendor_list')} order by id`.execute(t.db)).rows;

/** Until the checkpoint passes the end of the log (an empty page can mean "held back", not "done"). */
const catchUp = async () => {
  const end = await t.store.endCursor();
  for (let i = 0; !isAtOrAfter((await readCheckpoint(t.db, 'vendor_list'))?.cursor, end); i++) {
    if (i > 2000) throw new Error('projection did not catch up');
    const result = await projectBatch(t.db, t.store, vendorListProjection, 2);
    if (!result || result.applied === 0) await new Promise((r) => setTimeout(r, 10));
  }
};

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url);
  await prepareProjections(t.db, t.store, [vendorListProjection]);
  await append('vendor-1', 0, 'VendorCreated', vendor(1, 'Asha Steel'));
  await append('vendor-2', 0, 'VendorCreated', vendor(2, 'Bharat Paper'));
  await append('vendor-1', 1, 'VendorUpdated', { id: 1, changes: { phone: '+91-98', paymentTerms: null } });
  await append('vendor-3', 0, 'VendorCreated', vendor(3, 'Chola Foods'));
  await append('vendor-2', 1, 'VendorDeleted', { id: 2 });
  await catchUp();
});

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('vendor_list projection', () => {
  it('keeps one row per live vendor with its stream version', async () => {
    const list = await rows();
    expect(list.map((r) => [r.id, r.name, r.phone, r.payment_terms, r.stream_version])).toEqual([
      [1, 'Asha Steel', '+91-98', null, 2],
      [3, 'Chola Foods', null, '30 days', 1],
    ]);
  });

  it('gives the same rows when the same events are replayed again', async () => {
    const before = await rows();
    const { events } = await t.store.readAll({ tx: '0', position: '0' }, 100);
    await t.db.transaction().execute((trx) => applyEvents(trx.withSchema('public'), vendorListProjection, events));
    await t.db.transaction().execute((trx) => applyEvents(trx.withSchema('public'), vendorListProjection, events));
    // Deleted vendor 2 is re-created by its replayed create and deleted again by its delete.
    expect(await rows()).toEqual(before);
  });

  it('rebuilt from position 0 equals the incrementally built table', async () => {
    const incremental = await rows();
    const result = await rebuildProjection(t.db, t.store, vendorListProjection);
    expect(result.applied).toBe(5);
    expect(await rows()).toEqual(incremental);
  });

  it('a stale update replayed after a newer one does not win', async () => {
    const { events } = await t.store.readStream('vendor-1');
    await t.db.transaction().execute((trx) => applyEvents(trx.withSchema('public'), vendorListProjection, [events[1]!]));
    const one = (await rows()).find((r) => r.id === 1);
    expect(one?.phone).toBe('+91-98');
  });

  it('rebuilds while a live runner and writers keep going, and loses nothing', async () => {
    const runner = startProjectionRunner(t.db, t.store, t.notifier, [vendorListProjection], { batchSize: 5, pollMs: 20 });
    const writes = (async () => {
      for (let id = 100; id < 160; id++) await append(`vendor-${id}`, 0, 'VendorCreated', vendor(id, `Live ${id}`));
    })();
    await new Promise((r) => setTimeout(r, 50));
    await rebuildProjection(t.db, t.store, vendorListProjection);
    await writes;
    const end = await t.store.endCursor();
    for (let i = 0; !isAtOrAfter((await readCheckpoint(t.db, 'vendor_list'))?.cursor, end); i++) {
      if (i > 400) throw new Error('runner did not catch up');
      await new Promise((r) => setTimeout(r, 25));
    }
    await runner.stop();
    const live = await rows();
    expect(live.filter((r) => Number(r.id) >= 100)).toHaveLength(60);
    await rebuildProjection(t.db, t.store, vendorListProjection);
    expect(await rows()).toEqual(live);
  });
});
