import { randomInt, randomUUID } from 'node:crypto';

import { api } from '@erp/contracts';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningSystem, startOneProcess } from './testing/run-modes';

/**
 * Issue 41 item 2: every sign-in hashes a password (scrypt, also for unknown usernames) on
 * libuv's thread pool, which also reads the files the app serves. Junk sign-ins with a new
 * username and address each time pass every throttle; they must not take the app from everyone
 * else: the hashes in flight are capped, and beyond a short queue the answer is 503 at once.
 */
describe('a flood of junk sign-ins', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  const LOOPS = 24;
  /** What the other client's pages may take while the flood runs (the old code: tens of seconds). */
  const BOUND_MS = 3_000;

  beforeAll(async () => {
    database = await testDatabase();
    // Behind a trusted proxy, so the flood can come from many addresses (X-Forwarded-For).
    system = await startOneProcess(database.url, { ERP_TRUST_PROXY: 'true' });
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await database?.drop();
  }, 60_000);

  /** One junk sign-in: a new username from a new address; its status, or 0 for no answer in 30 s. */
  const junk = () =>
    fetch(`${system.baseUrl}${api.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
      body: JSON.stringify({ username: `junk-${randomUUID()}`, password: 'not a password at all' }),
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get('retry-after') };
      },
      () => ({ status: 0, retryAfter: null }),
    );

  /** How long a GET takes to answer 200 (none within 10 s, or another status, counts as 10 s). */
  const timed = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`${system.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
    await res?.arrayBuffer();
    return res?.status === 200 ? Math.round(performance.now() - started) : 10_000;
  };

  it(`${LOOPS} parallel loops of junk sign-ins: another client's GET / and /api/health stay fast; the flood gets 503 with Retry-After`, async () => {
    const before = { page: await timed('/'), health: await timed(api.health) };
    let flooding = true;
    const answers: { status: number; retryAfter: string | null }[] = [];
    const loops = Array.from({ length: LOOPS }, async () => {
      while (flooding) answers.push(await junk());
    });
    const during: { page: number; health: number }[] = [];
    try {
      // The flood is at full strength once the first of its sign-ins has been answered.
      while (answers.length === 0) await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 3; i++) during.push({ page: await timed('/'), health: await timed(api.health) });
    } finally {
      flooding = false;
      await Promise.all(loops);
    }
    const worst = { page: Math.max(...during.map((d) => d.page)), health: Math.max(...during.map((d) => d.health)) };
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    console.log('junk sign-in flood:', JSON.stringify({ before, worst, during, answers: answers.length, 401: count(401), 429: count(429), 503: count(503), none: count(0) }));
    expect(worst.page, 'GET / while the flood runs').toBeLessThan(BOUND_MS);
    expect(worst.health, 'GET /api/health while the flood runs').toBeLessThan(BOUND_MS);
    expect(count(503), 'sign-ins beyond the queue are turned away').toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 503)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 401 || a.status === 503), 'every junk sign-in is answered, 401 or 503').toBe(true);
  }, 120_000);
});
