// The built app on a fresh database for the browser benches (`bench -- phone`, `bench:ui`): started
// as `npm start` runs it, on a free loopback port, with its own data folder, and the owner signed up.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { api } from '@erp/contracts';
import { freePort } from '@erp/eventstore/testing';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SETUP_CODE = 'BENCH-CODE';

/** Starts `server/dist/embedded.js` (run `npm run build` first), serving `uiDir` (else ui/dist); waits up to `startSeconds` for health. */
export const startBuiltApp = async (databaseUrl: string, name: string, startSeconds = 60, uiDir?: string) => {
  const entry = path.resolve('server/dist/embedded.js');
  if (!existsSync(entry) || !existsSync('ui/dist/index.html')) throw new Error('Run `npm run build` first.');
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `erp-bench-${name}-`));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, ERP_DATA_DIR: dataDir, NATS_URL: '', ERP_SETUP_CODE: SETUP_CODE, ...(uiDir ? { ERP_UI_DIR: uiDir } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > startSeconds * 10) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, stop: async () => { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); await rm(dataDir, { recursive: true, force: true }); } };
};

/** Signs the owner up; the headers a write then sends (JSON, the session cookie, the origin). */
export const ownerHeaders = async (baseUrl: string) => {
  const setup = await fetch(`${baseUrl}${api.auth.setup}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner', password: 'correct horse battery staple', setupCode: SETUP_CODE }) });
  if (setup.status !== 201) throw new Error(`setup: ${setup.status}`);
  const cookie = setup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { 'content-type': 'application/json', cookie, origin: baseUrl };
};
