import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { vendorsEntity, api, byId, RecordedEventSchema, VendorSchema } from '@erp/contracts';
import { connect, type Database } from '@erp/eventstore';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { findProjection } from '@erp/projections';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { budget } from './testing/budget';
import { eventually, HttpClient } from './testing/http-client';
import { type RunningSystem, runCli, startOneProcess } from './testing/run-modes';
import { ownWork } from './testing/test-work';

/**
 * The operator CLI (`npm run erp -- …`) as a child process against real databases: export the
 * log of a store with history, import it into an empty database, and get the same read models.
 * It runs server/dist/cli.js, as `npm run erp` does once built; each test's time limit is counted
 * from the commands, servers and requests it runs (testing/budget.ts).
 */

const HealthSchema = z.object({
  store: z.object({ head: z.string() }),
  projections: z.array(z.object({ name: z.string(), position: z.string(), lag: z.number() })),
});

const rowsOf = async (db: Database, table: string) =>
  (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db.db)).rows;

/** The log without positions (an import renumbers them): ids, streams, versions, data, metadata. */
const logOf = async (db: Database) =>
  (await sql<Record<string, unknown>>`select event_id, stream_id, stream_version, type, data, metadata
    from events order by position`.execute(db.db)).rows;

const waitCaughtUp = async (client: HttpClient) =>
  eventually(
    async () => HealthSchema.parse((await client.get(api.health)).body),
    (h) => h.projections.every((p) => p.lag === 0 && p.position === h.store.head),
    { what: 'projections caught up' },
  );

describe('operator CLI', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let sourceDb: Database;
  let targetDb: Database;
  let workDir: string;
  let exportFile: string;
  let app: RunningSystem | undefined;

  beforeAll(async () => {
    [source, target] = await Promise.all([testDatabase(), testDatabase()]);
    sourceDb = connect(source.url, { max: 2 });
    targetDb = connect(target.url, { max: 2 });
    workDir = await mkdtemp(path.join(os.tmpdir(), 'erp-cli-'));
    exportFile = path.join(workDir, 'events.ndjson');

    // A store with some history, written over HTTP by the product itself.
    app = await startOneProcess(source.url);
    const owner = new HttpClient(app.baseUrl);
    await owner.setup('owner', 'correct horse battery staple');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await owner.post(vendorsEntity.path, { name: `Exported Vendor ${i}`, email: `v${i}@example.com`, paymentTerms: `Net ${i}` });
      expect(res.status, res.text).toBe(201);
      ids.push(VendorSchema.parse(res.body).id);
    }
    for (const id of ids.slice(0, 5)) {
      const res = await owner.put(byId(vendorsEntity.path, id), { name: `Renamed Vendor ${id}`, phone: '020 5555 0000' });
      expect(res.status, res.text).toBe(200);
    }
    for (const id of ids.slice(-2)) expect((await owner.delete(byId(vendorsEntity.path, id))).status).toBe(204);
    await waitCaughtUp(owner);
    await app.stop();
    app = undefined;
  }, budget({ databases: 2, starts: 1, requests: 12 + 5 + 2 + 1 }));

  afterAll(async () => {
    await app?.stop();
    await sourceDb?.close();
    await targetDb?.close();
    await source?.drop();
    await target?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('export writes the whole log as NDJSON, one recorded event per line', ownWork(async () => {
    const result = await runCli(['export', exportFile], { DATABASE_URL: source.url });
    expect(result.code, result.output).toBe(0);
    const lines = (await readFile(exportFile, 'utf8')).split('\n').filter(Boolean);
    expect(result.output).toContain(`exported ${lines.length} events`);
    expect(lines).toHaveLength(12 + 5 + 2);
    const events = lines.map((l) => RecordedEventSchema.parse(JSON.parse(l)));
    expect(events.map((e) => e.type).filter((t) => t === 'VendorCreated')).toHaveLength(12);
    expect(events.map((e) => e.eventId)).toEqual((await logOf(sourceDb)).map((r) => r.event_id));
  }), budget({ commands: 1 }));

  it('import into an empty database gives the same log and, rebuilt, the same read models', ownWork(async () => {
    const result = await runCli(['import', exportFile], { DATABASE_URL: target.url });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/imported 19 events and rebuilt \d+ projections/);
    expect(await logOf(targetDb)).toEqual(await logOf(sourceDb));
    for (const table of ['vendor_list', 'sales_invoice_list']) {
      expect(await rowsOf(targetDb, table), table).toEqual(await rowsOf(sourceDb, table));
    }
    expect((await rowsOf(targetDb, 'vendor_list')).filter((r) => r.deleted === false)).toHaveLength(10);

    // A rebuild from position 0 changes nothing, on either side.
    const before = await rowsOf(targetDb, 'vendor_list');
    const rebuilt = await runCli(['rebuild', '--all'], { DATABASE_URL: target.url });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(rebuilt.output).toMatch(/rebuilt [a-z_, ]*vendor_list/);
    expect(rebuilt.output).toMatch(/rebuilt [a-z_, ]*sales_invoice_list/);
    expect(await rowsOf(targetDb, 'vendor_list')).toEqual(before);
    const checkpoints = await runCli(['projections'], { DATABASE_URL: target.url });
    expect(checkpoints.code, checkpoints.output).toBe(0);
    expect(checkpoints.output).toMatch(new RegExp(`vendor_list\\tv${findProjection('vendor_list')!.version}\\tposition 19`));
  }), budget({ commands: 3 }));

  it('import into a store that has events fails with a clear message and changes nothing', ownWork(async () => {
    const logBefore = await logOf(sourceDb);
    const result = await runCli(['import', exportFile], { DATABASE_URL: source.url });
    expect(result.code).toBe(1);
    expect(result.output).toContain('error: Import needs an empty event store');
    expect(await logOf(sourceDb)).toEqual(logBefore);
  }), budget({ commands: 1 }));

  it('an import that fails after its first thousand events writes none of them, and the fixed file imports', ownWork(async () => {
    const template = RecordedEventSchema.parse(JSON.parse((await readFile(exportFile, 'utf8')).split('\n')[0]!));
    const events = Array.from({ length: 1500 }, (_, i) =>
      JSON.stringify({ ...template, eventId: randomUUID(), streamId: `bulk-${i}`, streamVersion: 1, position: String(i + 1) }));
    const file = path.join(workDir, 'bad-after-1500.ndjson');
    await writeFile(file, [...events, '{"position":"x"}', ''].join('\n'));
    const empty = await testDatabase();
    const emptyDb = connect(empty.url, { max: 2 });
    try {
      const failed = await runCli(['import', file], { DATABASE_URL: empty.url });
      expect(failed.code, failed.output).toBe(1);
      expect(failed.output).toMatch(/error: Line 1501 is not an exported event/);
      expect(await logOf(emptyDb)).toEqual([]);

      const fixed = await runCli(['import', exportFile], { DATABASE_URL: empty.url });
      expect(fixed.code, fixed.output).toBe(0);
      expect(await logOf(emptyDb)).toEqual(await logOf(sourceDb));
    } finally {
      await emptyDb.close();
      await empty.drop();
    }
  }), budget({ databases: 1, commands: 2 }));

  it('a rebuild of an unknown projection fails and names the known ones', ownWork(async () => {
    const result = await runCli(['rebuild', 'nope'], { DATABASE_URL: target.url });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Unknown projection 'nope'\. Known: .*vendor_list/);
  }), budget({ commands: 1 }));

  it('create-user adds a user who can sign in; the imported store keeps allocating ids above the imported ones', ownWork(async () => {
    const short = await runCli(['create-user', 'asha'], { DATABASE_URL: target.url, ERP_NEW_PASSWORD: 'short' });
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/ERP_NEW_PASSWORD \(8\+ characters\)/);

    const created = await runCli(['create-user', 'asha'], { DATABASE_URL: target.url, ERP_NEW_PASSWORD: 'asha secret 123' });
    expect(created.code, created.output).toBe(0);
    expect(created.output).toMatch(/created user asha \(id \d+, owner\)/);
    const users = (await sql<{ username: string; password_hash: string }>`select username, password_hash from users`.execute(targetDb.db)).rows;
    expect(users.map((u) => u.username)).toEqual(['asha']);
    expect(users[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(users[0]!.password_hash).not.toContain('asha secret 123');

    const again = await runCli(['create-user', 'ASHA'], { DATABASE_URL: target.url, ERP_NEW_PASSWORD: 'another secret' });
    expect(again.code).toBe(1);
    expect(again.output).toContain("User 'ASHA' already exists");

    app = await startOneProcess(target.url);
    const asha = new HttpClient(app.baseUrl);
    expect((await asha.login('asha', 'wrong password')).status).toBe(401);
    expect((await asha.login('asha', 'asha secret 123')).status).toBe(200);
    const list = z.array(VendorSchema).parse((await asha.get(vendorsEntity.path)).body);
    expect(list).toHaveLength(10);
    const res = await asha.post(vendorsEntity.path, { name: 'After Import' });
    expect(res.status, res.text).toBe(201);
    const maxImported = Math.max(...(await logOf(sourceDb)).map((e) => Number(String(e.stream_id).split('-')[1])));
    expect(VendorSchema.parse(res.body).id).toBeGreaterThan(maxImported);
  }), budget({ commands: 3, starts: 1, requests: 5 }));
});
