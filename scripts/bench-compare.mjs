// `npm run bench:compare [-- rounds seconds]`: the write ratio against the plain CRUD baseline
// (../shared/bench/compare.mjs), the app started as `npm start` runs it but on the same
// PostgreSQL server as the baseline (DATABASE_URL's server, default the local one), a fresh
// database each time. Prints every round, then the median and the spread of the per-round ratio
// and of write → visible p99 (compare.mjs itself prints medians only).
/* global fetch */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, URL } from 'node:url';

import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [rounds = '5', seconds = '15'] = process.argv.slice(2);
const shared = path.resolve(root, '../shared/bench');
if (!existsSync(path.join(shared, 'compare.mjs'))) {
  console.error(`No ${shared}/compare.mjs: the baseline lives in ../shared/bench beside this repository.`);
  process.exit(2);
}

// ../shared may be read-only: its dependencies go into a copy of it when they are not installed there.
let bench = shared;
if (!existsSync(path.join(shared, 'node_modules'))) {
  bench = path.join(os.tmpdir(), 'erp-bench-baseline');
  mkdirSync(bench, { recursive: true });
  for (const file of ['compare.mjs', 'crud-baseline.mjs', 'load.mjs', 'package.json', 'package-lock.json']) cpSync(path.join(shared, file), path.join(bench, file));
  if (!existsSync(path.join(bench, 'node_modules'))) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
}

const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const database = (name) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
const admin = new pg.Client({ connectionString: database('postgres') });
await admin.connect();
for (const name of ['erp_compare', 'crud_baseline']) {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
}
await admin.end();

execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const port = process.env.COMPARE_PORT ?? '3100';
const app = spawn(process.execPath, ['server/dist/embedded.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATABASE_URL: database('erp_compare'), PORT: port, HOST: '127.0.0.1', ERP_ADMIN_USERNAME: 'admin', ERP_ADMIN_PASSWORD: 'admin-pass-123', LOG_LEVEL: 'warn', ERP_BACKUP_EVERY_HOURS: '0' },
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 300) throw new Error('the app did not start');
  await sleep(100);
}

const runs = { app: [], baseline: [] };
try {
  const out = execFileSync(process.execPath, [path.join(bench, 'compare.mjs'), url, '8', seconds, rounds], {
    cwd: bench,
    encoding: 'utf8',
    env: { ...process.env, BASELINE_DATABASE_URL: database('crud_baseline') },
    maxBuffer: 1 << 24,
  });
  for (const line of out.trim().split('\n')) {
    console.log(line);
    const match = /^(app|baseline) (\{.*\})$/.exec(line);
    if (match) runs[match[1]].push(JSON.parse(match[2]));
  }
} finally {
  app.kill('SIGINT');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
const ratios = runs.app.map((a, i) => a.writes.perSecond / runs.baseline[i].writes.perSecond);
const lag = (side) => runs[side].map((r) => r.lag.p99);
console.log(`\n${ratios.length} alternating rounds of ${seconds} s, 8 clients:`);
console.log(`writes ratio per round: ${ratios.map((r) => r.toFixed(2)).join(', ')} — median ${median(ratios).toFixed(2)}, spread ${spread(ratios)}`);
console.log(`write → visible p99, ms: app median ${median(lag('app')).toFixed(2)} (${spread(lag('app'))}), baseline median ${median(lag('baseline')).toFixed(2)} (${spread(lag('baseline'))})`);
