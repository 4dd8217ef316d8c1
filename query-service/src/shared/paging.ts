import { amountTextOf, HEADERS, listTable, PAGE_LIMIT_MAX, phoneDigitsOf, type SearchSpec, snakeCase, validationError } from '@erp/contracts';
import type { ReadDb } from '@erp/projections';
import type { Context } from 'koa';
import { type RawBuilder, sql } from 'kysely';

import { encodeSyncCursor, isoSql, NEXT_CURSOR_HEADER, parseSyncCursor, readChanges, rowsOf, SYNC_PARAM } from './changes';

type Sql = RawBuilder<unknown>;

/** What one list is: its table (aliased `t`), columns, live rows, order and what a search matches. */
export interface ListSource {
  /** Its table; also the list's name in its sync cursors. */
  readonly table: string;
  /** The rows when they are not the table's own (a subquery with `id` and `version`): read from this instead. */
  readonly from?: Sql;
  /** The stream prefix of its records (`vendor`: `vendor-7`), for their versions and changes. */
  readonly stream: string;
  /** The read model (projection) that writes the table: a sync reads changes up to its checkpoint. */
  readonly projection: string;
  readonly columns: Sql;
  /** Rows that are listed at all, e.g. `not t.deleted`. */
  readonly live: Sql;
  /** The sort key; ties are broken by id, in the same direction. */
  readonly key: Sql;
  readonly descending: boolean;
  /** The text expressions a search looks in (already lower-cased or not: both are lowered). */
  readonly searchIn: readonly Sql[];
  /** Names of records this row points at (a vendor's name on its invoices), searched too. */
  readonly searchRefs?: readonly { readonly column: string; readonly table: string }[];
  /** Phone columns, matched by their digits (contracts' search.ts: one rule for server and browser). */
  readonly searchPhones?: readonly Sql[];
  /** Amount columns, matched by what they start with. */
  readonly searchAmounts?: readonly Sql[];
}

/** A coded column as the label the screens show: `case t.payment_method when 'upi' then 'UPI' … end`. */
const labelOf = (field: string, labels: readonly { value: string; label: string }[]) =>
  sql`case t.${sql.id(snakeCase(field))}::text ${sql.join(labels.map((l) => sql`when ${l.value} then ${l.label}`), sql` `)} end`;

/** A list's search spec (contracts) as the SQL it looks in: own columns and their labels, and referenced names. */
export const searchOf = (spec: SearchSpec): Pick<ListSource, 'searchIn' | 'searchRefs' | 'searchPhones' | 'searchAmounts'> => ({
  searchIn: [
    ...spec.fields.map((field) => sql`t.${sql.id(snakeCase(field))}::text`),
    ...Object.entries(spec.labels ?? {}).map(([field, labels]) => labelOf(field, labels!)),
  ],
  searchRefs: Object.entries(spec.refs ?? {}).map(([field, singular]) => ({ column: snakeCase(field), table: listTable({ singular: singular! }) })),
  searchPhones: (spec.phones ?? []).map((field) => sql`t.${sql.id(snakeCase(field))}::text`),
  searchAmounts: (spec.amounts ?? []).map((field) => sql`t.${sql.id(snakeCase(field))}::text`),
});

interface PageQuery {
  readonly q?: string;
  readonly limit?: number;
  readonly after?: readonly [string, number];
  readonly changedSince?: string;
}

const one = (ctx: Context, name: string): string | undefined => {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw validationError(`${name} was given more than once`, [{ path: name, message: 'Give it once' }]);
  return value;
};

const cursorOf = (key: string, id: number) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

const parseCursor = (value: string): readonly [string, number] => {
  const bad = () => validationError('after is not a value this list gave in X-Next-After', [{ path: 'after', message: 'Use the X-Next-After of the previous page' }]);
  if (value.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(value)) throw bad();
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const [sortValue, id]: unknown[] = Array.isArray(parsed) && parsed.length === 2 ? parsed : [];
    if (typeof sortValue === 'string' && typeof id === 'number' && Number.isSafeInteger(id)) return [sortValue, id];
  } catch {
    // Not JSON: the same answer as any other foreign value.
  }
  throw bad();
};

/** `?q=&limit=&after=` of a list GET, checked: a bad value is a 400 naming it, never a 500. */
export const pageQuery = (ctx: Context): PageQuery => {
  // NUL cannot be stored or compared in PostgreSQL text; a search for it finds what a search without it finds.
  const q = one(ctx, 'q')?.replace(/\0/g, '').trim().toLowerCase().slice(0, 200) || undefined;
  const limitText = one(ctx, 'limit');
  let limit: number | undefined;
  if (limitText !== undefined) {
    limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit >= 1 && limit <= PAGE_LIMIT_MAX)) {
      throw validationError(`limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`, [{ path: 'limit', message: `From 1 to ${PAGE_LIMIT_MAX}` }]);
    }
  }
  const afterText = one(ctx, 'after');
  const changedSince = one(ctx, SYNC_PARAM);
  for (const [name, given] of [['q', q], ['after', afterText]] as const) {
    if (changedSince !== undefined && given !== undefined) {
      throw validationError(`${name} cannot be combined with ${SYNC_PARAM}`, [{ path: name, message: `Leave it out of a sync (${SYNC_PARAM}); page with limit and ${NEXT_CURSOR_HEADER}` }]);
    }
  }
  return { q, limit, after: afterText === undefined ? undefined : parseCursor(afterText), changedSince };
};

const matching = (source: ListSource, term: string): Sql => {
  const own = source.searchIn.map((expr) => sql`strpos(lower(coalesce(${expr}, '')), ${term}) > 0`);
  const refs = (source.searchRefs ?? []).map(
    (ref) => sql`exists (select 1 from ${sql.table(ref.table)} r where r.id = t.${sql.id(ref.column)} and strpos(lower(r.name), ${term}) > 0)`,
  );
  const phone = phoneDigitsOf(term);
  const phones = phone === null ? [] : (source.searchPhones ?? []).map((expr) => sql`strpos(regexp_replace(coalesce(${expr}, ''), '[^0-9]', '', 'g'), ${phone}) > 0`);
  const amount = amountTextOf(term);
  const amounts = amount === null ? [] : (source.searchAmounts ?? []).map((expr) => sql`starts_with(${expr}, ${amount})`);
  return sql`(${sql.join([...own, ...refs, ...phones, ...amounts], sql` or `)})`;
};

type Row = Record<string, unknown>;

/**
 * One list GET: the whole list by default (SEED-SPEC §7), or, with `limit`, a page of it in
 * keyset order with X-Next-After naming where the next page starts (absent on the last page);
 * `q` keeps rows whose text contains it, case-insensitively, in any searched field. Each row,
 * as `view` shows it, carries `updatedAt` (the time of its last event) and `version` (its
 * stream's). With `changedSince`, the changes after that cursor instead (changes.ts).
 */
export const listPage = async (ctx: Context, db: ReadDb, source: ListSource, view: (row: Row) => Readonly<Row> = (row) => row): Promise<unknown[]> => {
  const { q, limit, after, changedSince } = pageQuery(ctx);
  if (changedSince !== undefined) {
    const { changes, next } = await readChanges(db, source, parseSyncCursor(changedSince, source.table), limit);
    ctx.set(NEXT_CURSOR_HEADER, encodeSyncCursor(next));
    return changes.map(({ id, version, updatedAt, row }) => (row ? { ...view(row), updatedAt, version } : { id, deleted: true, updatedAt, version }));
  }
  const direction = source.descending ? sql`desc` : sql`asc`;
  const conditions = [source.live];
  if (q) conditions.push(matching(source, q));
  if (after) conditions.push(sql`(${source.key}, t.id) ${source.descending ? sql`<` : sql`>`} (${after[0]}, ${after[1]})`);
  const { rows } = await sql<Row & { _key: string; _version: number; _updatedAt: string | null }>`select ${source.columns}, coalesce((${source.key})::text, '') as "_key",
      t.version as "_version",
      (select ${isoSql('e.recorded_at')} from events e where e.stream_id = ${`${source.stream}-`} || t.id and e.stream_version = t.version) as "_updatedAt"
    from ${rowsOf(source)} t where ${sql.join(conditions, sql` and `)}
    order by ${source.key} ${direction}, t.id ${direction}
    ${limit ? sql`limit ${limit + 1}` : sql``}`.execute(db);
  const page = limit ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  if (limit && rows.length > limit && last) ctx.set(HEADERS.nextAfter, cursorOf(last._key, Number(last.id)));
  return page.map(({ _key: _, _version, _updatedAt, ...row }) => ({ ...view(row), updatedAt: _updatedAt, version: _version }));
};
