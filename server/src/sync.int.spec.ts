import { api, byId, type CreatedApiKey, customersEntity, HEADERS, INVOICE_DOCUMENTS, itemsEntity, JOURNAL_VOUCHERS_PATH, MASTER_DATA_ENTITIES, receipts, REFUND_DOCUMENTS, type RecordedEvent, salesInvoices, SETTLEMENT_DOCUMENTS, vendorsEntity, voidPath } from '@erp/contracts';
import { openApiDocument } from '@erp/query-service';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type Document, syncedLists } from './testing/openapi-samples';
import { REPO_ROOT } from './testing/processes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';
import { ownWork } from './testing/test-work';

type Row = { id: number; deleted?: true; updatedAt: string | null; version: number } & Record<string, unknown>;

/** Every list a sync covers (each GET of the document that takes changedSince): master data, documents, journal vouchers. */
const LISTS = syncedLists(openApiDocument() as unknown as Document);
const VOUCHER = { voucherDate: '2026-11-20', voucherType: 'Contra', lines: [{ account: 'bank', debit: '1000' }, { account: 'cash', credit: '1000' }] };
const PAGE = 3;

/**
 * Incremental sync (issue 46) through HTTP with an API key, as an integrator runs it: a full
 * sync of every list from `0`, then the changes only — an update, a delete (a tombstone), a void,
 * a new record — and nothing else; writes made while a sync pages are never skipped.
 */
describe('changed-since sync (issue 46)', () => {
  const t = signedInOneProcess();
  const owner = readYourWrites(() => t.owner);
  let key: HttpClient;
  let secret = '';

  /** One list's changes after `cursor`, paged by PAGE, read once the owner's last write is in. */
  const sync = async (path: string, cursor: string) => {
    const rows: Row[] = [];
    for (let pages = 0; pages < 1000; pages += 1) {
      const res = await key.get<Row[]>(`${path}?changedSince=${cursor}&limit=${PAGE}`, { headers: { [HEADERS.minPosition]: owner.position() } });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      rows.push(...res.body);
      cursor = res.headers.get('X-Next-Cursor')!;
      expect(cursor, path).toMatch(/^[A-Za-z0-9_-]+$/);
      if (res.body.length < PAGE) return { rows, cursor };
    }
    throw new Error(`${path}: no end of pages`);
  };
  const syncAll = async (cursors: Map<string, string>) => {
    const changes = new Map<string, Row[]>();
    for (const path of LISTS) {
      const { rows, cursor } = await sync(path, cursors.get(path) ?? '0');
      changes.set(path, rows);
      cursors.set(path, cursor);
    }
    return changes;
  };

  let kept: { id: number };
  let gone: { id: number };
  let customer: { id: number };
  let invoice: { id: number };
  let receipt: { id: number };
  let voucher: { id: number };

  beforeAll(async () => {
    const made = await t.owner.post<CreatedApiKey>(api.apiKeys, { name: 'Sync client', role: 'viewer' });
    expect(made.status, made.text).toBe(201);
    secret = made.body.key;
    key = new HttpClient(t.system.baseUrl, { headers: { Authorization: `Bearer ${secret}` } });
    kept = await owner.write('post', vendorsEntity.path, { name: 'Kept Traders' });
    gone = await owner.write('post', vendorsEntity.path, { name: 'Gone Traders' });
    await owner.write('post', vendorsEntity.path, { name: 'Third Traders' });
    await owner.write('post', itemsEntity.path, { name: 'Tea', unit: 'KG', sellingPrice: '50' });
    customer = await owner.write('post', customersEntity.path, { name: 'Tilak Stores' });
    invoice = await owner.write('post', salesInvoices.path, { customerId: customer.id, invoiceDate: '2026-11-20', lines: [{ itemName: 'Tea', quantity: '2', rate: '50' }] });
    receipt = await owner.write('post', receipts.path, { customerId: customer.id, receiptDate: '2026-11-21', paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '100.00' }] });
    voucher = await owner.write('post', JOURNAL_VOUCHERS_PATH, VOUCHER);
  });

  it('every list row carries updatedAt and its stream version', ownWork(async () => {
    const vendors = await owner.read<Row[]>(vendorsEntity.path);
    expect(vendors.map((v) => v.version)).toEqual([1, 1, 1]);
    for (const v of vendors) expect(Date.parse(v.updatedAt!)).toBeGreaterThan(Date.now() - 600_000);
    const [listed] = await owner.read<Row[]>(salesInvoices.path);
    expect(listed).toMatchObject({ id: invoice.id, version: expect.any(Number), updatedAt: expect.stringMatching(/Z$/) });
  }));

  it('a full sync with a key, then the changes only: an update, a delete, a void, a new record', ownWork(async () => {
    expect(LISTS).toEqual(expect.arrayContaining([...MASTER_DATA_ENTITIES, ...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS].map((d) => d.path)));
    expect(LISTS).toContain(JOURNAL_VOUCHERS_PATH);
    const cursors = new Map<string, string>();
    const full = await syncAll(cursors);
    expect(full.get(JOURNAL_VOUCHERS_PATH)!.map((r) => r.id)).toEqual([voucher.id]);
    for (const path of LISTS) {
      const listed = await owner.read<Row[]>(path);
      expect(full.get(path)!.map((r) => r.id).sort((a, b) => a - b), path).toEqual(listed.map((r) => r.id).sort((a, b) => a - b));
    }
    expect(full.get(vendorsEntity.path)!.map((r) => r.name)).toEqual(['Kept Traders', 'Gone Traders', 'Third Traders']);

    // Nothing written since: nothing answered, the cursors stand.
    const idle = await syncAll(cursors);
    expect([...idle].filter(([, rows]) => rows.length > 0)).toEqual([]);

    await owner.write('put', byId(vendorsEntity.path, kept.id), { name: 'Kept Traders Pvt Ltd' });
    const deleted = await t.owner.delete(byId(vendorsEntity.path, gone.id));
    expect(deleted.status, deleted.text).toBe(204);
    await owner.write('post', voidPath(byId(receipts.path, receipt.id)), { reason: 'Entered twice' }, 200);
    const added = await owner.write('post', customersEntity.path, { name: 'New Stores' });
    await owner.write('put', byId(JOURNAL_VOUCHERS_PATH, voucher.id), { ...VOUCHER, active: false }, 200);

    const changes = await syncAll(cursors);
    const changed = Object.fromEntries([...changes].filter(([, rows]) => rows.length > 0));
    expect(Object.keys(changed).sort()).toEqual([customersEntity.path, JOURNAL_VOUCHERS_PATH, receipts.path, salesInvoices.path, vendorsEntity.path].sort());
    // A journal voucher is cancelled, never deleted: answered inactive, at its stream's version.
    expect(changed[JOURNAL_VOUCHERS_PATH]).toEqual([expect.objectContaining({ id: voucher.id, active: false, version: 2, updatedAt: expect.stringMatching(/Z$/) })]);
    expect(changed[vendorsEntity.path]).toEqual([
      expect.objectContaining({ id: kept.id, name: 'Kept Traders Pvt Ltd', version: 2 }),
      { id: gone.id, deleted: true, updatedAt: expect.stringMatching(/Z$/), version: 2 },
    ]);
    expect(changed[receipts.path]).toEqual([expect.objectContaining({ id: receipt.id, active: false, voidReason: 'Entered twice' })]);
    expect(changed[salesInvoices.path]).toEqual([expect.objectContaining({ id: invoice.id, balanceDue: '100.00' })]);
    expect(changed[customersEntity.path]!.map((r) => r.id)).toEqual([added.id]);
  }));

  it('writes made while a sync pages are all answered, none skipped', ownWork(async () => {
    let cursor = (await sync(vendorsEntity.path, '0')).cursor;
    const seen = new Set<number>();
    let writing = true;
    const writers = Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        const ids: number[] = [];
        for (let i = 0; i < 8; i += 1) {
          const res = await t.owner.post<{ id: number }>(vendorsEntity.path, { name: `Busy ${w}-${i}` });
          expect(res.status, res.text).toBe(201);
          ids.push(res.body.id);
        }
        return ids;
      }),
    ).finally(() => {
      writing = false;
    });
    while (writing) {
      const res = await key.get<Row[]>(`${vendorsEntity.path}?changedSince=${cursor}&limit=${PAGE}`);
      for (const row of res.body) seen.add(row.id);
      cursor = res.headers.get('X-Next-Cursor')!;
    }
    const made = (await writers).flat();
    // The last writes: read once the read model has them all (X-Min-Position of the log's end).
    const end = (await sql<{ p: string }>`select max(position)::text as p from events`.execute(t.database.db)).rows[0]!;
    for (;;) {
      const res = await key.get<Row[]>(`${vendorsEntity.path}?changedSince=${cursor}&limit=${PAGE}`, { headers: { [HEADERS.minPosition]: String(end.p) } });
      for (const row of res.body) seen.add(row.id);
      cursor = res.headers.get('X-Next-Cursor')!;
      if (res.body.length < PAGE) break;
    }
    expect(made.filter((id) => !seen.has(id))).toEqual([]);
  }));

  it('the example integrator (examples/sync.mjs) syncs everything, then only what changed', ownWork(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-sync-'));
    const run = async () =>
      (await promisify(execFile)('node', [path.join(REPO_ROOT, 'examples/sync.mjs'), path.join(dir, 'state.json')], { env: { ...process.env, ERP_URL: t.system.baseUrl, ERP_API_KEY: secret } })).stdout;
    try {
      const listed = (await owner.read<Row[]>(vendorsEntity.path)).length;
      // From 0 the deleted vendor comes too, as a tombstone.
      expect(await run()).toContain(`/api/purchase/vendors: ${listed} changed, 1 deleted, ${listed} held`);
      await owner.write('post', vendorsEntity.path, { name: 'After the first run' });
      await owner.read(vendorsEntity.path);
      const again = await run();
      expect(again).toContain(`/api/purchase/vendors: 1 changed, 0 deleted, ${listed + 1} held`);
      expect(again).toContain('/api/sales/customers: 0 changed, 0 deleted');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }));

  it('a cursor that is not one this list gave, or a sync with q or after, is a 400 naming it', ownWork(async () => {
    const { cursor } = await sync(customersEntity.path, '0');
    for (const [query, named] of [
      ['changedSince=nonsense!', 'changedSince'],
      ['changedSince=abc', 'changedSince'],
      [`changedSince=${cursor}`, 'changedSince'],
      ['changedSince=0&q=tea', 'q'],
      ['changedSince=0&after=abc', 'after'],
    ]) {
      const res = await key.get<{ issues: { path: string }[] }>(`${vendorsEntity.path}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.issues.map((i) => i.path), query).toEqual([named]);
    }
  }));

  it('the event feed filters by several types and by module', ownWork(async () => {
    const types = async (query: string) => {
      const res = await t.owner.get<RecordedEvent[]>(`${api.events}?limit=1000&${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return new Set(res.body.map((e) => e.type));
    };
    const both = new Set(['VendorCreated', 'CustomerCreated']);
    expect(await types('type=VendorCreated&type=CustomerCreated')).toEqual(both);
    expect(await types('type=VendorCreated,CustomerCreated')).toEqual(both);
    const purchase = await t.owner.get<RecordedEvent[]>(`${api.events}?limit=1000&module=purchase`);
    expect(new Set(purchase.body.map((e) => e.streamId.replace(/-\d+$/, '')))).toEqual(new Set(['vendor']));
    expect(await types('module=sales&type=VendorCreated')).toEqual(new Set());
    const bad = await t.owner.get<{ issues: { path: string }[] }>(`${api.events}?module=nowhere`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i) => i.path)).toEqual(['module']);
  }));
});
