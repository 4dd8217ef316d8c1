import { randomUUID } from 'node:crypto';

import { customersEntity, employeesEntity, itemsEntity, leadsEntity, vendorsEntity } from '@erp/contracts';
import { isAtOrAfter, type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ReadDb } from '../read-models';
import { applyBatch } from '../runner/batch';
import { readCheckpoint } from '../runner/checkpoints';
import { rebuildProjection } from '../runner/rebuild';
import { prepareProjections, projectBatch, startProjectionRunner } from '../runner/runner';
import { masterDataProjection } from './master-data.projection';

const meta = { userId: 1, username: 'owner', correlationId: 'c', at: '2026-11-22T10:00:00.000Z' };
const vendor = (id: number, name: string) => ({
  id, name, contactPerson: null, phone: null, email: null, address: null,
  gstNumber: null, panNumber: null, paymentTerms: '30 days', active: true,
});

const vendors = masterDataProjection(vendorsEntity);
const others = [customersEntity, itemsEntity, employeesEntity, leadsEntity].map((e) => masterDataProjection(e));

let database: TestDatabase;
let t: StoreUnderTest;

const append = (streamId: string, expectedVersion: number, type: string, data: unknown) =>
  t.store.append([{ streamId, expectedVersion, events: [{ eventId: randomUUID(), type, data }] }], meta);

const rows = async (table = 'vendor_list', schema = 'public') =>
  (await sql<Record<string, unknown>>`select * from ${sql.id(schema, table)} order by id`.execute(t.db)).rows;
const live = async () => (await rows()).filter((r) => r.deleted === false);

/** Until the checkpoint passes the end of the log (an empty page can mean "held back", not "done"). */
const catchUp = async () => {
  const end = await t.store.endCursor();
  for (let i = 0; !isAtOrAfter((await readCheckpoint(t.db, 'vendor_list'))?.cursor, end); i++) {
    if (i > 2000) throw new Error('projection did not catch up');
    const result = await projectBatch(t.db, t.store, [vendors, ...others], 2);
    if (result.read === 0) await new Promise((r) => setTimeout(r, 10));
  }
};
const replay = (events: Parameters<typeof applyBatch>[3]) => {
  const db: ReadDb = t.db;
  return db.transaction().execute((trx) => applyBatch(trx, 'public', [vendors], events));
};

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url);
  await prepareProjections(t.db, t.store, [vendors, ...others]);
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

describe('master-data list projection', () => {
  it('keeps one row per record with its stream version; a delete leaves a tombstone', async () => {
    expect((await rows()).map((r) => [r.id, r.name, r.phone, r.payment_terms, r.version, r.deleted])).toEqual([
      [1, 'Asha Steel', '+91-98', null, 2, false],
      [2, 'Bharat Paper', null, '30 days', 2, true],
      [3, 'Chola Foods', null, '30 days', 1, false],
    ]);
  });

  it('replaying an older event changes nothing: a create after its update, a create after its delete', async () => {
    const before = await rows();
    const one = (await t.store.readStream('vendor-1')).events;
    const two = (await t.store.readStream('vendor-2')).events;
    await replay([one[0]!]);
    await replay([two[0]!]);
    await replay([one[1]!, one[0]!]);
    expect(await rows()).toEqual(before);
  });

  it('gives the same rows when the whole log is applied again', async () => {
    const before = await rows();
    const { events } = await t.store.readAll({ tx: '0', position: '0' }, 100);
    await replay(events);
    await replay(events);
    expect(await rows()).toEqual(before);
  });

  it('rebuilt from position 0 equals the incrementally built table', async () => {
    const incremental = await rows();
    const result = await rebuildProjection(t.db, t.store, vendors);
    expect(result.applied).toBe(5);
    expect(await rows()).toEqual(incremental);
  });

  it('types each column by its field kind, not its name', async () => {
    const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name in ('customer_list', 'item_list', 'employee_list', 'lead_list')`.execute(t.db);
    const type = (table: string, column: string) => columns.find((c) => c.table_name === table && c.column_name === column)?.data_type;
    expect(type('customer_list', 'credit_limit')).toBe('numeric');
    expect(type('item_list', 'selling_price')).toBe('numeric');
    expect(type('item_list', 'tax_rate')).toBe('numeric');
    expect(type('item_list', 'reorder_level')).toBe('integer');
    expect(type('item_list', 'unit')).toBe('text');
    expect(type('employee_list', 'date_of_joining')).toBe('date');
    expect(type('employee_list', 'salary')).toBe('numeric');
    expect(type('lead_list', 'follow_up_date')).toBe('date');
    expect(type('lead_list', 'active')).toBe('boolean');
  });

  it('keeps exact decimals and dates as written', async () => {
    await append('employee-7', 0, 'EmployeeCreated', {
      id: 7, employeeId: 'E007', name: 'Meera', email: null, phone: null, designation: null, department: null,
      dateOfJoining: '2024-02-29', salary: '45000.50', panNumber: null, bankAccount: null, active: true,
    });
    await catchUp();
    const [row] = await rows('employee_list');
    expect([row?.salary, row?.date_of_joining, row?.employee_id]).toEqual(['45000.50', '2024-02-29', 'E007']);
  });

  it('rebuilds while a live runner and writers keep going, and loses nothing', async () => {
    const runner = startProjectionRunner(t.db, t.store, t.notifier, [vendors], { batchSize: 5, pollMs: 20 });
    const writes = (async () => {
      for (let id = 100; id < 160; id++) await append(`vendor-${id}`, 0, 'VendorCreated', vendor(id, `Live ${id}`));
    })();
    await new Promise((r) => setTimeout(r, 50));
    await rebuildProjection(t.db, t.store, vendors);
    await writes;
    const end = await t.store.endCursor();
    for (let i = 0; !isAtOrAfter((await readCheckpoint(t.db, 'vendor_list'))?.cursor, end); i++) {
      if (i > 400) throw new Error('runner did not catch up');
      await new Promise((r) => setTimeout(r, 25));
    }
    await runner.stop();
    const now = await live();
    expect(now.filter((r) => Number(r.id) >= 100)).toHaveLength(60);
    await rebuildProjection(t.db, t.store, vendors);
    expect(await live()).toEqual(now);
  });

  it('rebuilt alone, reads only the events it handles and ends past the others, at the end of the log', async () => {
    const before = await rows();
    for (let i = 0; i < 3; i++) await append(`note-${randomUUID()}`, 0, 'NoteTaken', { i });
    const end = await t.store.endCursor();
    let all: Awaited<ReturnType<typeof t.store.readAll>>['events'] = [];
    for (let page = await t.store.readAll({ tx: '0', position: '0' }, 1000); page.events.length > 0; page = await t.store.readAll(page.cursor, 1000)) {
      all = [...all, ...page.events];
    }
    expect(all.at(-1)?.type).toBe('NoteTaken');

    const result = await rebuildProjection(t.db, t.store, vendors, { batchSize: 7 });

    expect(result.applied).toBe(all.filter((e) => vendors.handles.has(e.type)).length);
    expect(result.applied).toBeLessThan(all.length);
    expect(result.position).toBe(end.position);
    expect((await readCheckpoint(t.db, 'vendor_list'))?.cursor).toEqual(end);
    expect(await rows()).toEqual(before);
  });

  it('rebuilt in batches of three gives the same rows whether it keeps every row in memory or drops them and reads them back', async () => {
    // Twenty vendors made, then each changed and every fourth deleted, batches later in the log.
    for (let id = 500; id < 520; id++) await append(`vendor-${id}`, 0, 'VendorCreated', vendor(id, `Far ${id}`));
    for (let id = 500; id < 520; id++) await append(`vendor-${id}`, 1, 'VendorUpdated', { id, changes: { phone: `+91-${id}` } });
    for (let id = 500; id < 520; id += 4) await append(`vendor-${id}`, 2, 'VendorDeleted', { id });
    await rebuildProjection(t.db, t.store, vendors);
    const before = await rows();
    expect(before.filter((r) => Number(r.id) >= 500).map((r) => [r.phone, r.deleted])).toEqual(
      Array.from({ length: 20 }, (_, i) => [`+91-${500 + i}`, i % 4 === 0]),
    );
    // 1: a generation of one row, dropped after every batch, so most rows are read back from the table.
    for (const cacheRows of [1, 5, 1_000_000]) {
      await rebuildProjection(t.db, t.store, vendors, { batchSize: 3, cacheRows });
      expect(await rows()).toEqual(before);
    }
  });
});
