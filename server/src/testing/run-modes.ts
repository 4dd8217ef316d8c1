import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { freePort, type TestDatabase, testDatabase, type TestNats, testNats } from '@erp/eventstore/testing';

import { HAPROXY_CONFIG, haproxyBinary } from './haproxy';
import { cleanEnv, describeLogs, entry, type ManagedProcess, startCommand, startProcess, waitUntilServing } from './processes';
import { throwIfTestEnded } from './test-work';

/**
 * The product as a user runs it: real child processes (`node <built entry>`) on free
 * local ports, talking over real sockets. Tests get a base URL and handles on the processes.
 */

export type Mode = 'embedded' | 'services';

export interface RunningSystem {
  readonly mode: Mode;
  /** Where a browser would go: the embedded server, the gateway or HAProxy. */
  readonly baseUrl: string;
  /** Services mode: the Node gateway (the same as baseUrl unless HAProxy fronts the services). */
  readonly gatewayUrl?: string;
  /** Services mode behind HAProxy: its stats page (`;csv` for the CSV). */
  readonly proxyStatsUrl?: string;
  /** Services mode: the throwaway database every process shares. */
  readonly databaseUrl?: string;
  /** Embedded mode: `ERP_DATA_DIR` (the embedded PostgreSQL cluster lives under it). */
  readonly dataDir?: string;
  /** One process: where it serves /metrics (METRICS_PORT; never on the app's port). */
  readonly metricsUrl?: string;
  readonly processes: ManagedProcess[];
  /** Services mode: `kill -9` of projection worker `index` (both when omitted). */
  kill9Projections?(index?: number): Promise<void>;
  /** Services mode: (re)starts every projection worker that is not running. */
  startProjections?(): Promise<void>;
  /** `kill -9` of the named process (`command`, `embedded`, …). */
  kill9?(name: string): Promise<void>;
  /** Starts the named process again, on its old port, once it is down; resolves when it serves. */
  restart?(name: string): Promise<void>;
  /** Logs of every process, for a failing assertion's message. */
  logs(): string;
  stop(): Promise<void>;
}

/** A temporary UI directory with a tiny index.html, so the static handler has a page to serve. */
const fakeUi = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-ui-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Udyam ERP test UI</title><div id="root"></div>\n');
  // A hashed asset with the compressed copies the real build writes beside it.
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  return dir;
};

const onFailure = async <T>(work: () => Promise<T>, cleanup: () => Promise<void>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    await cleanup().catch(() => undefined);
    throw error;
  }
};

/** `npm start`: one process, the embedded PostgreSQL under a fresh data dir, in-process notifier. */
export const startEmbedded = async (): Promise<RunningSystem> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erp-data-'));
  // As root, the embedded postgres runs as user postgres: it must reach the cluster below.
  await chmod(dataDir, 0o755);
  const uiDir = await fakeUi();
  const port = await freePort();
  const launch = () => startProcess('embedded', entry('embedded.ts'), cleanEnv({ PORT: String(port), ERP_DATA_DIR: dataDir, ERP_UI_DIR: uiDir }));
  let server = launch();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop(15_000);
    await rm(dataDir, { recursive: true, force: true });
    await rm(uiDir, { recursive: true, force: true });
  };
  await onFailure(() => waitUntilServing(server, `${baseUrl}/api/health`), stop);
  const processes = [server];
  return {
    mode: 'embedded',
    baseUrl,
    dataDir,
    processes,
    // Its PostgreSQL runs in the server's process group: a kill -9 is a power cut for both.
    kill9: () => server.kill9(),
    restart: async () => {
      if (server.isRunning()) throw new Error('embedded is still running');
      server = launch();
      processes.splice(0, 1, server);
      await waitUntilServing(server, `${baseUrl}/api/health`);
    },
    logs: () => describeLogs(server),
    stop,
  };
};

/**
 * The one-process server (`embedded.ts`) on a database of the caller's (DATABASE_URL set): the
 * same code path as `npm start`, without starting a PostgreSQL of its own.
 */
export const startOneProcess = async (databaseUrl: string, extra: Record<string, string> = {}): Promise<RunningSystem> => {
  const uiDir = await fakeUi();
  const [port, metricsPort] = [await freePort(), await freePort()];
  const server = startProcess(
    'one-process',
    entry('embedded.ts'),
    cleanEnv({ PORT: String(port), METRICS_PORT: String(metricsPort), DATABASE_URL: databaseUrl, ERP_UI_DIR: uiDir, ...extra }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    await rm(uiDir, { recursive: true, force: true });
  };
  await onFailure(() => waitUntilServing(server, `${baseUrl}/api/health`), stop);
  return { mode: 'embedded', baseUrl, databaseUrl, metricsUrl: `http://127.0.0.1:${metricsPort}`, processes: [server], logs: () => describeLogs(server), stop };
};

export interface CliResult {
  readonly code: number | null;
  /** stdout and stderr lines, interleaved. */
  readonly output: string;
}

/** `npm run erp -- <args>` as a child process; resolves when it exits. */
export const runCli = async (args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> => {
  throwIfTestEnded();
  const cli = startProcess(`erp ${args.join(' ')}`, entry('cli.ts'), cleanEnv(env), args);
  const timer = setTimeout(() => void cli.kill9(), timeoutMs);
  const { code } = await cli.exited;
  clearTimeout(timer);
  // Let the pipes drain: 'exit' can come before the last 'data'.
  await Promise.all([cli.child.stdout, cli.child.stderr].map((s) => (s && !s.readableEnded ? new Promise((r) => s.once('close', r)) : null)));
  return { code, output: cli.logs.join('\n') };
};

export interface ServicesOptions {
  /**
   * 'haproxy': two command and two query instances behind HAProxy with deploy/haproxy.cfg (the
   * UI from services/ui), the Node gateway beside it over the same instances (`gatewayUrl`).
   * Default: one of each behind the Node gateway.
   */
  readonly proxy?: 'gateway' | 'haproxy';
  /** A database of the caller's (e.g. on its own PostgreSQL cluster) instead of a throwaway one. */
  readonly databaseUrl?: string;
  /** A built UI for the gateway to serve (the caller's to delete), instead of a tiny stand-in. */
  readonly uiDir?: string;
  /** A NATS server of the caller's (that the test stops and starts) instead of the shared one. */
  readonly natsUrl?: string;
  /** More environment for every process. */
  readonly env?: Record<string, string>;
}

/**
 * Services mode as docker-compose runs it: a throwaway database, NATS, the command and query
 * services, TWO projection workers and the gateway (or HAProxy), all started at once.
 */
export const startServices = async (options: ServicesOptions = {}): Promise<RunningSystem> => {
  const behindHaproxy = options.proxy === 'haproxy';
  const haproxy = behindHaproxy ? haproxyBinary() : undefined;
  // A database of the caller's (its own PostgreSQL cluster) is the caller's to drop.
  const database: TestDatabase = options.databaseUrl ? { url: options.databaseUrl, drop: async () => undefined } : await testDatabase();
  let nats: TestNats | undefined;
  let uiDir: string | undefined;
  const processes: ManagedProcess[] = [];
  const workers: (ManagedProcess | undefined)[] = [undefined, undefined];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await nats?.stop();
    await database.drop();
    if (uiDir && !options.uiDir) await rm(uiDir, { recursive: true, force: true });
  };
  return onFailure(async () => {
    nats = options.natsUrl ? undefined : await testNats();
    uiDir = options.uiDir ?? (await fakeUi());
    const shared = { DATABASE_URL: database.url, NATS_URL: options.natsUrl ?? nats!.url, ...options.env };
    const starters = new Map<string, () => ManagedProcess>();
    const start = (name: string, file: string, extra: Record<string, string> = {}) => {
      const launch = () => {
        const p = startProcess(name, entry(file), cleanEnv({ ...shared, ...extra }));
        const old = processes.findIndex((q) => q.name === name);
        if (old >= 0) processes.splice(old, 1, p);
        else processes.push(p);
        return p;
      };
      starters.set(name, launch);
      return launch();
    };
    const named = (name: string) => {
      const p = processes.find((q) => q.name === name);
      if (!p) throw new Error(`no process named ${name}`);
      return p;
    };
    const instances = behindHaproxy ? 2 : 1;
    const instanceName = (role: string, i: number) => (instances === 1 ? role : `${role}-${i + 1}`);
    const local = (port: number) => `127.0.0.1:${port}`;
    const commandPorts = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const queryPorts = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const health = new Map<string, string>();
    const commands = commandPorts.map((port, i) => {
      health.set(instanceName('command', i), `http://${local(port)}/api/health`);
      return start(instanceName('command', i), 'services/command.ts', { PORT: String(port) });
    });
    const queries = queryPorts.map((port, i) => {
      health.set(instanceName('query', i), `http://${local(port)}/api/health`);
      return start(instanceName('query', i), 'services/query.ts', { PORT: String(port) });
    });
    const startWorker = (index: number) => {
      workers[index] = start(`projections-${index + 1}`, 'services/projections.ts');
    };
    startWorker(0);
    startWorker(1);
    const gatewayPort = await freePort();
    const gateway = start('gateway', 'services/gateway.ts', {
      PORT: String(gatewayPort),
      COMMAND_URL: commandPorts.map((port) => `http://${local(port)}`).join(','),
      QUERY_URL: queryPorts.map((port) => `http://${local(port)}`).join(','),
      ERP_UI_DIR: uiDir,
    });
    const gatewayUrl = `http://${local(gatewayPort)}`;
    health.set('gateway', `${gatewayUrl}/api/health`);
    for (const [i, command] of commands.entries()) await waitUntilServing(command, `http://${local(commandPorts[i]!)}/api/health`);
    for (const [i, query] of queries.entries()) await waitUntilServing(query, `http://${local(queryPorts[i]!)}/api/health`);
    await waitUntilServing(gateway, `${gatewayUrl}/api/health`);
    let baseUrl = gatewayUrl;
    let proxyStatsUrl: string | undefined;
    if (haproxy) {
      const [uiPort, proxyPort, statsPort] = [await freePort(), await freePort(), await freePort()];
      const ui = start('ui', 'services/ui.ts', { PORT: String(uiPort), ERP_UI_DIR: uiDir });
      await waitUntilServing(ui, `http://${local(uiPort)}/`);
      const proxy = startCommand('haproxy', haproxy, ['-f', HAPROXY_CONFIG, '-db'], {
        ...cleanEnv({}),
        PROXY_BIND: local(proxyPort),
        PROXY_STATS_BIND: local(statsPort),
        COMMAND_1: local(commandPorts[0]!),
        COMMAND_2: local(commandPorts[1]!),
        QUERY_1: local(queryPorts[0]!),
        QUERY_2: local(queryPorts[1]!),
        UI_SERVER: local(uiPort),
      });
      processes.push(proxy);
      baseUrl = `http://${local(proxyPort)}`;
      proxyStatsUrl = `http://${local(statsPort)}/stats`;
      await waitUntilServing(proxy, `${baseUrl}/api/health`);
    }
    const liveWorkers = () => workers.filter((w): w is ManagedProcess => w !== undefined);
    for (const w of liveWorkers()) if (!w.isRunning()) throw new Error(`worker exited at start\n${describeLogs(w)}`);
    return {
      mode: 'services' as const,
      baseUrl,
      gatewayUrl,
      proxyStatsUrl,
      databaseUrl: database.url,
      processes,
      kill9Projections: async (index?: number) => {
        const targets = index === undefined ? liveWorkers() : [workers[index]].filter((w) => w !== undefined);
        for (const w of targets) await w.kill9();
      },
      startProjections: async () => {
        workers.forEach((w, i) => {
          if (!w || !w.isRunning()) startWorker(i);
        });
      },
      kill9: (name: string) => named(name).kill9(),
      restart: async (name: string) => {
        if (named(name).isRunning()) throw new Error(`${name} is still running`);
        const p = starters.get(name)!();
        const url = health.get(name);
        if (url) await waitUntilServing(p, url, (s) => s > 0);
      },
      logs: () => processes.map(describeLogs).join('\n'),
      stop,
    };
  }, stop);
};

export const startSystem = (mode: Mode): Promise<RunningSystem> => (mode === 'embedded' ? startEmbedded() : startServices());
