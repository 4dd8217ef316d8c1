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

/**
 * One pool per process. A session idle inside a transaction is cut after 30 s so it cannot hold
 * back pg_snapshot_xmin, which every event reader waits on.
 */
export const connect = (url: string, options: { max?: number } = {}): Database => {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: '-c idle_in_transaction_session_timeout=30000',
  });
  pool.on('error', () => {
    // A broken idle client is dropped by the pool; the next query reconnects.
  });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, url, close: () => db.destroy() };
};
