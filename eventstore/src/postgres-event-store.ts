import { errorCode, type EventMetadata, type RecordedEvent } from '@erp/contracts';
import { sql } from 'kysely';
import type pg from 'pg';

import { type AnyDb, prepared } from './db';
import { APPEND_GUARDED, APPEND_MULTI, APPEND_ONE, APPEND_SINGLE } from './append-sql';
import { lastEventSql } from './event-sql';
import {
  type AppendResult,
  type EventFeedQuery,
  type EventMetadataInput,
  type EventPage,
  type EventStore,
  type GlobalCursor,
  START,
  type StreamAppend,
  type StreamMatch,
  StreamVersionConflict,
} from './event-store';
import type { Notifier } from './notifier';

interface EventRow {
  position: string;
  tx: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

// The text aliases shadow the columns in ORDER BY: always order by `events.<column>`, or '10'
// sorts before '9'.
const COLUMNS = sql`position::text as position, transaction_id::text as tx, event_id::text as event_id,
  stream_id, stream_version, type, data, metadata`;

/** A page's row as pg hands it back in array mode: the columns of READ_COLUMNS, in order. */
type EventTuple = [position: string, tx: string, eventId: string, streamId: string, streamVersion: number, type: string | null, data: unknown, metadata: EventMetadata];

/**
 * A page of the log from rows in array mode: one object per event, none per row in between. A
 * row without a type (the last of a typed read's short page) only moves the cursor.
 */
const toPage = (rows: EventTuple[], after: GlobalCursor): EventPage => {
  const events: RecordedEvent[] = [];
  for (const r of rows) {
    if (r[5] !== null) events.push({ position: r[0], eventId: r[2], streamId: r[3], streamVersion: r[4], type: r[5], data: r[6], metadata: r[7] });
  }
  const last = rows.at(-1);
  return { events, cursor: last ? { tx: last[1], position: last[0] } : after };
};

const toRecorded = (row: EventRow): RecordedEvent => ({
  position: row.position,
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
});

/**
 * Two appends that wait on each other's rows (a deadlock) or a serialization failure: neither
 * wrote anything, and the same command decided again will most likely go through.
 */
const isTransient = (error: unknown): boolean => errorCode(error) === '40P01' || errorCode(error) === '40001';

const isUniqueViolation = (error: unknown, constraint: string): boolean =>
  errorCode(error) === '23505' && typeof error === 'object' && error !== null && 'constraint' in error && error.constraint === constraint;

/**
 * The Postgres event store. Global order is (transaction id, position): a reader only takes
 * events of transactions below the read horizon — the oldest of *our* appends still in flight
 * (schema.ts) — so an append that got a lower position but commits later is never skipped, and
 * a long transaction elsewhere on the server holds nothing back.
 */
export const postgresEventStore = (
  { db, pool }: { db: AnyDb; pool: pg.Pool },
  notifier: Notifier,
  kind = 'postgres',
): EventStore => {
  const append = async (
    appends: readonly StreamAppend[],
    metadata: EventMetadataInput,
  ): Promise<AppendResult> => {
    // Rows go in in one fixed order (by stream id): two appends over the same streams then
    // take their unique-index entries in the same order and queue instead of deadlocking.
    const rows = [...appends]
      .sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0))
      .flatMap((a) => a.events.map((e, i) => ({ ...e, streamId: a.streamId, version: a.expectedVersion + i + 1 })));
    if (rows.length === 0) throw new Error('append needs at least one event');
    const streamIds = appends.map((a) => a.streamId);
    const expected = appends.map((a) => a.expectedVersion);
    const eventIds = rows.map((r) => r.eventId);
    let inserted: { position: string }[] = [];
    let transient = false;
    try {
      // One statement, one round trip: the version check and the insert commit together;
      // a concurrent writer of the same version hits the (stream_id, stream_version) key.
      // Named (prepared once per connection): planning this statement costs more than running it.
      const guards = appends.filter((a) => a.guard);
      const single = appends.length === 1 && guards.length === 0;
      // One event on one stream (most writes): a statement of plain parameters. Only then: with
      // more streams, an empty one's expected version would have to be checked too.
      const one = single && rows.length === 1 ? rows[0]! : null;
      const result = one
        ? await pool.query<{ position: string }>({
            name: 'erp_append_one',
            text: APPEND_ONE,
            values: [one.eventId, one.streamId, one.version, one.type, JSON.stringify(one.data), JSON.stringify(metadata), expected[0]],
          })
        : await pool.query<{ position: string }>({
            name: single ? 'erp_append_single' : guards.length > 0 ? 'erp_append_guarded' : 'erp_append_multi',
            text: single ? APPEND_SINGLE : guards.length > 0 ? APPEND_GUARDED : APPEND_MULTI,
            values: [
              eventIds,
              rows.map((r) => r.streamId),
              rows.map((r) => r.version),
              rows.map((r) => r.type),
              rows.map((r) => JSON.stringify(r.data)),
              JSON.stringify(metadata),
              single ? streamIds[0] : streamIds,
              single ? expected[0] : expected,
              ...(guards.length > 0 ? [guards.map((g) => g.streamId), guards.map((g) => g.expectedVersion), guards.map((g) => g.events.length > 0)] : []),
            ],
          });
      inserted = result.rows;
    } catch (error) {
      transient = isTransient(error);
      if (
        !transient &&
        !isUniqueViolation(error, 'events_event_id_key') &&
        !isUniqueViolation(error, 'events_stream_version_key')
      ) {
        throw error;
      }
    }
    if (inserted.length === 0) {
      // A version check that failed or a key already taken. A retry of a command that did
      // commit lands here too (its expected versions are stale by now): answer it as a duplicate.
      const retried = await alreadyAppended(eventIds);
      if (retried) return retried;
      const moved = await movedStreams(appends);
      const first = appends.find((a) => a.streamId === moved[0]) ?? appends[0]!;
      // After a deadlock nothing may have moved: a conflict to decide again, blaming no stream.
      throw new StreamVersionConflict(first.streamId, first.expectedVersion, moved.length > 0 || transient ? moved : [first.streamId]);
    }
    const lastPosition = inserted.reduce(
      (max, r) => (BigInt(r.position) > BigInt(max) ? r.position : max),
      '0',
    );
    notifier.publish('appended', lastPosition);
    return {
      lastPosition,
      duplicate: false,
      streams: appends.map((a) => ({
        streamId: a.streamId,
        version: a.expectedVersion + a.events.length,
      })),
    };
  };

  /** The result of the earlier append, when every event id is already in the log; else null. */
  const alreadyAppended = async (eventIds: string[]): Promise<AppendResult | null> => {
    const found = await sql<{ position: string; stream_id: string; stream_version: number }>`
      select position::text as position, stream_id, stream_version from events
      where event_id = any(${eventIds}::uuid[])
      order by events.position`.execute(db);
    // None or only some of the ids: not a retry of the same command.
    if (found.rows.length !== eventIds.length) return null;
    const versions = new Map<string, number>();
    for (const r of found.rows) versions.set(r.stream_id, Math.max(versions.get(r.stream_id) ?? 0, r.stream_version));
    return {
      duplicate: true,
      lastPosition: found.rows.reduce((m, r) => (BigInt(r.position) > BigInt(m) ? r.position : m), '0'),
      streams: [...versions].map(([streamId, version]) => ({ streamId, version })),
    };
  };

  /** Which streams of a refused append are no longer at the version the caller expected. */
  const movedStreams = async (appends: readonly StreamAppend[]): Promise<string[]> => {
    const { rows } = await sql<{ stream_id: string; version: number }>`
      select x.stream_id, coalesce((select max(e.stream_version) from events e where e.stream_id = x.stream_id), 0) as version
      from unnest(${appends.map((a) => a.streamId)}::text[]) as x(stream_id)`.execute(db);
    const current = new Map(rows.map((r) => [r.stream_id, r.version]));
    return appends.filter((a) => current.get(a.streamId) !== a.expectedVersion).map((a) => a.streamId);
  };

  const readStream = async (streamId: string) => {
    const { rows } = await sql<EventRow>`
      select ${COLUMNS} from events where stream_id = ${streamId} order by stream_version`.execute(db);
    return { version: rows.at(-1)?.stream_version ?? 0, events: rows.map(toRecorded) };
  };

  const streamVersion = async (streamId: string) => {
    const { rows } = await sql<{ version: number | null }>`
      select max(stream_version) as version from events where stream_id = ${streamId}`.execute(db);
    return rows[0]?.version ?? 0;
  };

  const readAll = async (after: GlobalCursor, limit: number, until?: GlobalCursor, types?: readonly string[]): Promise<EventPage> => {
    const { rows } = await pool.query<EventTuple>({
      name: 'erp_read_events',
      rowMode: 'array',
      text: `select r_position as position, r_tx as tx, r_event_id as event_id, r_stream_id as stream_id,
               r_stream_version as stream_version, r_type as type, r_data as data, r_metadata as metadata
             from erp_read_events($1::xid8, $2::bigint, $3::int, $4::xid8, $5::bigint, $6::text[])`,
      values: [after.tx, after.position, limit, until?.tx ?? null, until?.position ?? null, types ?? null],
    });
    return toPage(rows, after);
  };

  // A position inside a numbering gap (a failed append) stands for the last event before it.
  const cursorAt = async (position: string): Promise<GlobalCursor | null> => {
    const { rows } = await prepared(sql<{ tx: string; position: string }>`
      select transaction_id::text as tx, position::text as position from events
      where position <= ${position}::bigint order by events.position desc limit 1`).execute(db);
    return rows[0] ? { tx: rows[0].tx, position: rows[0].position } : null;
  };

  // The highest position is not the end: a later transaction may hold a lower position.
  const endCursor = async (): Promise<GlobalCursor> => {
    const { rows } = await sql<GlobalCursor>`select transaction_id::text as tx, position::text as position from (${lastEventSql}) last`.execute(db);
    return rows[0] ?? START;
  };

  const countAfter = async (after: GlobalCursor, atMost: number): Promise<number> => {
    const { rows } = await prepared(sql<{ n: number }>`
      select erp_count_after(${after.tx}::xid8, ${after.position}::bigint, ${atMost}::int) as n`).execute(db);
    return rows[0]?.n ?? 0;
  };

  const readFeed = async (query: EventFeedQuery): Promise<EventPage> => {
    const { rows } = await pool.query<EventTuple>({
      name: 'erp_read_feed',
      rowMode: 'array',
      text: `select r_position as position, r_tx as tx, r_event_id as event_id, r_stream_id as stream_id,
               r_stream_version as stream_version, r_type as type, r_data as data, r_metadata as metadata
             from erp_read_feed($1::xid8, $2::bigint, $3::int, $4::text[], $5::text, $6::text)`,
      values: [query.after.tx, query.after.position, query.limit, query.types ?? (query.type ? [query.type] : null), query.streamId ?? null, query.streamPattern ?? null],
    });
    return toPage(rows, query.after);
  };

  const eventAt = async (position: string) => {
    const { rows } = await sql<EventRow>`
      select ${COLUMNS} from events
      where position = ${position}::bigint and transaction_id < (select erp_read_horizon())`.execute(db);
    return rows[0] ? toRecorded(rows[0]) : null;
  };

  const findEvents = async (eventIds: readonly string[]) => {
    if (eventIds.length === 0) return [];
    const { rows } = await sql<EventRow>`
      select ${COLUMNS} from events where event_id = any(${eventIds}::uuid[]) order by events.position`.execute(db);
    return rows.map(toRecorded);
  };

  const streamsWith = async (matches: readonly StreamMatch[]) => {
    const wanted = matches.filter((m) => m.types.length > 0);
    if (wanted.length === 0) return [];
    const any = sql.join(wanted.map((m) => sql`(type = any(${m.types}::text[]) and data @> ${JSON.stringify(m.contains)}::jsonb)`), sql` or `);
    const { rows } = await sql<{ stream_id: string }>`select distinct stream_id from events where ${any} order by stream_id`.execute(db);
    return rows.map((r) => r.stream_id);
  };

  const headPosition = async () => {
    const { rows } = await sql<{ head: string }>`
      select coalesce(max(position), 0)::text as head from events`.execute(db);
    return rows[0]?.head ?? '0';
  };

  const importEvents = async (events: readonly RecordedEvent[]) => {
    if (events.length === 0) return;
    await sql`
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select * from unnest(${events.map((e) => e.eventId)}::uuid[], ${events.map((e) => e.streamId)}::text[],
                           ${events.map((e) => e.streamVersion)}::int[], ${events.map((e) => e.type)}::text[],
                           ${events.map((e) => JSON.stringify(e.data))}::jsonb[],
                           ${events.map((e) => JSON.stringify(e.metadata))}::jsonb[])
      where erp_append_lock()`.execute(db);
    notifier.publish('appended', await headPosition());
  };

  return { kind, append, readStream, streamVersion, readAll, cursorAt, endCursor, countAfter, readFeed, eventAt, findEvents, streamsWith, headPosition, importEvents };
};
