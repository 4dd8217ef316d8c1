import { api, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { freePort, type TestDatabase, testDatabase, type TestNats, testNats } from '@erp/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { eventually, HttpClient } from './testing/http-client';
import { scrape, valueOf } from './testing/metrics-text';
import { type RunningSystem, startOneProcess } from './testing/run-modes';
import { TEST_SETUP_CODE } from './testing/processes';

/**
 * NATS carries wake-ups only: the product must start without it, take writes and show them in
 * lists within 1 s by polling while it is away, and wake up again (ms, not the poll) once it is
 * back — at start, and when it stops mid-run. The nats-server is the test's own, on a port
 * chosen before the product starts.
 */

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  problems: z.array(z.string()),
  notifier: z.object({ kind: z.literal('nats'), healthy: z.boolean() }),
});

const POLLED_MS = 1000;
/**
 * With wake-ups, write → list took 20–140 ms here (median 40) on the shared 2-core machine; by
 * polling alone (the runner polls every 500 ms) 390–520 ms. The bound sits between the two with
 * room for a busy machine: it only has to tell wake-ups from polling.
 */
const WOKEN_MEDIAN_MS = 300;

describe('NATS absent at start and stopped mid-run (one process on PostgreSQL + NATS)', () => {
  let database: TestDatabase;
  let natsPort: number;
  let nats: TestNats | undefined;
  let system: RunningSystem;
  let owner: HttpClient;
  let written = 0;

  beforeAll(async () => {
    database = await testDatabase();
    natsPort = await freePort();
    system = await startOneProcess(database.url, { NATS_URL: `nats://127.0.0.1:${natsPort}`, LOG_LEVEL: 'info' });
    owner = new HttpClient(system.baseUrl);
    const setup = await owner.post(api.auth.setup, { username: 'owner', password: 'correct horse battery staple', setupCode: TEST_SETUP_CODE });
    expect(setup.status, setup.text).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await nats?.stop();
    await database?.drop();
  }, 60_000);

  const health = async () => {
    const res = await owner.get(api.health, { anonymous: true });
    expect(res.status, res.text).toBe(200);
    return HealthSchema.parse(res.body);
  };
  const notifierUp = async () => valueOf(await scrape(system.metricsUrl!), 'erp_notifier_up');
  const logged = (message: string) => system.processes[0]!.logs.some((line) => line.includes(message));

  /** POST a vendor, then ms until the vendor list shows it (no X-Min-Position: the runner alone). */
  const writeToVisible = async () => {
    const token = `n${++written}x${Date.now()}`;
    const res = await owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body(token));
    expect(res.status, res.text).toBe(201);
    const started = performance.now();
    const search = `${vendorsEntity.path}?q=${encodeURIComponent(token)}`;
    await eventually(() => owner.get<unknown[]>(search), (r) => r.status === 200 && r.body.length === 1, {
      intervalMs: 5,
      timeoutMs: 10_000,
      what: `vendor ${token} in the list`,
    });
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  const expectPolling = async () => {
    await eventually(health, (h) => h.status === 'degraded', { what: 'health to say the notifier is down', timeoutMs: 15_000 });
    // NATS away: the wake-ups stop, and the integration-event publisher cannot publish (it says so too).
    const problems = (await health()).problems;
    expect(problems).toContain('notifier down');
    expect(problems.filter((p) => p !== 'notifier down' && p !== 'integration worker nats-publisher failing')).toEqual([]);
    expect(await notifierUp()).toBe(0);
    const lags = [await writeToVisible(), await writeToVisible(), await writeToVisible()];
    for (const lag of lags) expect(lag, `write → visible ${lags.join(', ')} ms while NATS is down`).toBeLessThan(POLLED_MS);
  };
  const expectWakeUps = async () => {
    await eventually(health, (h) => h.status === 'ok', { what: 'health to be ok with NATS back', timeoutMs: 20_000 });
    expect(await notifierUp()).toBe(1);
    const lags: number[] = [];
    for (let i = 0; i < 9; i++) lags.push(await writeToVisible());
    expect(median(lags), `write → visible ${lags.map(Math.round).join(', ')} ms with NATS up`).toBeLessThan(WOKEN_MEDIAN_MS);
  };

  it('starts without NATS, takes writes and shows them within 1 s by polling; health is 200 degraded', async () => {
    expect(logged('NATS not reachable')).toBe(true);
    await expectPolling();
  });

  it('wakes up again once NATS starts', async () => {
    nats = await testNats({ port: natsPort });
    await expectWakeUps();
    expect(logged('NATS connected')).toBe(true);
  });

  it('NATS stopped mid-run: polling within 1 s, then wake-ups again when it is back', async () => {
    await nats!.stop();
    nats = undefined;
    await expectPolling();
    expect(logged('NATS connection lost')).toBe(true);
    nats = await testNats({ port: natsPort });
    await expectWakeUps();
    expect(logged('NATS connection restored')).toBe(true);
  });
});
