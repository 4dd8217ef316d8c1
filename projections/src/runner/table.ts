import { type ColumnType, snakeCase } from '@erp/contracts';
import { preparedStatements, type Statement, statementOnce } from '@erp/eventstore';
import { type RawBuilder, sql } from 'kysely';
import type { ReadDb } from '../read-models';

/** Column types of read-model tables: the contracts' field columns, plus timestamps. */
export type ColumnKind = ColumnType | 'timestamptz' | 'jsonb';

type ValueOf<K extends ColumnKind> = K extends 'integer' ? number : K extends 'boolean' ? boolean : K extends 'jsonb' ? unknown : string;

export interface TableSpec<C extends Readonly<Record<string, ColumnKind>> = Readonly<Record<string, ColumnKind>>, N extends string = string> {
  readonly name: N;
  /** camelCase column → type; stored snake_case (STYLE b.11). */
  readonly columns: C;
  /** The primary key column (integer or text). */
  readonly key: string;
  /** Extra indexes, each a list of columns (a text column by its textSortKey). */
  readonly indexes?: readonly (readonly string[])[];
  /**
   * Rows kept from one stream carry its `version`: the write itself refuses to put an older
   * version over a newer row (the replay guard once more, in SQL, for rows not loaded first).
   */
  readonly versioned?: boolean;
  /**
   * Rows are only ever inserted whole, keyed by the event that made them (a journal): a
   * projection puts them without naming them in `rowsOf` and never reads them; a replay's
   * insert of a row already there does nothing.
   */
  readonly appendOnly?: boolean;
}

/** A row as projections see it: typed by column kind, every column nullable but the key. */
export type RowOf<T extends TableSpec> = {
  -readonly [K in keyof T['columns']]: ValueOf<T['columns'][K]> | null;
};
export type Row = Record<string, unknown>;

/** `voucherDate` → `voucher_date`, as snakeCase does at run time. */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}` : S;

/** A row as PostgreSQL stores it: snake_case columns, typed by column kind, every column nullable but the key. */
export type StoredRowOf<T extends TableSpec> = {
  [K in keyof T['columns'] & string as SnakeCase<K>]: K extends T['key'] ? ValueOf<T['columns'][K]> : ValueOf<T['columns'][K]> | null;
};
export type Key = string | number;

/** The columns of a row kept from one stream: its id, the stream version (ETag, replay guard), and when. */
export const STREAM_ROW_COLUMNS = { id: 'integer', version: 'integer', createdAt: 'timestamptz', updatedAt: 'timestamptz' } as const;

/** A table spec whose key and index columns are its own columns. */
export const table = <const C extends Readonly<Record<string, ColumnKind>>, const N extends string, const K extends keyof C & string>(
  spec: TableSpec<C, N> & { readonly key: K; readonly indexes?: readonly (readonly (keyof C & string)[])[] },
): TableSpec<C, N> & { readonly key: K } => spec;

const SQL_TYPES: Record<ColumnKind, string> = {
  text: 'text',
  numeric: 'numeric',
  date: 'date',
  integer: 'integer',
  boolean: 'boolean',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

const columnList = (spec: TableSpec) => Object.keys(spec.columns);

/**
 * How a text column is ordered and indexed: case-insensitively, by its first 200 characters. A
 * btree entry holds at most 2,704 bytes, so text is never indexed whole (one long name once
 * stopped every read model); lists sort by this same expression, so the index serves them.
 */
export const TEXT_SORT_CHARS = 200;
export const textSortKey = (column: RawBuilder<unknown>) => sql`left(lower(${column}), ${sql.lit(TEXT_SORT_CHARS)})`;

const indexPart = (spec: TableSpec, column: string) =>
  spec.columns[column] === 'text' ? sql`(${textSortKey(sql.id(snakeCase(column)))})` : sql.id(snakeCase(column));

const columnDefinitions = (spec: TableSpec) =>
  columnList(spec).map((c) => {
    const type = SQL_TYPES[spec.columns[c]!];
    return sql.raw(`${snakeCase(c)} ${type}${c === spec.key ? ' primary key' : ''}`);
  });

const indexName = (spec: TableSpec, index: readonly string[]) => `${spec.name}_${index.map(snakeCase).join('_')}`;

const createIndexes = async (db: ReadDb, schema: string, spec: TableSpec) => {
  for (const index of spec.indexes ?? []) {
    const name = indexName(spec, index);
    await sql`create index if not exists ${sql.id(name)} on ${sql.id(schema, spec.name)} (${sql.join(index.map((c) => indexPart(spec, c)))})`.execute(db);
  }
};

/** What a schema holds, read in two queries: each table's columns, and its index names. */
export interface SchemaContents {
  readonly columns: ReadonlyMap<string, ReadonlySet<string>>;
  readonly indexes: ReadonlySet<string>;
}

export const schemaContents = async (db: ReadDb, schema: string): Promise<SchemaContents> => {
  const { rows } = await sql<{ table: string; column: string }>`select c.relname as table, a.attname as column
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`.execute(db);
  const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = ${schema}`.execute(db);
  const columns = new Map<string, Set<string>>();
  for (const row of rows) columns.set(row.table, (columns.get(row.table) ?? new Set()).add(row.column));
  return { columns, indexes: new Set(indexes.rows.map((r) => r.name)) };
};

/**
 * The table is there with every column and index: nothing to create or check (a restart then
 * skips three statements or more per table). PostgreSQL cuts names at 63 bytes: an index whose
 * name is longer never counts as present, and `migrateTable` makes sure of it the slow way.
 */
export const isComplete = (contents: SchemaContents, spec: TableSpec) => {
  const present = contents.columns.get(spec.name);
  return (
    present !== undefined &&
    columnList(spec).every((c) => present.has(snakeCase(c))) &&
    (spec.indexes ?? []).every((index) => contents.indexes.has(indexName(spec, index)))
  );
};

/** Creates the table (and its indexes) in `schema` if missing, and checks it has every column. */
export const migrateTable = async (db: ReadDb, schema: string, spec: TableSpec) => {
  await sql`create table if not exists ${sql.id(schema, spec.name)} (${sql.join(columnDefinitions(spec))})`.execute(db);
  await createIndexes(db, schema, spec);
  // `create table if not exists` keeps an old table as it is: a column added without a version
  // bump would fail every batch. Stop at start instead, and say what to do.
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = ${schema} and table_name = ${spec.name}`.execute(db);
  const present = new Set(rows.map((r) => r.column_name));
  const missing = columnList(spec).map(snakeCase).filter((c) => !present.has(c));
  if (missing.length > 0) {
    throw new Error(`${schema}.${spec.name} has no column ${missing.join(', ')}: bump the projection's version to rebuild it`);
  }
};

/**
 * A table a rebuild fills from the whole log, with its primary key only; `finishRebuiltTable`
 * indexes it once it is full. Unlogged while its rows are written again and again as records are
 * revised (a crash loses only a shadow the next rebuild drops anyway), and made logged once, as
 * it stands, at the end; an append-only table's rows are written once, so it is logged from the
 * start (a copy at the end would only write them twice).
 */
export const createRebuildTable = async (db: ReadDb, schema: string, spec: TableSpec) => {
  const kind = spec.appendOnly ? sql`table` : sql`unlogged table`;
  await sql`create ${kind} ${sql.id(schema, spec.name)} (${sql.join(columnDefinitions(spec))})`.execute(db);
};

/** The filled table written to the WAL once, as it stands, and its other indexes built once from its rows. */
export const finishRebuiltTable = async (db: ReadDb, schema: string, spec: TableSpec) => {
  if (!spec.appendOnly) await sql`alter table ${sql.id(schema, spec.name)} set logged`.execute(db);
  await createIndexes(db, schema, spec);
};

/** Every column of a table under its camelCase name: a row as projections see it. */
export const rowSelection = (spec: TableSpec) =>
  sql.join(columnList(spec).map((c) => sql`${sql.id(snakeCase(c))} as ${sql.id(c)}`));

const keyArrayType = (spec: TableSpec) => (spec.columns[spec.key] === 'integer' ? sql.raw('integer[]') : sql.raw('text[]'));

/** The rows of these keys that exist. */
export const loadRows = async (db: ReadDb, schema: string, spec: TableSpec, keys: readonly Key[]): Promise<Row[]> => {
  if (keys.length === 0) return [];
  const { rows } = await sql<Row>`select ${rowSelection(spec)} from ${sql.id(schema, spec.name)}
    where ${sql.id(snakeCase(spec.key))} = any(${keys}::${keyArrayType(spec)})`.execute(db);
  return rows;
};

/** Every row of a table (small tables, tests). */
export const allRows = async (db: ReadDb, schema: string, spec: TableSpec): Promise<Row[]> =>
  (await sql<Row>`select ${rowSelection(spec)} from ${sql.id(schema, spec.name)} order by ${sql.id(snakeCase(spec.key))}`.execute(db)).rows;

/**
 * The statements that upsert whole rows and delete keys: one each, to run as data-modifying
 * CTEs of the statement that moves the checkpoint (one round trip for the whole batch). Their
 * text depends on the table and schema alone: made once, then given each batch's values.
 */
export const rowWrites = (db: ReadDb, schema: string, spec: TableSpec, upserts: readonly Row[], deletes: readonly Key[]): Statement[] => {
  const statements = [];
  if (upserts.length > 0) {
    // Each row goes as an array of its columns in the table's order (absent ones null, any other
    // property left out): a quarter to two fifths less JSON than objects, and PostgreSQL takes
    // an element by its index instead of looking a key up in every row (30-40 % faster here).
    const columns = columnList(spec);
    statements.push(upsertStatement(db, spec, schema, JSON.stringify(upserts.map((row) => columns.map((c) => row[c] ?? null)))));
  }
  if (deletes.length > 0) statements.push(deleteStatement(db, spec, schema, deletes));
  return statements;
};

const upsertStatement = statementOnce((spec: TableSpec, schema: string, json: string) => {
  const columns = columnList(spec);
  const updates = columns.filter((c) => c !== spec.key).map((c) => sql`${sql.id(snakeCase(c))} = excluded.${sql.id(snakeCase(c))}`);
  // A jsonb column's JSON null is SQL NULL, as for the other columns.
  const field = (c: string, i: number) =>
    spec.columns[c] === 'jsonb' ? sql`nullif(r -> ${sql.lit(i)}, 'null'::jsonb)` : sql`(r ->> ${sql.lit(i)})::${sql.raw(SQL_TYPES[spec.columns[c]!])}`;
  const guard = spec.versioned ? sql`where ${sql.id(schema, spec.name, 'version')} < excluded.version` : sql``;
  const onConflict = updates.length > 0 && !spec.appendOnly ? sql`do update set ${sql.join(updates)} ${guard}` : sql`do nothing`;
  return sql`insert into ${sql.id(schema, spec.name)} (${sql.join(columns.map((c) => sql.id(snakeCase(c))))})
    select ${sql.join(columns.map(field))} from jsonb_array_elements(${json}::jsonb) as r
    on conflict (${sql.id(snakeCase(spec.key))}) ${onConflict}`;
});

const deleteStatement = statementOnce(
  (spec: TableSpec, schema: string, keys: readonly Key[]) => sql`delete from ${sql.id(schema, spec.name)} where ${sql.id(snakeCase(spec.key))} = any(${keys}::${keyArrayType(spec)})`,
);

const SELECT_1: Statement = { pieces: ['select 1'], values: [] };

/** Runs statements as data-modifying CTEs of one final statement (`select 1` by default). */
export const runTogether = async (db: ReadDb, statements: readonly Statement[], last: Statement = SELECT_1) =>
  db.executeQuery(preparedStatements((text) => (statements.length === 0 ? text(last) : `with ${statements.map((s, i) => `w${i} as (${text(s)})`).join(', ')} ${text(last)}`)));
