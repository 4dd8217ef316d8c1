import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { api, byId, customersEntity, HEADERS, HealthSchema, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { connect, type Database } from '@erp/eventstore';
import { freePort, type TestDatabase, testDatabase, type TestNats, testNats } from '@erp/eventstore/testing';
import { PROJECTIONS } from '@erp/projections';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { eventually, HttpClient } from './testing/http-client';
import { type Sample, scrape, valueOf } from './testing/metrics-text';
import { runCli, type RunningSystem, startOneProcess } from './testing/run-modes';
import { cleanEnv, type ManagedProcess, REPO_ROOT, startProcess, TEST_SETUP_CODE, waitUntilServing } from './testing/processes';

/**
 * What an operator sees, on the real processes: the one-process server and a projection worker
 * (METRICS_PORT) on one database and NATS; /metrics after writes, conflicts and replays; health
 * ok, degraded by a read model held back, 503 once the database is gone; the pino lines of
 * start, leadership, catch-up and failures; the gateway's line for an upstream it cannot reach.
 */

const MAX_LAG_MS = 1000;
const built = (file: string) => path.join(REPO_ROOT, 'server/dist', file);

/** The pino JSON lines of a process. */
const logLines = (p: ManagedProcess) =>
  p.logs.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
const linesSaying = (p: ManagedProcess, msg: string) => logLines(p).filter((l) => l.msg === msg);

describe('operators can see what happens', () => {
  let database: TestDatabase;
  let nats: TestNats;
  let system: RunningSystem;
  let worker: ManagedProcess;
  let workerUrl: string;
  let db: Database;
  let owner: HttpClient;
  let viewer: HttpClient;
  let dropped = false;

  beforeAll(async () => {
    database = await testDatabase();
    nats = await testNats();
    system = await startOneProcess(database.url, { NATS_URL: nats.url, LOG_LEVEL: 'info', ERP_HEALTH_MAX_LAG_MS: String(MAX_LAG_MS) });
    const metricsPort = await freePort();
    worker = startProcess(
      'projections',
      built('services/projections.js'),
      cleanEnv({ DATABASE_URL: database.url, NATS_URL: nats.url, METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' }),
    );
    workerUrl = `http://127.0.0.1:${metricsPort}`;
    await waitUntilServing(worker, `${workerUrl}/metrics`);
    db = connect(database.url, { max: 2 });
    owner = new HttpClient(system.baseUrl);
    const setup = await owner.post(api.auth.setup, { username: 'owner', password: 'correct horse battery staple', setupCode: TEST_SETUP_CODE });
    expect(setup.status, setup.text).toBe(201);
    expect((await owner.post(api.users, { username: 'viewer', password: 'viewer password 42', role: 'viewer' })).status).toBe(201);
    viewer = new HttpClient(system.baseUrl);
    expect((await viewer.login('viewer', 'viewer password 42')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await system?.stop();
    await nats?.stop();
    if (!dropped) {
      await db?.close();
      await database?.drop();
    }
  }, 60_000);

  const health = async () => {
    const res = await owner.get(api.health);
    return { code: res.status, body: HealthSchema.parse(res.body) };
  };
  const createVendor = async (token: string, headers: Record<string, string> = {}) => {
    const res = await owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body(token), { headers });
    expect(res.status, res.text).toBe(201);
    return res;
  };
  const requests = (samples: Sample[], method: string, route: string, status: number) =>
    valueOf(samples, 'erp_http_request_duration_seconds_count', { method, route, status: String(status) }) || 0;

  it('each process says it started: role, address, store and notifier', () => {
    const [ready] = logLines(system.processes[0]!).filter((l) => l.role === 'embedded');
    expect(ready).toMatchObject({ role: 'embedded', host: '127.0.0.1', store: 'postgres', notifier: 'nats' });
    const [listening] = logLines(worker).filter((l) => l.role === 'projections');
    expect(listening).toMatchObject({ role: 'projections', port: expect.any(Number), store: 'postgres', notifier: 'nats' });
    expect(linesSaying(worker, 'projection worker started')[0]).toMatchObject({ projections: PROJECTIONS.map((p) => p.name) });
  });

  it('/metrics counts appends, requests by route and status, conflicts and idempotent replays', async () => {
    const before = await scrape(system.metricsUrl!);
    for (const token of ['m1', 'm2', 'm3']) await createVendor(`metrics ${token}`);
    const key = { [HEADERS.idempotencyKey]: 'metrics-key-1' };
    const first = await createVendor('metrics idem', key);
    const replay = await createVendor('metrics idem', key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const reused = await owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body('metrics other'), { headers: key });
    expect(reused.status).toBe(409);
    const id = (first.body as { id: number }).id;
    const etag = first.headers.get('etag')!;
    const changed = { ...MASTER_DATA_SAMPLES.vendors!.body('metrics idem'), phone: '+91 90000 00001' };
    expect((await owner.put(byId(vendorsEntity.path, id), changed, { headers: { 'If-Match': etag } })).status).toBe(200);
    expect((await owner.put(byId(vendorsEntity.path, id), changed, { headers: { 'If-Match': etag } })).status).toBe(412);

    const after = await scrape(system.metricsUrl!);
    const delta = (name: string, labels: Record<string, string> = {}) => (valueOf(after, name, labels) || 0) - (valueOf(before, name, labels) || 0);
    expect(delta('erp_appends_total')).toBe(5);
    expect(delta('erp_appended_events_total')).toBe(5);
    expect(delta('erp_idempotent_replays_total')).toBe(1);
    expect(delta('erp_http_conflicts_total', { status: '409' })).toBe(1);
    expect(delta('erp_http_conflicts_total', { status: '412' })).toBe(1);
    const route = `${vendorsEntity.path}/:id`;
    expect(requests(after, 'POST', vendorsEntity.path, 201) - requests(before, 'POST', vendorsEntity.path, 201)).toBe(5);
    expect(requests(after, 'POST', vendorsEntity.path, 409) - requests(before, 'POST', vendorsEntity.path, 409)).toBe(1);
    expect(requests(after, 'PUT', route, 200) - requests(before, 'PUT', route, 200)).toBe(1);
    expect(requests(after, 'PUT', route, 412) - requests(before, 'PUT', route, 412)).toBe(1);
    expect(valueOf(after, 'erp_notifier_up')).toBe(1);
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Route patterns and counts only: no id in a label, no name of a vendor anywhere.
    const text = await (await fetch(`${system.metricsUrl!}/metrics`)).text();
    expect(text).not.toContain('metrics idem');
    expect(text).not.toContain(`/${id}"`);
    // Never on the app's port, which the shop's network reaches: there it is just a page of the UI.
    const onAppPort = await fetch(`${system.baseUrl}/metrics`);
    expect(await onAppPort.text()).not.toContain('erp_appends_total');
  });

  it('a projection stopped on an event it cannot apply: health degraded naming it, its position and error; /metrics and the log say so; the others go on', async () => {
    // An event no vendor list can read (its id is not a number): as a bad import or a bug would leave.
    const stream = `vendor-${2_000_000_000}`;
    const { rows } = await sql<{ position: string }>`insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select gen_random_uuid(), ${stream}, 1, 'VendorCreated', '{"id":"not a number","name":"x"}'::jsonb,
             '{"userId":null,"username":null,"correlationId":"bad","at":"2026-11-23T00:00:00Z"}'::jsonb
      where erp_append_lock()
      returning position::text as position`.execute(db.db);
    const position = rows[0]!.position;
    const stoppedHealth = await eventually(health, (h) => h.body.problems.some((p) => p.startsWith('projection vendor_list stopped')), { what: 'health to name the stopped projection' });
    expect(stoppedHealth.code).toBe(200);
    expect(stoppedHealth.body.status).toBe('degraded');
    expect(stoppedHealth.body.problems.find((p) => p.startsWith('projection vendor_list'))).toMatch(new RegExp(`^projection vendor_list stopped at position ${position} \\(VendorCreated on ${stream}\\): `));
    expect(stoppedHealth.body.projections!.find((p) => p.name === 'vendor_list')!.stopped).toMatchObject({ position, type: 'VendorCreated', streamId: stream });
    // Without a session, or to a role that may not read the log: the status and the problem by
    // name; not the log's size, the event, its record or the error text.
    for (const [who, res] of [['anonymous', await owner.get(api.health, { anonymous: true })], ['viewer', await viewer.get(api.health)]] as const) {
      expect(res.status, who).toBe(200);
      const told = HealthSchema.parse(res.body);
      expect(Object.keys(told).sort(), who).toEqual(['notifier', 'problems', 'status', 'store']);
      expect(told.status, who).toBe('degraded');
      expect(told.store, who).toEqual({ kind: stoppedHealth.body.store.kind, reachable: true });
      expect(told.problems, who).toContain('projection vendor_list stopped');
      for (const problem of told.problems) expect(problem, who).toMatch(/^(notifier down|projection \w+ (stopped|lags))$/);
      expect(res.text, who).not.toContain(stream);
    }
    const samples = await scrape(system.metricsUrl!);
    expect(valueOf(samples, 'erp_projection_stopped', { projection: 'vendor_list' })).toBe(1);
    expect(valueOf(samples, 'erp_projection_stopped', { projection: 'customer_list' })).toBe(0);
    const logged = [...logLines(system.processes[0]!), ...logLines(worker)].filter((l) => l.msg?.toString().startsWith('projection stopped'));
    expect(logged[0]).toMatchObject({ projection: 'vendor_list', position, type: 'VendorCreated', streamId: stream });
    // Every other read model goes on: a customer written now is listed at once.
    const customer = await owner.post(customersEntity.path, { name: 'Still listed' });
    expect(customer.status).toBe(201);
    const listed = await owner.get<{ name: string }[]>(customersEntity.path, { headers: { [HEADERS.minPosition]: customer.headers.get(HEADERS.eventPosition)! } });
    expect(listed.headers.get('x-read-model-stale')).toBeNull();
    expect(listed.body.map((c) => c.name)).toContain('Still listed');
    // A read of the stopped one does not wait 5 s for it: it answers at once, marked stale.
    const started = Date.now();
    const vendors = await owner.get(vendorsEntity.path, { headers: { [HEADERS.minPosition]: customer.headers.get(HEADERS.eventPosition)! } });
    expect(vendors.headers.get('x-read-model-stale')).toBe('true');
    expect(Date.now() - started).toBeLessThan(3000);
    // The operator's fix here: take the bad event out of the log (in real life: deploy a fixed projection).
    await sql`delete from events where stream_id = ${stream}`.execute(db.db);
    await eventually(health, (h) => !h.body.problems.some((p) => p.startsWith('projection vendor_list')), { what: 'the projection to resume', timeoutMs: 30_000 });
  });

  it('every projection reports its lag, on the server and on the worker (METRICS_PORT)', async () => {
    for (const url of [system.metricsUrl!, workerUrl]) {
      const samples = await eventually(
        () => scrape(url),
        (s) => PROJECTIONS.every((p) => valueOf(s, 'erp_projection_lag_events', { projection: p.name }) === 0),
        { what: `read models caught up at ${url}`, timeoutMs: 20_000 },
      );
      for (const p of PROJECTIONS) expect(valueOf(samples, 'erp_projection_lag_seconds', { projection: p.name })).toBe(0);
      expect(valueOf(samples, 'erp_notifier_up')).toBe(1);
    }
    expect((await fetch(`${workerUrl}/api/health`)).status).toBe(404);
    expect(linesSaying(worker, 'projections caught up').length).toBeGreaterThan(0);
  });

  it('health is degraded, naming the read model, while it lags; its workers log the lost leadership', async () => {
    expect(await health()).toMatchObject({ code: 200, body: { status: 'ok', problems: [] } });
    const won = (p: ManagedProcess) => linesSaying(p, 'projection leader won').filter((l) => l.projection === 'vendor_list').length;
    let wonBefore = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // A stuck leader: this transaction holds vendor_list's checkpoint row, so nobody projects it.
    const stuck = db.db.transaction().execute(async (trx) => {
      await sql`select name from projection_checkpoints where name = 'vendor_list' for update`.execute(trx);
      locked();
      await released;
    });
    try {
      await holding;
      await createVendor('metrics held back');
      const degraded = await eventually(health, (h) => h.body.status === 'degraded', { what: 'health degraded', timeoutMs: 20_000 });
      expect(degraded.code).toBe(200);
      expect(degraded.body.problems).toEqual([expect.stringMatching(/^projection vendor_list lags \d+ s \(1 events\)$/)]);
      const vendorList = degraded.body.projections!.find((p) => p.name === 'vendor_list')!;
      expect(vendorList.lagMs).toBeGreaterThan(MAX_LAG_MS);
      const lagged = await scrape(system.metricsUrl!);
      expect(valueOf(lagged, 'erp_projection_lag_events', { projection: 'vendor_list' })).toBe(1);
      expect(valueOf(lagged, 'erp_projection_lag_seconds', { projection: 'vendor_list' })).toBeGreaterThan(MAX_LAG_MS / 1000);
      for (const p of [worker, system.processes[0]!]) {
        const lost = () => logLines(p).filter((l) => l.projection === 'vendor_list' && /leader lost|led by another worker/.test(String(l.msg)));
        await eventually(async () => lost().length, (n) => n > 0, { what: `${p.name} to log that it does not lead vendor_list`, timeoutMs: 10_000 });
      }
      wonBefore = won(worker) + won(system.processes[0]!);
    } finally {
      release();
      await stuck;
    }
    await eventually(health, (h) => h.body.status === 'ok', { what: 'health ok again', timeoutMs: 20_000 });
    await eventually(async () => won(worker) + won(system.processes[0]!), (n) => n > wonBefore, { what: 'a worker to win vendor_list back' });
  });

  it('OpenAPI and /api/docs name every custom header and every environment variable the server reads', async () => {
    const res = await owner.get(api.openapi);
    const doc = z
      .object({
        components: z.object({ headers: z.record(z.string(), z.unknown()), parameters: z.record(z.string(), z.unknown()) }),
        'x-environment': z.array(z.object({ name: z.string() })),
      })
      .parse(res.body);
    // Response headers are header components; request headers are (header) parameter components.
    const headers = [...Object.keys(doc.components.headers), ...Object.keys(doc.components.parameters)];
    for (const name of [...Object.values(HEADERS), 'X-Read-Model-Stale', 'Idempotent-Replayed', 'ETag', 'If-Match', 'Retry-After']) expect(headers).toContain(name);
    const documented = doc['x-environment'].flatMap((e) => e.name.split(', '));
    const sources = await Promise.all(['config.ts', 'cli-commands.ts'].map((f) => readFile(path.join(REPO_ROOT, 'server/src', f), 'utf8')));
    const read = new Set(sources.flatMap((text) => [...text.matchAll(/process\.env\.([A-Z_]+)/g)].map((m) => m[1]!)));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !documented.includes(name))).toEqual([]);
    const page = await owner.get(api.docs);
    expect(page.text).toContain('ERP_HEALTH_MAX_LAG_MS');
    expect(page.text).toContain('X-Read-Model-Stale');
  });

  it('a rebuild from the CLI logs its start and end with events/s', async () => {
    const result = await runCli(['rebuild', 'vendor_list'], { DATABASE_URL: database.url, LOG_LEVEL: 'info' });
    expect(result.code, result.output).toBe(0);
    const lines = result.output.split('\n').flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : []));
    expect(lines.find((l) => l.msg === 'rebuild started')).toMatchObject({ projections: ['vendor_list'] });
    expect(lines.find((l) => l.msg === 'rebuild done')).toMatchObject({ projections: ['vendor_list'], events: expect.any(Number), eventsPerSecond: expect.any(Number) });
  });

  it('a bad METRICS_PORT stops the worker at start, saying why', async () => {
    const bad = startProcess('projections', built('services/projections.js'), cleanEnv({ DATABASE_URL: database.url, METRICS_PORT: 'abc' }));
    const { code } = await bad.exited;
    expect(code).not.toBe(0);
    expect(bad.logs.join('\n')).toContain('METRICS_PORT must be a whole number from 1 to 65535, not "abc"');
  });

  it('the gateway logs an upstream it cannot reach (target, method, path, code) and answers 503 when none answers', async () => {
    const [port, closed] = [await freePort(), await freePort()];
    const gateway = startProcess(
      'gateway',
      built('services/gateway.js'),
      cleanEnv({ PORT: String(port), QUERY_URL: system.baseUrl, COMMAND_URL: `http://127.0.0.1:${closed}`, LOG_LEVEL: 'info' }),
    );
    try {
      await waitUntilServing(gateway, `http://127.0.0.1:${port}/api/health`);
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login?secret=s3cret`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      const line = await eventually(async () => linesSaying(gateway, 'gateway: upstream failed')[0], (l) => l !== undefined, { what: 'the log line' });
      expect(line).toMatchObject({ target: `http://127.0.0.1:${closed}`, method: 'POST', path: '/api/auth/login', code: 'ECONNREFUSED', retry: true });
      const none = await eventually(async () => linesSaying(gateway, 'gateway: no upstream instance answered')[0], (l) => l !== undefined, { what: 'the last line' });
      expect(none).toMatchObject({ method: 'POST', path: '/api/auth/login', status: 503 });
      expect(gateway.logs.join('\n')).not.toContain('s3cret');
    } finally {
      await gateway.stop();
    }
  });

  it('health answers 503 down once the database is gone, and the runners log which projections fail', async () => {
    dropped = true;
    await db.close();
    await database.drop();
    // As a proxy asks, without a session (a session is looked up in the database that is gone).
    const asProxy = async () => {
      const res = await owner.get(api.health, { anonymous: true });
      return { code: res.status, body: HealthSchema.parse(res.body) };
    };
    const down = await eventually(asProxy, (h) => h.code === 503, { what: 'health 503', timeoutMs: 20_000 });
    expect(down.body).toMatchObject({ status: 'down', store: { reachable: false } });
    expect(down.body.problems).toContain('store unreachable');
    const failed = await eventually(async () => linesSaying(worker, 'projection batch failed; retrying'), (l) => l.length > 0, { what: 'the failure line' });
    expect(failed[0]).toMatchObject({ projections: expect.arrayContaining(['vendor_list']) });
  });
});
