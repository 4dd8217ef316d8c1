import { api } from '@erp/contracts';
import { type TestDatabase, testDatabase, testPool } from '@erp/eventstore/testing';
import { CURRENT_COST, hashPassword, MAX_LOGIN_FAILURES, MAX_LOGIN_FAILURES_PER_ADDRESS, MAX_LOGIN_FAILURES_PER_USER } from '@erp/http-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';

/**
 * Issue 18 item 5: the login throttle counts an attempt before the password is checked,
 * atomically, so attempts sent in parallel cannot outrun it; it caps failures per username
 * across addresses as well as per address. Passwords are verified with the cost stored with
 * their hash, and hashes of an older cost are made again at the next sign-in. Issue 41 item 2:
 * an address has a budget of failures whatever the usernames, the change of one's own password
 * is counted as a sign-in, setup codes have keys of their own, and parallel sign-ins below the
 * limit are never turned away. Requests beyond the hash queue get 503 (signin-flood spec).
 */
describe('login throttle and password hashes', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let pool: pg.Pool;
  let owner: HttpClient;
  const OWNER = { username: 'owner', password: 'correct horse battery staple' };

  beforeAll(async () => {
    database = await testDatabase();
    pool = testPool(database.url);
    // Behind a trusted proxy, so the test can speak from many addresses (X-Forwarded-For).
    system = await startOneProcess(database.url, { ERP_TRUST_PROXY: 'true' });
    owner = new HttpClient(system.baseUrl);
    await owner.setup(OWNER.username, OWNER.password);
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  const login = (username: string, password: string, address: string) =>
    new HttpClient(system.baseUrl).request('POST', api.auth.login, { json: { username, password }, headers: { 'x-forwarded-for': address } });
  // 429: throttled; 503: its hash could not even queue (all at once fill the queue). Neither is checked.
  const statuses = (answers: { status: number }[]) => ({
    checked: answers.filter((a) => a.status === 401).length,
    throttled: answers.filter((a) => a.status === 429 || a.status === 503).length,
  });
  const addUser = async (username: string) => {
    const res = await owner.post(api.users, { username, password: OWNER.password, role: 'staff' });
    expect(res.status, res.text).toBe(201);
  };

  it(`50 wrong passwords for one username sent at once from one address: at most ${MAX_LOGIN_FAILURES} are checked`, async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(OWNER.username, `guess ${i}`, '198.51.100.7')));
    const { checked, throttled } = statuses(answers);
    expect(checked).toBeLessThanOrEqual(MAX_LOGIN_FAILURES);
    expect(checked + throttled).toBe(50);
    for (const a of answers.filter((x) => x.status !== 401)) expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
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

  it(`an address gets ${MAX_LOGIN_FAILURES_PER_ADDRESS} failed sign-ins whatever the usernames, then 429; its successes use none`, async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 3; i++) expect((await login(OWNER.username, OWNER.password, address)).status).toBe(200);
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_ADDRESS; i++) {
      expect((await login(`nobody-${i}`, 'a wrong password', address)).status, `failure ${i + 1}`).toBe(401);
    }
    const refused = await login('yet-another-name', 'a wrong password', address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held up by it.
    expect((await login('yet-another-name', 'a wrong password', '198.51.100.21')).status).toBe(401);
  }, 180_000);

  it(`the change of one's own password counts wrong current passwords as failed sign-ins: 429 after ${MAX_LOGIN_FAILURES}`, async () => {
    await addUser('clerk');
    const clerk = new HttpClient(system.baseUrl);
    const from = { 'x-forwarded-for': '198.51.100.30' };
    expect((await clerk.request('POST', api.auth.login, { json: { username: 'clerk', password: OWNER.password }, headers: from })).status).toBe(200);
    const change = (currentPassword: string) =>
      clerk.request('POST', api.auth.password, { json: { currentPassword, newPassword: 'a brand new password' }, headers: from });
    const answers = [];
    for (let i = 0; i < MAX_LOGIN_FAILURES + 3; i++) answers.push(await change(`guess ${i}`));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(MAX_LOGIN_FAILURES).fill(400), 429, 429, 429]);
    expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right one waits too while the lock lasts: nothing to learn from its answer.
    expect((await change(OWNER.password)).status).toBe(429);
  }, 120_000);

  it('setup codes are not counted as sign-ins of a user named setup', async () => {
    await addUser('setup');
    for (let i = 0; i < MAX_LOGIN_FAILURES_PER_USER + 2; i++) {
      const res = await new HttpClient(system.baseUrl).request('POST', api.auth.setup, {
        json: { username: 'intruder', password: 'a long enough password', setupCode: 'AAAA-BBBB' },
        headers: { 'x-forwarded-for': `198.51.100.${40 + i}` },
      });
      expect([409, 429]).toContain(res.status);
    }
    expect((await login('setup', OWNER.password, '198.51.100.60')).status).toBe(200);
  }, 120_000);

  it(`sign-ins sent in parallel below the limit are never turned away (an integrator's workers)`, async () => {
    await addUser('worker');
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: MAX_LOGIN_FAILURES - 1 }, () => login('worker', OWNER.password, '198.51.100.70')));
      expect(answers.map((a) => `${a.status} ${a.headers.get('retry-after') ?? ''}`.trim()), `round ${round + 1}`).toEqual(Array(MAX_LOGIN_FAILURES - 1).fill('200'));
    }
  }, 120_000);
});
