import { validationError } from '@erp/contracts';
import type { ReadDb } from '@erp/projections';
import { sql } from 'kysely';

import type { ListSource } from './paging';

/**
 * Incremental sync (issue 46): `?changedSince=<cursor>` on a list answers the records whose
 * streams changed after the cursor, in the order of their last change, deleted ones as
 * tombstones, and `X-Next-Cursor` to pass next time. `0` is the start: every record ever made.
 *
 * A cursor names its list and a place in the log (transaction, position) as the event feed
 * orders it; changes are read up to the list's read model's checkpoint, which lies below the
 * reader horizon: a write that took a lower position but commits later is still ahead of the
 * checkpoint, so it is answered next time, never skipped; and every row answered holds at least
 * the change that put it there.
 */
export interface SyncCursor {
  readonly list: string;
  readonly tx: string;
  readonly position: string;
}

export const SYNC_PARAM = 'changedSince';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const encodeSyncCursor = (cursor: SyncCursor): string =>
  Buffer.from(JSON.stringify([cursor.list, cursor.tx, cursor.position])).toString('base64url');

const refused = () =>
  validationError(`${SYNC_PARAM} is not a cursor this list gave`, [{ path: SYNC_PARAM, message: `Use 0 to start, then the ${NEXT_CURSOR_HEADER} of this list's previous answer` }]);

/** `0` (the start) or a cursor this list gave; anything else, another list's cursor too, is a 400 naming the parameter. */
export const parseSyncCursor = (value: string, list: string): SyncCursor => {
  if (value === '0') return { list, tx: '0', position: '0' };
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) throw refused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== list) throw refused();
  const [, tx, position]: unknown[] = parsed;
  if (typeof tx !== 'string' || typeof position !== 'string' || !/^\d{1,20}$/.test(tx) || !/^\d{1,18}$/.test(position) || BigInt(tx) >= 2n ** 64n) throw refused();
  return { list, tx, position };
};

export interface Change {
  readonly id: number;
  readonly version: number;
  readonly updatedAt: string;
  /** The row as the list shows it; null when the record is gone from the list (deleted). */
  readonly row: Record<string, unknown> | null;
}

/** Whether a place in the log is after another (a checkpoint below the cursor, a read model rebuilding, answers nothing new). */
const after = (a: { tx: string; position: string }, b: { tx: string; position: string }) =>
  BigInt(a.tx) > BigInt(b.tx) || (a.tx === b.tx && BigInt(a.position) > BigInt(b.position));

/** Where a list's rows are read from (aliased `t`): its table, or the rows it says. */
export const rowsOf = (source: ListSource) => source.from ?? sql.table(source.table);

/** An ISO time in UTC with milliseconds, as the API writes times. */
export const isoSql = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The changes of one list after `cursor`, at most `limit` (all without it), and the cursor to
 * pass next: after the last one answered when there may be more, else the read model's checkpoint.
 */
export const readChanges = async (db: ReadDb, source: ListSource, cursor: SyncCursor, limit: number | undefined) => {
  const pattern = `^${source.stream}-[0-9]+$`;
  // The checkpoint first: the rows, read after it, hold at least what it says is applied.
  const { rows: checkpoint } = await sql<{ tx: string; position: string }>`select tx::text as tx, position::text as position
    from projection_checkpoints where name = ${source.projection}`.execute(db);
  const horizon = checkpoint[0];
  if (!horizon || !after(horizon, cursor)) return { changes: [], next: cursor };
  const { rows } = await sql<{ _tx: string; _position: string; _id: number; _version: number; _updatedAt: string; _live: boolean | null; _rowVersion: number | null; _rowUpdatedAt: string | null } & Record<string, unknown>>`
    with changed as (
      select distinct on (e.stream_id) e.stream_id, e.transaction_id as tx, e.position, e.stream_version, e.recorded_at
      from events e
      where (e.transaction_id, e.position) > (${cursor.tx}::xid8, ${cursor.position}::bigint)
        and (e.transaction_id, e.position) <= (${horizon.tx}::xid8, ${horizon.position}::bigint)
        and e.stream_id ~ ${pattern}
      order by e.stream_id, e.transaction_id desc, e.position desc
    ), page as (
      select * from changed order by tx, position ${limit ? sql`limit ${limit + 1}` : sql``}
    )
    select p.tx::text as "_tx", p.position::text as "_position", substring(p.stream_id from '[0-9]+$')::int as "_id",
      p.stream_version as "_version", ${isoSql('p.recorded_at')} as "_updatedAt",
      (${source.live}) as "_live", ${source.columns}, t.version as "_rowVersion",
      (select ${isoSql('r.recorded_at')} from events r where r.stream_id = p.stream_id and r.stream_version = t.version) as "_rowUpdatedAt"
    from page p left join ${rowsOf(source)} t on t.id = substring(p.stream_id from '[0-9]+$')::int
    order by p.tx, p.position`.execute(db);
  const more = limit !== undefined && rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  const next: SyncCursor = more && last ? { list: cursor.list, tx: last._tx, position: last._position } : { list: cursor.list, ...horizon };
  const changes: Change[] = page.map(({ _tx, _position, _id, _version, _updatedAt, _live, _rowVersion, _rowUpdatedAt, ...row }) =>
    _live === true
      ? { id: _id, version: _rowVersion ?? _version, updatedAt: _rowUpdatedAt ?? _updatedAt, row }
      : { id: _id, version: _version, updatedAt: _updatedAt, row: null },
  );
  return { changes, next };
};
