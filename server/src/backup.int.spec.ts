import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { api, byId, type CreatedApiKey, type CreatedWebhook, MASTER_DATA_ENTITIES, type Role, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { connect, type Database } from '@erp/eventstore';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { checkBackup } from './backup-file';
import { readIntegrationCheckpoint } from './integration/checkpoint';
import { WEBHOOK_CHECKPOINT } from './integration/webhooks';
import { countsOf, Created, fileMode, gunzipLines, highestIds, logOf, READ_MODEL_TABLES, readModels, signed, usersOf, waitCaughtUp, webhookReceiver, webhooksOf, writeHistory } from './testing/backup-history';
import { eventually, HttpClient } from './testing/http-client';
import { type RunningSystem, runCli, startOneProcess } from './testing/run-modes';

const LOOPBACK_HOOKS = { ERP_WEBHOOK_ALLOW_PRIVATE: 'true' };

/**
 * `npm run erp -- backup` / `restore` as child processes on real databases: a store with every
 * kind of record, users of every role (one disabled), webhooks and API keys (one revoked) is
 * backed up while the app runs, restored into an empty database on "another machine" with the
 * key file, and gives the same read models row for row, the same users, roles and flags,
 * webhooks that sign with their old secrets, keys that work (not the revoked one), and fresh ids. An edited backup is refused before anything is written.
 */

const password = (name: string) => `${name} secret 123`;
const OWNER = { username: 'owner', password: password('owner') };
/** Every role; `former` is a staff member whose account was disabled. */
const USERS: { username: string; role: Role; disabled?: true }[] = [
  { username: 'accountant', role: 'accountant' },
  { username: 'viewer', role: 'viewer' },
  { username: 'former', role: 'staff', disabled: true },
];

describe('backup and restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let spare: TestDatabase;
  let sourceDb: Database;
  let targetDb: Database;
  let spareDb: Database;
  let workDir: string;
  let backupFile: string;
  /** The ERP_DATA_DIR of the machine that makes the backups, and its key file. */
  let machine: string;
  let keyFile: string;
  let key: string;
  let app: RunningSystem | undefined;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  const webhooks: CreatedWebhook[] = [];
  const apiKeys: CreatedApiKey[] = [];

  beforeAll(async () => {
    [source, target, spare] = await Promise.all([testDatabase(), testDatabase(), testDatabase()]);
    [sourceDb, targetDb, spareDb] = [connect(source.url, { max: 2 }), connect(target.url, { max: 2 }), connect(spare.url, { max: 2 })];
    workDir = await mkdtemp(path.join(os.tmpdir(), 'erp-backup-'));
    backupFile = path.join(workDir, 'nightly.ndjson.gz');
    machine = path.join(workDir, 'machine');
    keyFile = path.join(machine, 'backup.key');
    receiver = await webhookReceiver();

    // Its webhooks deliver to a receiver on loopback (issue 41 item 5 refuses that unless allowed).
    app = await startOneProcess(source.url, LOOPBACK_HOOKS);
    const owner = new HttpClient(app.baseUrl);
    await owner.setup(OWNER.username, OWNER.password);
    const clerk = await runCli(['create-user', 'clerk'], { DATABASE_URL: source.url, ERP_NEW_PASSWORD: password('clerk'), ERP_NEW_ROLE: 'staff' });
    expect(clerk.code, clerk.output).toBe(0);
    for (const user of USERS) {
      const made = await owner.post(api.users, { username: user.username, password: password(user.username), role: user.role });
      expect(made.status, made.text).toBe(201);
      if (user.disabled) expect((await owner.put(byId(api.users, Created.parse(made.body).id), { disabled: true })).status).toBe(200);
    }
    for (const hook of [
      { url: receiver.url('sales'), eventTypes: ['VendorCreated', 'CustomerCreated'] },
      { url: receiver.url('all'), eventTypes: [] },
      { url: receiver.url('paused'), eventTypes: ['ItemCreated'], active: false },
    ]) {
      const made = await owner.post<CreatedWebhook>(api.webhooks, hook);
      expect(made.status, made.text).toBe(201);
      webhooks.push(made.body);
    }
    for (const name of ['Tally sync', 'Old script']) {
      const made = await owner.post<CreatedApiKey>(api.apiKeys, { name, role: 'viewer' });
      expect(made.status, made.text).toBe(201);
      apiKeys.push(made.body);
    }
    expect((await owner.delete(byId(api.apiKeys, apiKeys[1]!.id))).status).toBe(204);
    await writeHistory(owner);
    await waitCaughtUp(owner);
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
    await Promise.all([sourceDb, targetDb, spareDb].map((d) => d?.close()));
    await Promise.all([source, target, spare].map((d) => d?.drop()));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('backup, while the app runs, writes one gzipped file only its owner reads: header, users, id counters, webhooks, log, integrity tag', async () => {
    const result = await runCli(['backup', backupFile], { DATABASE_URL: source.url, ERP_DATA_DIR: machine });
    expect(result.code, result.output).toBe(0);
    const counts = (await countsOf(sourceDb))!;
    expect(result.output).toContain(`backed up ${counts.events} events`);
    expect((await readdir(workDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect([await fileMode(backupFile), await fileMode(keyFile)]).toEqual([0o600, 0o600]);
    key = (await readFile(keyFile, 'utf8')).trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    const text = gunzipSync(await readFile(backupFile)).toString('utf8');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const header = lines[0]!;
    expect(header).toMatchObject({ format: 'udyam-erp-backup', formatVersion: 2, appVersion: '0.1.0', users: 5, webhooks: 3, apiKeys: 2, events: counts.events });
    expect(header.lastPosition).toBe((await sql<{ p: string }>`select max(position)::text as p from events`.execute(sourceDb.db)).rows[0]!.p);
    const users = lines.slice(1, 6).map((l) => l.user as { username: string; role: string; disabled: boolean });
    expect(users.map((u) => [u.username, u.role, u.disabled])).toEqual([['owner', 'owner', false], ['clerk', 'staff', false], ...USERS.map((u) => [u.username, u.role, u.disabled === true])]);
    expect(JSON.stringify(users)).not.toContain(OWNER.password);
    const sequences = lines.filter((l) => 'idSequence' in l).map((l) => (l.idSequence as { name: string }).name);
    expect(sequences).toEqual(expect.arrayContaining(['vendor', 'sales_invoice', 'receipt']));
    expect(lines.filter((l) => 'webhook' in l).map((l) => (l.webhook as { secret: string }).secret)).toEqual(webhooks.map((w) => w.secret));
    const keyLines = lines.filter((l) => 'apiKey' in l).map((l) => l.apiKey as { name: string; keyHash: string; revokedAt: string | null });
    expect(keyLines.map((k) => [k.name, k.keyHash.length, k.revokedAt === null])).toEqual([['Tally sync', 64, true], ['Old script', 64, false]]);
    expect(text).not.toContain(apiKeys[0]!.key);
    expect(lines).toHaveLength(1 + 5 + sequences.length + 3 + 2 + counts.events + 1);
    // The last line is HMAC-SHA256, under the key, of every line before it.
    expect(signed(text.trim().split('\n').slice(0, -1), key)).toBe(text);
  });

  it('restore into an empty database elsewhere, with the key file, gives the same log, users with roles and flags, webhooks and read models', async () => {
    const result = await runCli(['restore', backupFile, '--key-file', keyFile], { DATABASE_URL: target.url, ERP_DATA_DIR: path.join(workDir, 'elsewhere') });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/restored \d+ events, 5 users, 3 webhooks and 2 API keys from a backup of .*; rebuilt \d+ projections/);
    expect(await usersOf(targetDb)).toEqual(await usersOf(sourceDb));
    expect(await webhooksOf(targetDb)).toEqual(await webhooksOf(sourceDb));
    expect(await logOf(targetDb)).toEqual(await logOf(sourceDb));
    const [restored, original] = [await readModels(targetDb), await readModels(sourceDb)];
    expect(Object.keys(restored).length).toBeGreaterThanOrEqual(8);
    for (const table of READ_MODEL_TABLES) {
      expect(original[table.name]!.length, `${table.name} has rows to compare`).toBeGreaterThan(0);
      expect(restored[table.name], table.name).toEqual(original[table.name]);
    }
  });

  it('after a restore users sign in with their roles (not the disabled one), new records get new ids, webhooks sign with their old secrets', async () => {
    const used = await highestIds(sourceDb);
    const restoredHead = (await countsOf(targetDb))!.events;
    await app!.stop();
    app = await startOneProcess(target.url, LOOPBACK_HOOKS);
    for (const { username, role, disabled } of [{ username: 'owner', role: 'owner' }, { username: 'clerk', role: 'staff' }, ...USERS]) {
      const client = new HttpClient(app.baseUrl);
      expect((await client.login(username, 'wrong password')).status).toBe(401);
      expect((await client.login(username, password(username))).status, username).toBe(disabled ? 401 : 200);
      if (!disabled) expect((await client.get<{ role: Role }>(api.auth.me)).body.role, username).toBe(role);
    }
    const owner = new HttpClient(app.baseUrl);
    await owner.login(OWNER.username, OWNER.password);
    const [kept, revoked] = apiKeys.map((k) => new HttpClient(app!.baseUrl, { headers: { Authorization: `Bearer ${k.key}` } }));
    expect((await kept!.get(api.auth.me)).status).toBe(200);
    expect((await revoked!.get(api.auth.me)).status).toBe(401);
    const listed = await owner.get<{ name: string; revokedAt: string | null }[]>(api.apiKeys);
    expect(listed.body.map((k) => [k.name, k.revokedAt === null])).toEqual([['Tally sync', true], ['Old script', false]]);
    for (const entity of MASTER_DATA_ENTITIES) {
      const res = await owner.post(entity.path, MASTER_DATA_SAMPLES[entity.plural]!.body(`${entity.plural}-after`));
      expect(res.status, res.text).toBe(201);
      expect(Created.parse(res.body).id, entity.path).toBeGreaterThan(used.get(entity.singular)!);
    }
    const doc = SETTLEMENT_DOCUMENTS[0]!;
    const res = await owner.post(doc.invoices.path, { [doc.party.field]: 1, invoiceNumber: 'BK-after', lines: [{ itemName: 'Oil', quantity: 1, rate: '10' }] });
    expect(res.status, res.text).toBe(201);
    expect(Created.parse(res.body).id).toBeGreaterThan(used.get(doc.invoices.stream)!);

    // The fan-out goes on from the end of the restored log: only the new events are delivered.
    const head = (await sql<{ p: string }>`select max(position)::text as p from events`.execute(targetDb.db)).rows[0]!.p;
    const deliveries = await eventually(
      async () => ({
        at: await readIntegrationCheckpoint(targetDb.db, WEBHOOK_CHECKPOINT),
        rows: (await sql<{ hook: number; eventId: string; type: string; position: string; status: string }>`select webhook_id as hook,
          event_id as "eventId", event_type as type, position::text, status from webhook_deliveries order by id`.execute(targetDb.db)).rows,
      }),
      (d) => d.at === head && d.rows.every((r) => r.status === 'delivered'),
      { what: 'the new events delivered', timeoutMs: 30_000 },
    );
    expect(deliveries.rows.filter((r) => Number(r.position) <= restoredHead)).toEqual([]);
    const [sales, all, paused] = webhooks.map((w) => deliveries.rows.filter((r) => r.hook === w.id));
    expect(new Set(sales!.map((r) => r.type))).toEqual(new Set(['VendorCreated', 'CustomerCreated']));
    expect(all!.length).toBeGreaterThan(sales!.length);
    expect(paused).toEqual([]);
    for (const row of deliveries.rows) {
      const hook = webhooks.find((w) => w.id === row.hook)!;
      const got = receiver.deliveries.filter((d) => d.eventId === row.eventId && hook.url.endsWith(d.path));
      expect(got.length, `${hook.url} ${row.type}`).toBeGreaterThan(0);
      expect(got.every((d) => d.signedWith(hook.secret))).toBe(true);
    }
    const another = await owner.post<CreatedWebhook>(api.webhooks, { url: receiver.url('later'), active: false });
    expect(another.body.id).toBeGreaterThan(Math.max(...webhooks.map((w) => w.id)));
  });

  it('restore into a store that is not empty is refused and writes nothing', async () => {
    const before = await countsOf(sourceDb);
    const result = await runCli(['restore', backupFile, '--key-file', keyFile], { DATABASE_URL: source.url });
    expect(result.code).toBe(1);
    expect(result.output).toContain('error: Restore needs an empty store; this one has events.');
    expect(await countsOf(sourceDb)).toEqual(before);
  });

  it('an edited backup (a role changed, re-gzipped), or one checked with another key or none, is refused and writes nothing', async () => {
    const lines = await gunzipLines(backupFile);
    const viewer = lines.findIndex((l) => l.startsWith('{"user":{') && l.includes('"username":"viewer"'));
    expect(lines[viewer]).toContain('"role":"viewer"');
    const edited = (from: string, to: string) => lines.map((l, i) => (i === viewer ? l.replace(from, to) : l)).join('\n');
    const edits = { 'viewer-as-owner.gz': edited('"role":"viewer"', '"role":"owner"'), 'one-byte.gz': edited('"role":"viewer"', '"role":"viewes"') };
    const refused = /is not a usable backup: its integrity check failed: it was changed after it was written, or made with another key/;
    for (const [name, text] of Object.entries(edits)) {
      await writeFile(path.join(workDir, name), gzipSync(text));
      await expect(checkBackup(path.join(workDir, name), { key }), name).rejects.toThrow(refused);
    }
    await expect(checkBackup(backupFile, { key: key.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).rejects.toThrow(refused);
    await expect(checkBackup(backupFile, { key: null })).rejects.toThrow(/needs the backup key it was made with: --key-file <.*backup\.key> or ERP_BACKUP_KEY/);

    const escalated = await runCli(['restore', path.join(workDir, 'viewer-as-owner.gz'), '--key-file', keyFile], { DATABASE_URL: spare.url });
    expect(escalated.code, escalated.output).toBe(1);
    expect(escalated.output).toMatch(refused);
    const keyless = await runCli(['restore', backupFile], { DATABASE_URL: spare.url, ERP_DATA_DIR: path.join(workDir, 'new-machine') });
    expect(keyless.code, keyless.output).toBe(1);
    expect(keyless.output).toContain('--key-file');
    expect(await countsOf(spareDb)).toEqual({ events: 0, users: 0, webhooks: 0 });
  });

  it('a version 1 backup (no tag, no webhooks) restores only with --allow-unverified-v1, with its roles; users without one come back as owners', async () => {
    const lines = await gunzipLines(backupFile);
    const { webhooks: _, apiKeys: _keys, ...header } = { ...z.object({ webhooks: z.number(), apiKeys: z.number() }).loose().parse(JSON.parse(lines[0]!)), formatVersion: 1 };
    const rest = lines.slice(6, -1).filter((l) => !l.startsWith('{"webhook"') && !l.startsWith('{"apiKey"'));
    const v1 = (users: string[]) => gzipSync([JSON.stringify(header), ...users, ...rest, ''].join('\n'));
    const [withRoles, beforeRoles] = [path.join(workDir, 'v1.gz'), path.join(workDir, 'v1-before-roles.gz')];
    await writeFile(withRoles, v1(lines.slice(1, 6)));
    await writeFile(beforeRoles, v1(lines.slice(1, 6).map((l) => l.replace(/,"role":"[a-z]+","disabled":(true|false)/, ''))));
    await expect(checkBackup(withRoles, { key })).rejects.toThrow(/a version 1 backup, made before backups carried an integrity check.*--allow-unverified-v1/);
    const kept = await checkBackup(withRoles, { key: null, allowUnverifiedV1: true });
    expect(kept.users.map((u) => [u.role, u.disabled])).toEqual([['owner', false], ['staff', false], ...USERS.map((u) => [u.role, u.disabled === true])]);
    expect((await checkBackup(beforeRoles, { key: null, allowUnverifiedV1: true })).users.map((u) => u.role ?? 'none')).toEqual(Array(5).fill('none'));

    const empty = await testDatabase();
    const emptyDb = connect(empty.url, { max: 2 });
    try {
      const refused = await runCli(['restore', beforeRoles], { DATABASE_URL: empty.url });
      expect(refused.code, refused.output).toBe(1);
      const restored = await runCli(['restore', beforeRoles, '--allow-unverified-v1'], { DATABASE_URL: empty.url });
      expect(restored.code, restored.output).toBe(0);
      expect((await sql<{ role: string }>`select distinct role from users`.execute(emptyDb.db)).rows).toEqual([{ role: 'owner' }]);
      expect(await countsOf(emptyDb)).toEqual({ ...(await countsOf(sourceDb)), webhooks: 0 });
    } finally {
      await emptyDb.close();
      await empty.drop();
    }
  });

  it('a damaged backup is refused with a clear error and the empty target stays empty', async () => {
    const whole = await readFile(backupFile);
    const lines = gunzipSync(whole).toString('utf8').split('\n').filter(Boolean).slice(0, -1);
    // Signed again with the key: the checks behind the integrity tag still hold for whoever has it.
    const damaged = {
      'truncated.gz': { bytes: whole.subarray(0, Math.floor(whole.length * 0.7)), error: /is not a usable backup: .*unexpected end of file/ },
      'not-gzip.gz': { bytes: Buffer.from('{"format":"udyam-erp-backup"}\n'), error: /is not a usable backup: incorrect header check/ },
      'tag-missing.gz': { bytes: gzipSync(lines.slice(0, -3).map((l) => `${l}\n`).join('')), error: /lines where the header announces .*: it is truncated/ },
      'lines-missing.gz': { bytes: gzipSync(signed(lines.slice(0, -3), key)), error: /lines where the header announces .*: it is truncated/ },
      'bad-event.gz': { bytes: gzipSync(signed([...lines.slice(0, -1), '{"position":"x"}'], key)), error: /line \d+ is not an event/ },
      'other-format.gz': { bytes: gzipSync('{"format":"something else"}\n'), error: /line 1 is not a udyam-erp-backup header/ },
    };
    for (const [name, { bytes, error }] of Object.entries(damaged)) {
      await writeFile(path.join(workDir, name), bytes);
      await expect(checkBackup(path.join(workDir, name), { key }), name).rejects.toThrow(error);
    }
    // The same check guards the CLI before it writes anything (two of them, each a process start).
    for (const name of ['truncated.gz', 'lines-missing.gz'] as const) {
      const result = await runCli(['restore', path.join(workDir, name), '--key-file', keyFile], { DATABASE_URL: spare.url });
      expect(result.code, result.output).toBe(1);
      expect(result.output, name).toMatch(damaged[name].error);
      expect(await countsOf(spareDb), name).toEqual({ events: 0, users: 0, webhooks: 0 });
    }
    expect((await checkBackup(backupFile, { key })).header.events).toBe((await countsOf(sourceDb))!.events);
  });

  it('a backup the database refuses halfway (two events at one stream version) restores nothing, and the target takes a good one after', async () => {
    const lines = (await gunzipLines(backupFile)).slice(0, -1);
    const header = z.object({ events: z.number(), lastPosition: z.string() }).loose().parse(JSON.parse(lines[0]!));
    const last = z.object({ position: z.string(), eventId: z.string() }).loose().parse(JSON.parse(lines.at(-1)!));
    // Passes every check of the file (a new event id, the next position, signed with the key),
    // but takes a stream version already used: the database refuses it after the users and the other events.
    const twin = { ...last, eventId: randomUUID(), position: String(BigInt(last.position) + 1n) };
    const file = path.join(workDir, 'twin-version.gz');
    const head = { ...header, events: header.events + 1, lastPosition: twin.position };
    await writeFile(file, gzipSync(signed([JSON.stringify(head), ...lines.slice(1), JSON.stringify(twin)], key)));
    await expect(checkBackup(file, { key })).resolves.toBeDefined();

    const empty = await testDatabase();
    const emptyDb = connect(empty.url, { max: 2 });
    try {
      const refused = await runCli(['restore', file], { DATABASE_URL: empty.url, ERP_BACKUP_KEY: key });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(/error: The database refused the backup, so nothing of it was written: .*events_stream_version_key/);
      expect(await countsOf(emptyDb)).toEqual({ events: 0, users: 0, webhooks: 0 });

      const restored = await runCli(['restore', backupFile], { DATABASE_URL: empty.url, ERP_BACKUP_KEY: key });
      expect(restored.code, restored.output).toBe(0);
      expect(await countsOf(emptyDb)).toEqual(await countsOf(sourceDb));
    } finally {
      await emptyDb.close();
      await empty.drop();
    }
  });
});
