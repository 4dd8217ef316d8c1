import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { api, BUSINESS_PATH, byId, INVOICE_DOCUMENTS, itemsEntity, MASTER_DATA_ENTITIES, parseRecordStream, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { connect, type Database } from '@erp/eventstore';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { allRows, PROJECTIONS } from '@erp/projections';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { checkBackup } from './backup';
import { backupFileName, backupTime } from './backup-schedule';
import { eventually, HttpClient } from './testing/http-client';
import { type RunningSystem, runCli, startOneProcess } from './testing/run-modes';

/**
 * `npm run erp -- backup` / `restore` as child processes on real databases: a store with every
 * kind of record and settled documents is backed up while the app runs, restored into an empty
 * database, and gives the same read models row for row, users who can sign in and fresh ids.
 */

const OWNER = { username: 'owner', password: 'correct horse battery staple' };
const CLERK = { username: 'clerk', password: 'clerk secret 123' };
const Created = z.object({ id: z.number() }).loose();
const Health = z.object({ store: z.object({ head: z.string() }), projections: z.array(z.object({ position: z.string(), lag: z.number() })) });

/** Every read-model table of the product, from the projections registry. */
const READ_MODEL_TABLES = PROJECTIONS.flatMap((p) => p.tables);

const readModels = async (db: Database) =>
  Object.fromEntries(await Promise.all(READ_MODEL_TABLES.map(async (t) => [t.name, await allRows(db.db, 'public', t)] as const)));
const logOf = async (db: Database) =>
  (await sql`select event_id, stream_id, stream_version, type, data, metadata from events order by position`.execute(db.db)).rows;
const usersOf = async (db: Database) =>
  (await sql`select id, username, password_hash, created_at from users order by id`.execute(db.db)).rows;
const countsOf = async (db: Database) =>
  (await sql<{ events: number; users: number }>`select (select count(*)::int from events) as events,
    (select count(*)::int from users) as users`.execute(db.db)).rows[0];

/** The highest id used so far per stream prefix (`vendor`, `sales-invoice`, …). */
const highestIds = async (db: Database) => {
  const highest = new Map<string, number>();
  for (const { stream_id } of (await sql<{ stream_id: string }>`select distinct stream_id from events`.execute(db.db)).rows) {
    const stream = parseRecordStream(stream_id);
    if (stream) highest.set(stream.prefix, Math.max(highest.get(stream.prefix) ?? 0, stream.id));
  }
  return highest;
};

/** The business profile, records of every master-data entity, edited and deleted where allowed, and settled documents. */
const writeHistory = async (owner: HttpClient) => {
  const profile = await owner.put(BUSINESS_PATH, { legalName: 'Backup Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
  expect(profile.status, profile.text).toBe(200);
  let firstItem = 0;
  for (const entity of MASTER_DATA_ENTITIES) {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const ids: number[] = [];
    for (const token of ['a', 'b', 'c']) {
      const res = await owner.post(entity.path, sample.body(`${entity.plural}-${token}`));
      expect(res.status, `${entity.path} ${res.text}`).toBe(201);
      ids.push(Created.parse(res.body).id);
    }
    if (entity === itemsEntity) firstItem = ids[0]!;
    const edited = await owner.put(byId(entity.path, ids[0]!), { ...sample.body(`${entity.plural}-a`), [sample.change.field]: sample.change.value });
    expect(edited.status, edited.text).toBe(200);
    if (entity.canDelete) expect((await owner.delete(byId(entity.path, ids[2]!))).status).toBe(204);
  }
  for (const doc of SETTLEMENT_DOCUMENTS) {
    const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.label === doc.party.label)!;
    const party = Created.parse((await owner.post(partyEntity.path, { name: `Backup party ${doc.plural}` })).body).id;
    const invoices = [];
    for (const n of [1, 2]) {
      const res = await owner.post(doc.invoices.path, {
        [doc.party.field]: party,
        invoiceNumber: `BK-${doc.plural}-${n}`,
        taxAmount: '18.00',
        lines: [{ itemName: 'Rice', quantity: '2.5', rate: '40.10' }, { itemName: 'Dal', quantity: 3, rate: 33.5 }],
      });
      expect(res.status, res.text).toBe(201);
      invoices.push(Created.parse(res.body).id);
    }
    const settle = (lines: { invoiceId: number; amount: string }[]) => ({
      [doc.party.field]: party,
      paymentMethod: 'upi',
      referenceNumber: 'UTR-9',
      lines: lines.map((l) => ({ invoiceId: l.invoiceId, [doc.lineAmount.field]: l.amount })),
    });
    const paid = await owner.post(doc.path, settle([{ invoiceId: invoices[0]!, amount: '100' }, { invoiceId: invoices[1]!, amount: '218.75' }]));
    expect(paid.status, paid.text).toBe(201);
    const revised = await owner.put(byId(doc.path, Created.parse(paid.body).id), settle([{ invoiceId: invoices[1]!, amount: '50' }]));
    expect(revised.status, revised.text).toBe(200);
    // A GST credit or debit note against the first invoice, with an item (its stock moves back).
    const note = INVOICE_DOCUMENTS.find((d) => d.against?.stream === doc.invoices.stream)!;
    const credited = await owner.post(note.path, {
      [doc.party.field]: party,
      [note.against!.field]: invoices[0]!,
      taxMode: 'gst',
      lines: [{ itemId: firstItem, itemName: 'Rice', hsn: '1006', quantity: '1', rate: '40.10', gstRate: '5' }],
    });
    expect(credited.status, credited.text).toBe(201);
  }
};

const waitCaughtUp = (client: HttpClient) =>
  eventually(
    async () => Health.parse((await client.get(api.health)).body),
    (h) => h.projections.every((p) => p.lag === 0 && p.position === h.store.head),
    { what: 'projections caught up' },
  );

describe('backup and restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let spare: TestDatabase;
  let sourceDb: Database;
  let targetDb: Database;
  let spareDb: Database;
  let workDir: string;
  let backupFile: string;
  let app: RunningSystem | undefined;

  beforeAll(async () => {
    [source, target, spare] = await Promise.all([testDatabase(), testDatabase(), testDatabase()]);
    [sourceDb, targetDb, spareDb] = [connect(source.url, { max: 2 }), connect(target.url, { max: 2 }), connect(spare.url, { max: 2 })];
    workDir = await mkdtemp(path.join(os.tmpdir(), 'erp-backup-'));
    backupFile = path.join(workDir, 'nightly.ndjson.gz');

    app = await startOneProcess(source.url);
    const owner = new HttpClient(app.baseUrl);
    await owner.setup(OWNER.username, OWNER.password);
    const clerk = await runCli(['create-user', CLERK.username], { DATABASE_URL: source.url, ERP_NEW_PASSWORD: CLERK.password });
    expect(clerk.code, clerk.output).toBe(0);
    await writeHistory(owner);
    await waitCaughtUp(owner);
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await Promise.all([sourceDb, targetDb, spareDb].map((d) => d?.close()));
    await Promise.all([source, target, spare].map((d) => d?.drop()));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('backup, while the app runs, writes one gzipped file: a header, the users, the id counters, the log', async () => {
    const result = await runCli(['backup', backupFile], { DATABASE_URL: source.url });
    expect(result.code, result.output).toBe(0);
    const counts = (await countsOf(sourceDb))!;
    expect(result.output).toContain(`backed up ${counts.events} events`);
    expect((await readdir(workDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const lines = gunzipSync(await readFile(backupFile)).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const header = lines[0]!;
    expect(header).toMatchObject({ format: 'udyam-erp-backup', formatVersion: 1, appVersion: '0.1.0', users: 2, events: counts.events });
    expect(header.lastPosition).toBe((await sql<{ p: string }>`select max(position)::text as p from events`.execute(sourceDb.db)).rows[0]!.p);
    expect(lines.slice(1, 3).map((l) => (l.user as { username: string }).username)).toEqual([OWNER.username, CLERK.username]);
    expect(JSON.stringify(lines.slice(1, 3))).not.toContain(OWNER.password);
    const sequences = lines.filter((l) => 'idSequence' in l).map((l) => (l.idSequence as { name: string }).name);
    expect(sequences).toEqual(expect.arrayContaining(['vendor', 'sales_invoice', 'receipt']));
    expect(lines).toHaveLength(1 + 2 + sequences.length + counts.events);
  });

  it('restore into an empty database gives the same log, users and read models, row for row', async () => {
    const result = await runCli(['restore', backupFile], { DATABASE_URL: target.url });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/restored \d+ events and 2 users from a backup of .*; rebuilt \d+ projections/);
    expect(await logOf(targetDb)).toEqual(await logOf(sourceDb));
    expect(await usersOf(targetDb)).toEqual(await usersOf(sourceDb));
    const [restored, original] = [await readModels(targetDb), await readModels(sourceDb)];
    expect(Object.keys(restored).length).toBeGreaterThanOrEqual(8);
    for (const table of READ_MODEL_TABLES) {
      expect(original[table.name]!.length, `${table.name} has rows to compare`).toBeGreaterThan(0);
      expect(restored[table.name], table.name).toEqual(original[table.name]);
    }
  });

  it('after a restore users sign in and new records get ids never used before', async () => {
    const used = await highestIds(sourceDb);
    await app!.stop();
    app = await startOneProcess(target.url);
    const clerk = new HttpClient(app.baseUrl);
    expect((await clerk.login(CLERK.username, 'wrong password')).status).toBe(401);
    expect((await clerk.login(CLERK.username, CLERK.password)).status).toBe(200);
    expect((await new HttpClient(app.baseUrl).login(OWNER.username, OWNER.password)).status).toBe(200);
    for (const entity of MASTER_DATA_ENTITIES) {
      const res = await clerk.post(entity.path, MASTER_DATA_SAMPLES[entity.plural]!.body(`${entity.plural}-after`));
      expect(res.status, res.text).toBe(201);
      expect(Created.parse(res.body).id, entity.path).toBeGreaterThan(used.get(entity.singular)!);
    }
    const doc = SETTLEMENT_DOCUMENTS[0]!;
    const res = await clerk.post(doc.invoices.path, { [doc.party.field]: 1, invoiceNumber: 'BK-after', lines: [{ itemName: 'Oil', quantity: 1, rate: '10' }] });
    expect(res.status, res.text).toBe(201);
    expect(Created.parse(res.body).id).toBeGreaterThan(used.get(doc.invoices.stream)!);
  });

  it('restore into a store that is not empty is refused and writes nothing', async () => {
    const before = await countsOf(sourceDb);
    const result = await runCli(['restore', backupFile], { DATABASE_URL: source.url });
    expect(result.code).toBe(1);
    expect(result.output).toContain('error: Restore needs an empty store; this one has events.');
    expect(await countsOf(sourceDb)).toEqual(before);
  });

  it('a damaged backup is refused with a clear error and the empty target stays empty', async () => {
    const whole = await readFile(backupFile);
    const lines = gunzipSync(whole).toString('utf8').split('\n');
    const damaged = {
      'truncated.gz': { bytes: whole.subarray(0, Math.floor(whole.length * 0.7)), error: /is not a usable backup: .*unexpected end of file/ },
      'not-gzip.gz': { bytes: Buffer.from('{"format":"udyam-erp-backup"}\n'), error: /is not a usable backup: incorrect header check/ },
      'lines-missing.gz': { bytes: gzipSync(lines.slice(0, -3).join('\n')), error: /lines where the header announces .*: it is truncated/ },
      'bad-event.gz': { bytes: gzipSync([...lines.slice(0, -2), '{"position":"x"}', ''].join('\n')), error: /line \d+ is not an event/ },
      'other-format.gz': { bytes: gzipSync('{"format":"something else"}\n'), error: /line 1 is not a udyam-erp-backup header/ },
    };
    for (const [name, { bytes, error }] of Object.entries(damaged)) {
      await writeFile(path.join(workDir, name), bytes);
      await expect(checkBackup(path.join(workDir, name)), name).rejects.toThrow(error);
    }
    // The same check guards the CLI before it writes anything (two of them, each a process start).
    for (const name of ['truncated.gz', 'lines-missing.gz'] as const) {
      const result = await runCli(['restore', path.join(workDir, name)], { DATABASE_URL: spare.url });
      expect(result.code, result.output).toBe(1);
      expect(result.output, name).toMatch(damaged[name].error);
      expect(await countsOf(spareDb), name).toEqual({ events: 0, users: 0 });
    }
    expect((await checkBackup(backupFile)).header.events).toBe((await countsOf(sourceDb))!.events);
  });

  it('a backup the database refuses halfway (two events at one stream version) restores nothing, and the target takes a good one after', async () => {
    const lines = gunzipSync(await readFile(backupFile)).toString('utf8').split('\n').filter(Boolean);
    const header = z.object({ events: z.number(), lastPosition: z.string() }).loose().parse(JSON.parse(lines[0]!));
    const last = z.object({ position: z.string(), eventId: z.string() }).loose().parse(JSON.parse(lines.at(-1)!));
    // Passes every check of the file (a new event id, the next position), but takes a stream
    // version already used: the database refuses it after the users and the other events.
    const twin = { ...last, eventId: randomUUID(), position: String(BigInt(last.position) + 1n) };
    const file = path.join(workDir, 'twin-version.gz');
    const head = { ...header, events: header.events + 1, lastPosition: twin.position };
    await writeFile(file, gzipSync([JSON.stringify(head), ...lines.slice(1), JSON.stringify(twin), ''].join('\n')));
    await expect(checkBackup(file)).resolves.toBeDefined();

    const empty = await testDatabase();
    const emptyDb = connect(empty.url, { max: 2 });
    try {
      const refused = await runCli(['restore', file], { DATABASE_URL: empty.url });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(/error: The database refused the backup, so nothing of it was written: .*events_stream_version_key/);
      expect(await countsOf(emptyDb)).toEqual({ events: 0, users: 0 });

      const restored = await runCli(['restore', backupFile], { DATABASE_URL: empty.url });
      expect(restored.code, restored.output).toBe(0);
      expect(await countsOf(emptyDb)).toEqual(await countsOf(sourceDb));
    } finally {
      await emptyDb.close();
      await empty.drop();
    }
  });

  it('the running app makes a backup at start when none is recent, and keeps only the newest ERP_BACKUP_KEEP', async () => {
    const dir = path.join(workDir, 'daily');
    const old = [3, 2].map((days) => backupFileName(new Date(Date.now() - days * 86_400_000)));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    for (const name of [...old, `${old[0]}.123.tmp`, 'notes.txt']) await writeFile(path.join(dir, name), 'old');
    await app?.stop();
    app = await startOneProcess(spare.url, { ERP_BACKUP_DIR: dir, ERP_BACKUP_EVERY_HOURS: '24', ERP_BACKUP_KEEP: '2', LOG_LEVEL: 'info' });
    const files = await eventually(
      async () => (await readdir(dir)).sort(),
      (names) => names.length === 3 && !names.includes(old[0]!),
      { what: 'a new backup and the oldest one deleted' },
    );
    const made = files.find((f) => f !== old[1] && f !== 'notes.txt')!;
    expect(files).toEqual(expect.arrayContaining([old[1], 'notes.txt']));
    expect(made).toMatch(/^erp-backup-.*Z\.ndjson\.gz$/);
    expect((await checkBackup(path.join(dir, made))).header).toMatchObject({ events: 0, users: 0 });
    expect(app.logs()).toContain('backup written');

    // Started again within the day: no backup now, the next one a day after the last.
    await app.stop();
    app = await startOneProcess(spare.url, { ERP_BACKUP_DIR: dir, ERP_BACKUP_EVERY_HOURS: '24', ERP_BACKUP_KEEP: '2', LOG_LEVEL: 'info' });
    const started = app;
    const line = await eventually(
      async () => started.logs().split('\n').find((l) => l.includes('next backup scheduled')),
      (found) => found !== undefined,
      { what: 'the schedule logged' },
    );
    const due = Date.parse(z.object({ due: z.string() }).parse(JSON.parse(line!.slice(line!.indexOf('{')))).due);
    expect(Math.abs(due - (backupTime(made)! + 86_400_000))).toBeLessThan(5_000);
    expect((await readdir(dir)).sort()).toEqual(files);
  });
});
