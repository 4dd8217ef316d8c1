import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// Any table; each package narrows it with its own kysely table interfaces.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared handle is schema-agnostic
export type AnyDb = Kysely<any>;

export interface Database {
  readonly db: AnyDb;
  readonly pool: pg.Pool;
  readonly url: string;
  close(): Promise<void>;
}

// Dates and timestamps stay the strings PostgreSQL sends ('2026-11-22', '2026-11-22 10:00:00+00'):
// a DATE parsed into a JS Date would shift by the time zone, and read models pass them through.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => value);

/** How long a request waits for a new connection before it fails (503 at the HTTP edge). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * One pool per process. A session idle inside a transaction is cut after 30 s so it cannot hold
 * back pg_snapshot_xmin, which every event reader waits on. When PostgreSQL restarts or goes
 * away, the pool heals by itself: a client whose connection broke is dropped when released, the
 * next query opens a new one, and opening one fails within CONNECT_TIMEOUT_MS instead of hanging.
 */
export const connect = (url: string, options: { max?: number } = {}): Database => {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: '-c idle_in_transaction_session_timeout=30000',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('error', () => {
    // A broken idle client is dropped by the pool; the next query reconnects.
  });
  pool.on('connect', (client) => {
    // A checked-out client whose server went away (restart, admin shutdown) emits 'error'
    // between queries, when the pool's idle listener is off: without a listener of its own
    // that would crash the process. Its query fails instead, and the pool drops it on release.
    client.on('error', () => undefined);
  });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, url, close: () => db.destroy() };
};
