import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_NATS_PREFIX, NATS_PREFIX_PATTERN } from '@erp/contracts';

import { MIN_BACKUP_KEY_LENGTH } from './backup-key';

const numberOr = (value: string | undefined, fallback: number) => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Expected a number of 0 or more, got '${value}'`);
  return n;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A whole number from the environment, or the default; anything else stops the start, saying why. */
const wholeNumber = (name: string, min: number, max: number): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
};

/** A secret from the environment, or undefined; a shorter one than `min` stops the start, saying why. */
const secret = (name: string, min: number): string | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < min) throw new Error(`${name} must be ${min} characters or more`);
  return raw;
};

/** `true` or `false` (unset or empty: the default); anything else stops the start, saying why. */
const flag = (name: string, fallback: boolean): boolean => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, not "${raw}"`);
  return raw === 'true';
};
/**
 * Password hashes may take this many of libuv's threads (UV_THREADPOOL_SIZE, 4 unless set): two
 * are always left to read the files the app serves and to compress its answers.
 */
const hashThreads = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);

/** A time limit of the HTTP server, in ms (0 is not one: it would turn the limit off). */
const timeLimit = (name: string, fallback: number) => wholeNumber(name, 1, 3_600_000) ?? fallback;

const headersTimeoutMs = timeLimit('ERP_HEADERS_TIMEOUT_MS', 10_000);
const requestTimeoutMs = timeLimit('ERP_REQUEST_TIMEOUT_MS', 30_000);
if (headersTimeoutMs > requestTimeoutMs) {
  throw new Error(`ERP_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be longer than ERP_REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request`);
}

const natsPrefix = () => {
  const value = process.env.ERP_NATS_PREFIX || DEFAULT_NATS_PREFIX;
  if (!NATS_PREFIX_PATTERN.test(value)) throw new Error(`ERP_NATS_PREFIX must be 1–32 letters, digits, _ or - (no dots or wildcards), not ${JSON.stringify(value)}`);
  return value;
};

/** Every setting comes from the environment; the defaults are the one-laptop embedded mode. */
const dataDir = path.resolve(process.env.ERP_DATA_DIR ?? path.join(root, 'data'));

export const config = {
  port: Number(process.env.PORT ?? 3000),
  /** The front: the one-process server and the gateway listen on the shop's network. */
  host: process.env.HOST ?? '0.0.0.0',
  /** Services mode's instances behind HAProxy (command, query, UI): loopback unless told, so none is reachable around the proxy. */
  internalHost: process.env.HOST ?? '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL || undefined,
  natsUrl: process.env.NATS_URL || undefined,
  dataDir,
  /** Where the running app writes its daily backups, how many it keeps, and how often (0: never). */
  backupDir: path.resolve(process.env.ERP_BACKUP_DIR || path.join(dataDir, 'backups')),
  backupKeep: Math.max(1, Math.floor(numberOr(process.env.ERP_BACKUP_KEEP, 14))),
  backupEveryHours: numberOr(process.env.ERP_BACKUP_EVERY_HOURS, 24),
  /** The backups' integrity key (backup-key.ts): ERP_BACKUP_KEY, else the key file under ERP_DATA_DIR, outside the backups folder. */
  backupKey: secret('ERP_BACKUP_KEY', MIN_BACKUP_KEY_LENGTH),
  backupKeyFile: path.join(dataDir, 'backup.key'),
  uiDir: path.resolve(process.env.ERP_UI_DIR ?? path.join(root, 'ui/dist')),
  adminUsername: process.env.ERP_ADMIN_USERNAME || undefined,
  adminPassword: process.env.ERP_ADMIN_PASSWORD || undefined,
  /** The one-time code the setup screen asks for (else one is made at first start and logged). */
  setupCode: process.env.ERP_SETUP_CODE || undefined,
  /** Set when a reverse proxy that appends X-Forwarded-For sits in front of the embedded server. */
  trustProxy: process.env.ERP_TRUST_PROXY === 'true',
  allowedOrigins: (process.env.ERP_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  commandUrl: process.env.COMMAND_URL ?? 'http://127.0.0.1:3001',
  queryUrl: process.env.QUERY_URL ?? 'http://127.0.0.1:3002',
  logLevel: process.env.LOG_LEVEL ?? 'info',
  /**
   * Every process: serve /metrics on this port of METRICS_HOST (none when unset). Never on PORT:
   * the counts are not for the shop's network.
   */
  metricsPort: wholeNumber('METRICS_PORT', 1, 65535),
  metricsHost: process.env.METRICS_HOST || '127.0.0.1',
  /** /api/health says `degraded` once a read model lags more than this many ms. */
  healthMaxLagMs: wholeNumber('ERP_HEALTH_MAX_LAG_MS', 1, 86_400_000) ?? 10_000,
  /** The JetStream stream of the integration events (NATS_URL set); else the prefix's (ERP_EVENTS for `erp`). */
  integrationStream: process.env.ERP_INTEGRATION_STREAM || undefined,
  /** The first token of every subject this deployment publishes on NATS: a second deployment on the same NATS sets its own. */
  natsPrefix: natsPrefix(),
  /** Webhooks: the first retry's wait (doubling, at most 10 minutes), and how long a receiver may take. */
  webhookBackoffMs: wholeNumber('ERP_WEBHOOK_BACKOFF_MS', 1, 600_000) ?? 2000,
  webhookTimeoutMs: wholeNumber('ERP_WEBHOOK_TIMEOUT_MS', 1, 120_000) ?? 10_000,
  /** Webhooks may go to loopback, private and link-local addresses (a receiver on the LAN); off, they are refused. */
  webhookAllowPrivate: flag('ERP_WEBHOOK_ALLOW_PRIVATE', false),
  /** Password hashes at once (each a core and 128 MiB for half a second), and how many more may wait. */
  hashConcurrency: wholeNumber('ERP_HASH_CONCURRENCY', 1, hashThreads) ?? Math.max(1, Math.min(2, os.availableParallelism() - 1, hashThreads)),
  hashQueue: wholeNumber('ERP_HASH_QUEUE', 0, 1000) ?? 4,
  /** Requests an API key may send at once, refilled at that many a minute (per process). */
  apiKeyRateLimit: wholeNumber('ERP_API_KEY_RATE_LIMIT', 1, 1_000_000) ?? 600,
  /**
   * What a client may leave hanging: its request's headers, the whole request, an idle
   * connection between requests; and its connections open at once from one address (0: no cap).
   */
  headersTimeoutMs,
  requestTimeoutMs,
  keepAliveTimeoutMs: timeLimit('ERP_KEEP_ALIVE_TIMEOUT_MS', 5_000),
  maxConnectionsPerAddress: wholeNumber('ERP_MAX_CONNECTIONS_PER_ADDRESS', 0, 100_000) ?? 64,
  /** Test suite only: a write whose X-Request-Id starts with `crash-after-append` kills the process after its append. */
  testCrashAfterAppend: process.env.ERP_TEST_CRASH_AFTER_APPEND === '1',
};
export type Config = typeof config;
