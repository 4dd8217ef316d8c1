import { createHash } from 'node:crypto';

import { CompiledQuery, Kysely, PostgresDialect, type RawBuilder, sql } from 'kysely';
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

const PREPARED_MARK = '/* prepared */ ';

/**
 * A hot statement of fixed text (its values as parameters), run as a prepared statement: parsed
 * and planned once per connection instead of at every call (a GET by id: 0.22 ms → 0.09 ms).
 * Only statements marked so are prepared, and at most MAX_PREPARED texts of them, so each
 * connection holds a bounded few.
 */
export const prepared = <T>(query: RawBuilder<T>): RawBuilder<T> => sql<T>`${sql.raw(PREPARED_MARK)}${query}`;

/**
 * A hot statement whose text depends on `key` alone (an entity, a table spec) and whose values
 * are exactly `values`, in that order: built and compiled by kysely the first time for each key,
 * then only given new values (a GET by id spent more CPU compiling its text than on the rest of
 * its handler). The first build checks its values are the statement's parameters, so a builder
 * that puts a value into the text is refused rather than cached wrong.
 */
export const compiledOnce = <K extends object, V extends unknown[], T>(build: (key: K, ...values: V) => RawBuilder<T>) => {
  const texts = new WeakMap<K, string>();
  return (db: AnyDb, key: K, ...values: V): CompiledQuery<T> => {
    const text = texts.get(key);
    if (text !== undefined) return CompiledQuery.raw(text, values);
    const compiled = build(key, ...values).compile(db);
    if (compiled.parameters.length !== values.length || compiled.parameters.some((p, i) => p !== values[i])) {
      throw new Error('compiledOnce: the statement takes values other than its own, in another order, or in its text');
    }
    texts.set(key, compiled.sql);
    return compiled;
  };
};

/**
 * A statement as the pieces of its text between its parameters ($1, $2, … each once, in order)
 * and its values: several join into one text (the data-modifying CTEs of a projection round)
 * with their parameters numbered anew, without kysely compiling any of them again.
 */
export interface Statement {
  readonly pieces: readonly string[];
  readonly values: readonly unknown[];
}

/** Compiles a statement into its pieces; text whose placeholders are not $1…$n in order is refused. */
export const statementOf = (db: AnyDb, query: RawBuilder<unknown>): Statement => {
  const { sql: text, parameters } = query.compile(db);
  const split = text.split(/\$(\d+)(?!\d)/);
  const numbers = split.filter((_, i) => i % 2 === 1);
  if (numbers.length !== parameters.length || numbers.some((n, i) => Number(n) !== i + 1)) {
    throw new Error('statementOf: the text does not take its values as $1…$n, each once, in order');
  }
  return { pieces: split.filter((_, i) => i % 2 === 0), values: parameters };
};

/**
 * statementOf for a hot statement whose text depends on `key` and `part` alone (a table spec and
 * its schema): compiled the first time for each, checked to take exactly `values` in order, then
 * only given new values (as compiledOnce).
 */
export const statementOnce = <K extends object, V extends unknown[]>(build: (key: K, part: string, ...values: V) => RawBuilder<unknown>) => {
  const pieces = new WeakMap<K, Map<string, readonly string[]>>();
  return (db: AnyDb, key: K, part: string, ...values: V): Statement => {
    let byPart = pieces.get(key);
    if (!byPart) pieces.set(key, (byPart = new Map()));
    const known = byPart.get(part);
    if (known) return { pieces: known, values };
    const statement = statementOf(db, build(key, part, ...values));
    if (statement.values.length !== values.length || statement.values.some((v, i) => v !== values[i])) throw new Error('statementOnce: the statement takes values other than its own, or in another order');
    byPart.set(part, statement.pieces);
    return statement;
  };
};

/**
 * Statements run as one, prepared: `join` places each one's text (numbered after the ones before
 * it) into the whole.
 */
export const preparedStatements = <T>(join: (text: (statement: Statement) => string) => string): CompiledQuery<T> => {
  const values: unknown[] = [];
  const text = (statement: Statement) => {
    const numbered = statement.pieces.map((piece, i) => (i === 0 ? piece : `$${values.length + i}${piece}`)).join('');
    values.push(...statement.values);
    return numbered;
  };
  return CompiledQuery.raw(PREPARED_MARK + join(text), values);
};

const lastResult = (result: unknown) => (Array.isArray(result) ? result.at(-1) : result);

/** At most this many texts are prepared (on each connection): a marked text made of varying parts stays bounded. */
const MAX_PREPARED = 100;
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = `erp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return name;
};

/**
 * kysely hands pg the text and values alone; a marked statement goes to pg with a name, which pg
 * parses once per connection and then only binds and executes. A text of several statements
 * without values (`commit; begin; select …`: one round trip) answers its last statement's rows:
 * pg gives a result per statement, kysely reads one.
 */
const preparing = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' && config.startsWith(PREPARED_MARK) && Array.isArray(values) ? statementName(config) : undefined;
    if (name) return query({ name, text: config, values }, callback);
    const result = query(config, values, callback);
    return callback === undefined && result instanceof Promise ? result.then(lastResult) : result;
  }) as typeof client.query;
};

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
    preparing(client);
  });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, url, close: () => db.destroy() };
};
