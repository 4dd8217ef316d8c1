import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { api, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Answer, HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess, startServices } from './testing/run-modes';
import { REPO_ROOT } from './testing/processes';

/**
 * Issue 10 item 5, against the product as real processes serving the real UI build: security
 * headers and the CSP on every kind of answer, cookie flags, and sessions that change at login
 * and die at logout. Once in the one-process server (behind a trusted proxy, sessions cached)
 * and once in services mode (the gateway, trusting no proxy, sessions not cached).
 */

const OWNER = { username: 'owner', password: 'correct horse battery staple' };
const COOKIE = 'erp_session';

/** The UI as `npm run build` makes it, with the inline route-preload script in index.html. */
const buildUi = async () => {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'erp-ui-built-'));
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--configLoader', 'runner', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(REPO_ROOT, 'ui'),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}\n${run.stderr}`);
  return outDir;
};

const cspOf = (res: Answer) => {
  const policy = res.headers.get('content-security-policy') ?? '';
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
};

const expectSecurityHeaders = (res: Answer, what: string) => {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('referrer-policy'), what).toBe('same-origin');
  expect(cspOf(res).get('frame-ancestors'), what).toEqual(["'none'"]);
};

const sessionCookie = (res: Answer) => res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
const tokenOf = (cookie: string | undefined) => cookie?.split(';')[0]!.slice(COOKIE.length + 1);

interface Setup {
  readonly name: string;
  readonly start: (uiDir: string) => Promise<{ system: RunningSystem; cleanup: () => Promise<void> }>;
  /** Does `X-Forwarded-Proto: https` make the session cookie Secure here? */
  readonly trustsProxy: boolean;
}

const SETUPS: Setup[] = [
  {
    name: 'one process, ERP_TRUST_PROXY=true',
    trustsProxy: true,
    start: async (uiDir) => {
      const database: TestDatabase = await testDatabase();
      const system = await startOneProcess(database.url, { ERP_UI_DIR: uiDir, ERP_TRUST_PROXY: 'true' });
      const cleanup = async () => {
        await system.stop();
        await database.drop();
      };
      return { system, cleanup };
    },
  },
  {
    name: 'services behind the gateway, no trusted proxy',
    trustsProxy: false,
    start: async (uiDir) => {
      const system = await startServices({ uiDir });
      return { system, cleanup: () => system.stop() };
    },
  },
];

let uiDir: string;
beforeAll(async () => {
  uiDir = await buildUi();
}, 120_000);
afterAll(async () => {
  if (uiDir) await rm(uiDir, { recursive: true, force: true });
});

describe.each(SETUPS)('security, $name', ({ start, trustsProxy }) => {
  let system: RunningSystem;
  let cleanup: (() => Promise<void>) | undefined;
  let owner: HttpClient;
  const newClient = () => new HttpClient(system.baseUrl);
  const vendors = vendorsEntity.path;

  beforeAll(async () => {
    ({ system, cleanup } = await start(uiDir));
    owner = newClient();
    await owner.setup(OWNER.username, OWNER.password);
  }, 180_000);
  afterAll(async () => {
    await cleanup?.();
  }, 60_000);

  it('index.html: its CSP names every inline script by hash, allows no inline script otherwise, and the script files are our own', async () => {
    const res = await newClient().get('/');
    expect(res.status).toBe(200);
    const inline = [...res.text.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    // The build's route-preload script must be there, or this proves nothing about it.
    expect(inline.some((s) => s.includes('modulepreload'))).toBe(true);
    const scriptSrc = cspOf(res).get('script-src') ?? [];
    for (const script of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const external = [...res.text.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(external.length).toBeGreaterThan(0);
    for (const src of external) expect(src).toMatch(/^\/(?!\/)/);
    // styled-components writes its rules into a <style> it adds at run time.
    expect(cspOf(res).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(cspOf(res).get('object-src')).toEqual(["'none'"]);
  });

  it('the installable app: its service worker and manifest are its own origin\'s, allowed by name, and the worker is never kept stale', async () => {
    const page = await newClient().get('/');
    expect(cspOf(page).get('worker-src')).toEqual(["'self'"]);
    expect(cspOf(page).get('manifest-src')).toEqual(["'self'"]);
    expect(page.text).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const worker = await newClient().get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    // A new build's worker is seen at the next visit: the browser revalidates it.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await newClient().get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.text)).toMatchObject({ start_url: '/', display: 'standalone' });
  });

  it('every kind of answer carries the security headers: pages, assets, API, errors', async () => {
    const asset = (await readdir(path.join(uiDir, 'assets'))).find((f) => f.endsWith('.js'))!;
    const anonymous = newClient();
    const answers: [string, Promise<Answer>][] = [
      ['index.html', anonymous.get('/')],
      ['a client-side route', anonymous.get('/module/purchase/task/vendors')],
      ['a script', anonymous.get(`/assets/${asset}`)],
      ['the favicon', anonymous.get('/favicon.svg')],
      ['a bad path outside /api', anonymous.get('/%E0%A4%A')],
      ['health', anonymous.get(api.health)],
      ['401', anonymous.get(vendors)],
      ['a read', owner.get(vendors)],
      ['the API docs', owner.get(api.docs)],
      ['404', owner.get('/api/nope')],
      ['405', owner.request('PATCH', vendors)],
      ['400 bad JSON', owner.request('POST', vendors, { raw: '{"name":', headers: { 'content-type': 'application/json' } })],
      ['415', owner.request('POST', vendors, { raw: 'name=x', headers: { 'content-type': 'text/plain' } })],
      ['403 foreign origin', owner.post(vendors, {}, { headers: { origin: 'https://evil.example' } })],
      ['HEAD', anonymous.request('HEAD', '/')],
    ];
    for (const [what, answer] of answers) {
      const res = await answer;
      expect(res.status, what).toBeLessThan(500);
      expectSecurityHeaders(res, what);
      if (!what.startsWith('the API docs') && res.headers.get('content-type')?.includes('json')) {
        expect(cspOf(res).get('default-src'), what).toEqual(["'none'"]);
      }
    }
    const docs = await owner.get(api.docs);
    const styles = [...docs.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(cspOf(docs).get('style-src')).toEqual([`'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`]);
  });

  it('the session cookie is HttpOnly, SameSite=Lax and Path=/; Secure only over HTTPS from a trusted proxy', async () => {
    const plain = sessionCookie(await newClient().login(OWNER.username, OWNER.password));
    expect(plain).toMatch(/;\s*httponly/i);
    expect(plain).toMatch(/;\s*samesite=lax/i);
    expect(plain).toMatch(/;\s*path=\/(;|$)/i);
    expect(plain).not.toMatch(/;\s*secure/i);
    const overHttps = await newClient().request('POST', api.auth.login, {
      json: OWNER,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.status).toBe(200);
    if (trustsProxy) expect(sessionCookie(overHttps)).toMatch(/;\s*secure/i);
    else expect(sessionCookie(overHttps)).not.toMatch(/;\s*secure/i);
  });

  it('a session id fixed before login is not the one after, and is no session', async () => {
    const client = newClient();
    client.cookies.set(COOKIE, 'fixed-by-an-attacker');
    const login = await client.login(OWNER.username, OWNER.password);
    expect(login.status).toBe(200);
    const token = tokenOf(sessionCookie(login));
    expect(token).toBeTruthy();
    expect(token).not.toBe('fixed-by-an-attacker');
    expect((await newClient().get(vendors, { headers: { cookie: `${COOKIE}=fixed-by-an-attacker` } })).status).toBe(401);
    expect((await client.get(vendors)).status).toBe(200);
  });

  it('signing in again changes the session id and ends the old one', async () => {
    const client = newClient();
    await client.login(OWNER.username, OWNER.password);
    const first = client.cookies.get(COOKIE)!;
    expect((await client.get(vendors)).status).toBe(200);
    const again = await client.login(OWNER.username, OWNER.password);
    expect(again.status).toBe(200);
    expect(client.cookies.get(COOKIE)).not.toBe(first);
    expect((await newClient().get(vendors, { anonymous: true, headers: { cookie: `${COOKIE}=${first}` } })).status).toBe(401);
    expect((await client.get(vendors)).status).toBe(200);
  });

  it('logout kills the session at once, on reads and writes, even right after it was used', async () => {
    const client = newClient();
    await client.login(OWNER.username, OWNER.password);
    const token = client.cookies.get(COOKIE)!;
    // A read just before logout: the one-process server has now cached this session.
    expect((await client.get(vendors)).status).toBe(200);
    expect((await client.post(api.auth.logout)).status).toBe(204);
    const replay = new HttpClient(system.baseUrl);
    replay.cookies.set(COOKIE, token);
    expect((await replay.get(vendors)).status).toBe(401);
    expect((await replay.get(api.auth.me)).status).toBe(401);
    const write = await replay.post(vendors, MASTER_DATA_SAMPLES.vendors!.body('after logout'));
    expect(write.status).toBe(401);
    // Setup and sign-ins write no events: the refused write left the log empty.
    expect((await owner.get(api.health)).body).toMatchObject({ store: { head: '0' } });
  });
});
