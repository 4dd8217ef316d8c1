import { api } from '@erp/contracts';
import { type TestDatabase, testDatabase, testPool } from '@erp/eventstore/testing';
import { CURRENT_COST, hashPassword, MAX_LOGIN_FAILURES, MAX_LOGIN_FAILURES_PER_USER } from '@erp/http-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';

/**
 * Issue 18 item 5: the login throttle counts an attempt before the password is checked,
 * atomically, so attempts sent in parallel cannot outrun it; it caps failures per username
 * across addresses as well as per address. Passwords are verified with the cost stored with
 * their hash, and hashes of an older cost are made again at the next sign-in.
 */
describe('login throttle and password hashes', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let pool: pg.Pool;
  const OWNER = { username: 'owner', password: 'correct horse battery staple' };

  beforeAll(async () => {
    database = await testDatabase();
    pool = testPool(database.url);
    // Behind a trusted proxy, so the test can speak from many addresses (X-Forwarded-For).
    system = await startOneProcess(database.url, { ERP_TRUST_PROXY: 'true' });
    await new HttpClient(system.baseUrl).setup(OWNER.username, OWNER.password);
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  const login = (username: string, password: string, address: string) =>
    new HttpClient(system.baseUrl).request('POST', api.auth.login, { json: { username, password }, headers: { 'x-forwarded-for': address } });
  const statuses = (answers: { status: number }[]) => ({
    checked: answers.filter((a) => a.status === 401).length,
    throttled: answers.filter((a) => a.status === 429).length,
  });

  it(`50 wrong passwords for one username sent at once from one address: at most ${MAX_LOGIN_FAILURES} are checked`, async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(OWNER.username, `guess ${i}`, '198.51.100.7')));
    const { checked, throttled } = statuses(answers);
    expect(checked).toBeLessThanOrEqual(MAX_LOGIN_FAILURES);
    expect(checked + throttled).toBe(50);
    for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from another address, still gets in.
    expect((await login(OWNER.username, OWNER.password, '198.51.100.8')).status).toBe(200);
  }, 60_000);

  it(`50 wrong passwords for one username from 50 addresses at once: at most ${MAX_LOGIN_FAILURES_PER_USER} are checked`, async () => {
    const victim = 'victim';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(victim, `guess ${i}`, `203.0.113.${i + 1}`)));
    const { checked, throttled } = statuses(answers);
    expect(checked).toBeLessThanOrEqual(MAX_LOGIN_FAILURES_PER_USER);
    expect(checked + throttled).toBe(50);
    // Another username is not held up by it.
    expect((await login(OWNER.username, OWNER.password, '203.0.113.200')).status).toBe(200);
  }, 60_000);

  it('a hash made with an older cost verifies with its own cost and is made again with today\'s at sign-in', async () => {
    const old = await hashPassword('an older password', { N: 2 ** 14, r: 8, p: 1 });
    await pool.query('insert into users (username, password_hash) values ($1, $2)', ['veteran', old]);
    expect((await login('veteran', 'not it', '192.0.2.1')).status).toBe(401);
    expect((await pool.query('select password_hash from users where username = $1', ['veteran'])).rows[0].password_hash).toBe(old);
    expect((await login('veteran', 'an older password', '192.0.2.1')).status).toBe(200);
    const now = (await pool.query<{ password_hash: string }>('select password_hash from users where username = $1', ['veteran'])).rows[0]!.password_hash;
    expect(now.split('$').slice(0, 4)).toEqual(['scrypt', String(CURRENT_COST.N), String(CURRENT_COST.r), String(CURRENT_COST.p)]);
    expect((await login('veteran', 'an older password', '192.0.2.1')).status).toBe(200);
    // Today's cost is OWASP's recommendation for scrypt.
    expect(CURRENT_COST).toEqual({ N: 131072, r: 8, p: 1 });
  }, 60_000);
});
