import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';


/** Child processes of the tests: the product's built entries and other programs, with their logs and a clean stop. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A server entry point as built by scripts/build-server.mjs (vitest's global setup runs it). */
export const entry = (file: string) => path.join(REPO_ROOT, 'server/dist', file.replace(/\.ts$/, '.js'));

const STOP_GRACE_MS = 8_000;
const START_TIMEOUT_MS = 90_000;
const LOG_LINES = 200;

/** One child process in its own process group (so `kill -9` takes its children with it). */
export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** The last lines of stdout and stderr, for failure messages. */
  readonly logs: string[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGTERM to the group, SIGKILL after a grace period; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** `kill -9` of the whole process group, no chance to clean up; resolves once it has exited. */
  kill9(): Promise<void>;
}

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};

/** The one-time setup code every test server is started with (ERP_SETUP_CODE). */
export const TEST_SETUP_CODE = 'TEST-CODE';

/** The environment without anything that would point a child at the wrong database or port. */
export const cleanEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('ERP_') || ['DATABASE_URL', 'TEST_DATABASE_URL', 'NATS_URL', 'PORT', 'HOST', 'COMMAND_URL', 'QUERY_URL'].includes(key)) {
      delete env[key];
    }
  }
  // No daily backups from test servers (one-process ones would write under ./data) unless asked.
  const out: NodeJS.ProcessEnv = { ...env, HOST: '127.0.0.1', LOG_LEVEL: process.env.ERP_TEST_LOG_LEVEL ?? 'warn', ERP_BACKUP_EVERY_HOURS: '0', ERP_SETUP_CODE: TEST_SETUP_CODE, ...extra };
  // Test systems share one NATS: each database publishes under a prefix of its own, as two
  // deployments must (a stream made for another store is refused, and health says so).
  if (out.NATS_URL && !out.ERP_NATS_PREFIX && out.DATABASE_URL) out.ERP_NATS_PREFIX = testNatsPrefix(out.DATABASE_URL);
  return out;
};

/** `t` and the database's name (letters, digits, `_`), at most 32 characters. */
export const testNatsPrefix = (databaseUrl: string) => `t${(new URL(databaseUrl).pathname.slice(1) || 'db').replace(/[^A-Za-z0-9_]/g, '_').slice(-31)}`;

/** Runs `node <file> <args>` from the repository root. */
export const startProcess = (name: string, file: string, env: NodeJS.ProcessEnv, args: string[] = []): ManagedProcess =>
  startCommand(name, process.execPath, ['--enable-source-maps', file, ...args], env);

/** Runs any program from the repository root, in the foreground of its own process group. */
export const startCommand = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ManagedProcess => {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: could not spawn ${command}`);
  const pid = child.pid;
  const logs: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      logs.push(line);
      if (logs.length > LOG_LINES) logs.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  // Should the test process go away without its afterAll, take the child's group with it.
  const orphanGuard = () => signalGroup(pid, 'SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      process.off('exit', orphanGuard);
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      running = false;
      process.off('exit', orphanGuard);
      logs.push(String(error));
      resolve({ code: null, signal: null });
    });
  });
  const stop = async (graceMs = STOP_GRACE_MS) => {
    if (!running) return;
    signalGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    // Anything the process left behind in its group (it exits before its children do).
    signalGroup(pid, 'SIGKILL');
  };
  const kill9 = async () => {
    signalGroup(pid, 'SIGKILL');
    await exited;
  };
  return { name, child, pid, logs, exited, isRunning: () => running, stop, kill9 };
};

export const describeLogs = (p: ManagedProcess) => `--- ${p.name} (pid ${p.pid}) ---\n${p.logs.slice(-40).join('\n')}`;

/**
 * Polls `url` until `ok(status)`; fails fast with the process's logs when it dies first.
 * The poll is the synchronisation here: the process says nothing else when it is ready.
 */
export const waitUntilServing = async (
  process_: ManagedProcess,
  url: string,
  ok: (status: number) => boolean = (s) => s === 200,
  timeoutMs = START_TIMEOUT_MS,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!process_.isRunning()) throw new Error(`${process_.name} exited before it was ready\n${describeLogs(process_)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (ok(res.status)) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${process_.name} not ready at ${url} after ${timeoutMs} ms\n${describeLogs(process_)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
