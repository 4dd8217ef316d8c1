import {
  api,
  byId,
  type CreatedApiKey,
  customersEntity,
  HEADERS,
  INVOICE_DOCUMENTS,
  JOURNAL_VOUCHERS_PATH,
  MASTER_DATA_ENTITIES,
  PAYMENT_METHODS,
  REFUND_DOCUMENTS,
  SETTLEMENT_DOCUMENTS,
  vendorsEntity,
  voidPath,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { openApiDocument } from '@erp/query-service';
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

import { beforeAll, describe, expect, it } from 'vitest';

import { type Document, syncedLists } from './testing/openapi-samples';
import { REPO_ROOT } from './testing/processes';
import { signedInOneProcess } from './testing/signed-in-system';

/**
 * OpenAPI for generators (issue 46 item 4): a client made by a second generator,
 * @hey-api/openapi-ts (run offline from node_modules), from the document the server serves without
 * a session, drives a sync with nothing but an API key: records of every entity and document,
 * a first full sync of every list, then the changes only — an update, a delete, a void, a new record.
 * The lists are the document's: every GET that takes `changedSince`.
 */

type Row = { id: number; deleted?: true; version: number } & Record<string, unknown>;
interface Answered { data?: unknown; error?: unknown; response: Response }
type Operation = (options: Record<string, unknown>) => Promise<Answered>;

const OUT = path.join(REPO_ROOT, 'test-results', `generated-client-${process.pid}`);
const LISTS = syncedLists(openApiDocument() as unknown as Document);
const VOUCHER = { voucherDate: '2026-11-20', narration: 'Capital brought in', lines: [{ account: 'cash', debit: '500' }, { account: 'capital', credit: '500' }] };
const PAGE = 4;

describe('a client from a second generator (@hey-api/openapi-ts) syncs with an API key only (issue 46)', () => {
  const t = signedInOneProcess();
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
  let sdk: Record<string, Operation>;
  let client: unknown;
  let position = '0';

  /** The generated function of a route, by the operationId the document gives it. */
  const call = async (method: string, route: string, options: Record<string, unknown> = {}) => {
    const fn = sdk[doc.paths[route]![method]!.operationId];
    expect(fn, `${method} ${route} in the generated SDK`).toBeTypeOf('function');
    const answer = await fn!({ client, ...options });
    const written = answer.response.headers.get(HEADERS.eventPosition);
    if (written) position = written;
    return answer;
  };
  const write = async (method: string, route: string, options: Record<string, unknown>, status: number) => {
    const answer = await call(method, route, options);
    expect(answer.response.status, `${method} ${route}: ${JSON.stringify(answer.error)}`).toBe(status);
    return answer.data as Row;
  };

  const syncAll = async (cursors: Map<string, string>) => {
    const changes = new Map<string, Row[]>();
    for (const list of LISTS) {
      const rows: Row[] = [];
      for (let pages = 0; ; pages += 1) {
        expect(pages).toBeLessThan(100);
        const answer = await call('get', list, { query: { changedSince: cursors.get(list) ?? '0', limit: PAGE }, headers: { [HEADERS.minPosition]: position } });
        expect(answer.response.status, `${list}: ${JSON.stringify(answer.error)}`).toBe(200);
        rows.push(...(answer.data as Row[]));
        cursors.set(list, answer.response.headers.get('X-Next-Cursor')!);
        if ((answer.data as Row[]).length < PAGE) break;
      }
      changes.set(list, rows);
    }
    return changes;
  };

  beforeAll(async () => {
    // The document as an integrator gets it: without a session.
    const res = await fetch(`${t.system.baseUrl}${api.openapi}`);
    expect(res.status).toBe(200);
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });
    await writeFile(path.join(OUT, 'openapi.json'), await res.text());
    await promisify(execFile)(path.join(REPO_ROOT, 'node_modules/.bin/openapi-ts'), ['-i', path.join(OUT, 'openapi.json'), '-o', path.join(OUT, 'client'), '-c', '@hey-api/client-fetch', '-s'], {
      cwd: REPO_ROOT,
      timeout: 180_000,
    });
    sdk = (await import(path.join(OUT, 'client', 'sdk.gen.ts'))) as Record<string, Operation>;
    const { createClient, createConfig } = (await import(path.join(OUT, 'client', 'client', 'index.ts'))) as { createClient: (c: unknown) => unknown; createConfig: (c: unknown) => unknown };
    // The only use of the owner's session: making the key.
    const made = await t.owner.post<CreatedApiKey>(api.apiKeys, { name: 'Generated client', role: 'owner' });
    expect(made.status, made.text).toBe(201);
    client = createClient(createConfig({ baseUrl: t.system.baseUrl, headers: { Authorization: `Bearer ${made.body.key}` } }));
  }, 300_000);

  it('writes every entity and document, syncs every list in full, then exactly the changes', async () => {
    expect(LISTS).toEqual(expect.arrayContaining([...MASTER_DATA_ENTITIES, ...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS].map((d) => d.path)));
    expect(LISTS).toContain(JOURNAL_VOUCHERS_PATH);
    for (const entity of MASTER_DATA_ENTITIES) await write('post', entity.path, { body: MASTER_DATA_SAMPLES[entity.plural]!.body('gen') }, 201);
    // Never on a document (the documents' vendor is the next one): it can be deleted.
    const doomed = await write('post', vendorsEntity.path, { body: { name: 'Doomed Traders' } }, 201);
    const vendor = await write('post', vendorsEntity.path, { body: { name: 'Second Traders' } }, 201);
    const firstOf = async (list: string) => ((await call('get', list, { headers: { [HEADERS.minPosition]: position } })).data as Row[])[0]!.id;
    const parties: Record<string, number> = { vendorId: vendor.id, customerId: await firstOf(customersEntity.path) };
    const made: Record<string, number> = {};
    for (const d of INVOICE_DOCUMENTS) {
      const body = {
        [d.party.field]: parties[d.party.field],
        [d.numberField]: `GEN-${d.stream}`.slice(0, 16),
        ...(d.against ? { [d.against.field]: made[d.against.stream], noteType: 'price' } : {}),
        ...(d.category ? { category: d.category.accounts[0] } : {}),
        lines: [{ itemName: 'Generated line', quantity: '2', rate: d.against ? '10' : '1000' }],
      };
      made[d.stream] = (await write('post', d.path, { body }, 201)).id;
    }
    for (const d of SETTLEMENT_DOCUMENTS) {
      made[d.stream] = (await write('post', d.path, { body: { [d.party.field]: parties[d.party.field], paymentMethod: PAYMENT_METHODS[0]!.value, amount: '100' } }, 201)).id;
    }
    const voucher = await write('post', JOURNAL_VOUCHERS_PATH, { body: VOUCHER }, 201);

    const cursors = new Map<string, string>();
    const full = await syncAll(cursors);
    for (const entity of MASTER_DATA_ENTITIES) expect(full.get(entity.path)!.length, entity.path).toBeGreaterThanOrEqual(1);
    for (const d of [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS]) expect(full.get(d.path)!.map((r) => r.id), d.path).toContain(made[d.stream]);
    expect(full.get(vendorsEntity.path)!.map((r) => r.id)).toContain(vendor.id);
    expect(full.get(JOURNAL_VOUCHERS_PATH)!.map((r) => r.id)).toEqual([voucher.id]);

    // The changes: one update, one delete, one void, one new record; nothing else.
    const updated = await write('put', `${vendorsEntity.path}/{id}`, { path: { id: vendor.id }, body: { name: 'Second Traders Pvt Ltd' } }, 200);
    const deleted = await call('delete', byId(vendorsEntity.path, '{id}'), { path: { id: doomed.id } });
    expect(deleted.response.status, JSON.stringify(deleted.error)).toBe(204);
    const settlement = SETTLEMENT_DOCUMENTS[0]!;
    await write('post', voidPath(byId(settlement.path, '{id}')), { path: { id: made[settlement.stream] }, body: { reason: 'Entered twice' } }, 200);
    const added = await write('post', customersEntity.path, { body: { name: 'New Stores' } }, 201);
    // A journal voucher is cancelled, never deleted: the sync answers it inactive.
    await write('put', `${JOURNAL_VOUCHERS_PATH}/{id}`, { path: { id: voucher.id }, body: { ...VOUCHER, active: false } }, 200);

    const changes = await syncAll(cursors);
    const changed = Object.fromEntries([...changes].filter(([, rows]) => rows.length > 0).map(([list, rows]) => [list, rows.map((r) => ({ id: r.id, deleted: r.deleted ?? false }))]));
    expect(changed).toEqual({
      [vendorsEntity.path]: [{ id: updated.id, deleted: false }, { id: doomed.id, deleted: true }],
      [settlement.path]: [{ id: made[settlement.stream], deleted: false }],
      [customersEntity.path]: [{ id: added.id, deleted: false }],
      [JOURNAL_VOUCHERS_PATH]: [{ id: voucher.id, deleted: false }],
    });
    expect(changes.get(JOURNAL_VOUCHERS_PATH)![0]).toMatchObject({ active: false, version: 2, narration: 'Capital brought in' });
    const voided = changes.get(settlement.path)![0]!;
    expect(voided.version).toBeGreaterThan(1);
    // A third sync: nothing.
    expect([...(await syncAll(cursors)).values()].flat()).toEqual([]);
  });
});
