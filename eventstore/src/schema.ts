import { sql } from 'kysely';

import type { AnyDb } from './db';
import { LOCK_KEYS } from './locks';

/**
 * Every append holds this shared advisory lock (transaction-scoped) from before its
 * transaction id is assigned until it commits. Readers look for its holders to learn which of
 * *our* appends are still in flight; nothing else on the server can hold them back.
 */
const APPEND_LOCK_KEY = LOCK_KEYS.append;

/**
 * The event log and the small write-side tables. Idempotent DDL, run at every start; an
 * advisory lock keeps concurrent starters (many service instances) from racing on it.
 */
export const migrateEventStore = async (db: AnyDb): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEYS.eventStoreSchema})`.execute(trx);
    await sql`
      create table if not exists events (
        position bigint generated always as identity primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        event_id uuid not null,
        stream_id text not null,
        stream_version integer not null,
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        constraint events_event_id_key unique (event_id),
        constraint events_stream_version_key unique (stream_id, stream_version)
      )`.execute(trx);
    await sql`create index if not exists events_tx_position on events (transaction_id, position)`.execute(trx);
    // Which store this is, for as long as it lives: processes on one store share it (the NATS
    // subjects they wake each other on), another store, even on the same NATS, has its own.
    await sql`create table if not exists store_identity (id uuid primary key default gen_random_uuid(), one boolean not null unique default true check (one))`.execute(trx);
    await sql`insert into store_identity default values on conflict (one) do nothing`.execute(trx);
    await sql`create index if not exists events_type on events (type, position)`.execute(trx);
    await createReaderFunctions(trx);
    await createGuardFunction(trx);
  });
};

/**
 * `erp_guard(streams, versions, writes)`: an append's guard streams (StreamAppend.guard), called
 * once per append (an InitPlan) before its first row is inserted. Each guard is a transaction
 * advisory lock on (guard key, hash of the stream id), taken in one order: exclusive by an append
 * that writes to the stream, shared by one that only checks its version. The versions are then
 * checked by a query of this VOLATILE function, so with a snapshot taken after the locks: a
 * change of a guard that committed while this append waited is seen, and one that has not begun
 * waits for this append to commit. A check and a change of one guard are never concurrent, so no
 * event checked against a guard's old version lands after its new one in the log (issue 43: a
 * backdated write and the lock that refuses it). Two ids with one hash share a lock: slower, not wrong.
 */
const createGuardFunction = async (db: AnyDb) => {
  await sql`
    create or replace function erp_guard(streams text[], versions integer[], writes boolean[]) returns boolean
    language plpgsql volatile as $$
    declare
      g record;
    begin
      for g in select hashtext(s) as key, bool_or(w) as w from unnest(streams, writes) as x(s, w) group by 1 order by 1 loop
        if g.w then
          perform pg_advisory_xact_lock(${sql.lit(LOCK_KEYS.guard)}::integer, g.key);
        else
          perform pg_advisory_xact_lock_shared(${sql.lit(LOCK_KEYS.guard)}::integer, g.key);
        end if;
      end loop;
      return (select coalesce(bool_and(coalesce((select max(e.stream_version) from events e where e.stream_id = x.s), 0) = x.v), true)
              from unnest(streams, versions) as x(s, v));
    end
    $$`.execute(db);
};

/**
 * `erp_append_lock()` is called in an append's WHERE clause, so the lock is taken before the
 * first row is inserted, i.e. before the transaction gets its id.
 *
 * `erp_read_horizon()`: every event of a transaction below it is committed or never will be.
 * It is the oldest transaction id among our appends in flight (holders of the append lock),
 * or, with none, the end of the statement's snapshot. The snapshot is taken before pg_locks and
 * pg_stat_activity are read, so an append that gets its id after those reads has an id at or
 * above the horizon, and one that got it before is seen holding the lock with its id. The id
 * comes from pg_stat_activity.backend_xid, set the moment the id is assigned (pg_locks'
 * transactionid row comes a moment later). Locks are released only after the commit is
 * visible to new snapshots. Each holder's id is read by its pid (pg_stat_get_activity(pid), after
 * pg_locks): with no append in flight nothing else is read (the whole of pg_stat_activity, joined,
 * cost 0.2 ms of the server's time on every read of the log, 0.07 this way).
 * pg_locks shows 32-bit xids; they are widened to xid8 as the signed 32-bit distance from the
 * snapshot's xmax (an xid in flight may lie a little above xmax, never 2^31 away from it).
 *
 * `erp_read_events(...)`: the horizon, then the page, as two statements of a VOLATILE function,
 * so the page is read with a snapshot taken after the horizon: an append that committed
 * between them is visible in the page, one still running is above the horizon.
 */
const createReaderFunctions = async (db: AnyDb) => {
  await sql`
    create or replace function erp_append_lock() returns boolean language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock_shared(${sql.lit(APPEND_LOCK_KEY)}::bigint);
      return true;
    end
    $$`.execute(db);
  // PL/pgSQL, not SQL: a SQL function that cannot be inlined is planned again at every call from
  // a client (0.5 ms here, on every projection batch); PL/pgSQL keeps its plan for the session.
  await sql`
    create or replace function erp_read_horizon() returns xid8 language plpgsql volatile as $$
    begin
      return (with snapshot as (
        select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xmax
      ), in_flight as (
        select a.backend_xid::text::bigint as xid32
        from pg_locks l
        cross join lateral pg_stat_get_activity(l.pid) a
        where l.locktype = 'advisory' and l.granted
          and l.database = (select oid from pg_database where datname = current_database())
          and l.classid = 0 and l.objid = ${sql.lit(APPEND_LOCK_KEY)} and l.objsubid = 1
          and a.backend_xid is not null
      )
      select least(
        (select xmax from snapshot),
        (select min(s.xmax + (((f.xid32 - s.xmax) % 4294967296) + 6442450944) % 4294967296 - 2147483648)
         from in_flight f, snapshot s)
      )::text::xid8);
    end
    $$`.execute(db);
  await sql`drop function if exists erp_read_events(xid8, bigint, integer)`.execute(db);
  await sql`drop function if exists erp_read_events(xid8, bigint, integer, xid8, bigint)`.execute(db);
  // With `types`, only events of those types (a rebuild of some read models reads only the events
  // they handle), and a page shorter than max_rows ends with a row of cursor alone (type null):
  // the last visible event it scanned past, so the reader moves on over the others. It walks
  // events_tx_position in order, whatever the types: the planner is kept off events_type and a
  // sort (a scan of every event of the types after the cursor, again for every page).
  await sql`
    create or replace function erp_read_events(after_tx xid8, after_position bigint, max_rows integer,
                                               until_tx xid8, until_position bigint, types text[] default null)
    returns table (r_position text, r_tx text, r_event_id text, r_stream_id text,
                   r_stream_version integer, r_type text, r_data jsonb, r_metadata jsonb)
    language plpgsql volatile set enable_seqscan = off set enable_bitmapscan = off set enable_sort = off as $$
    declare
      horizon xid8 := erp_read_horizon();
      found_rows integer;
    begin
      return query
        select e.position::text, e.transaction_id::text, e.event_id::text, e.stream_id,
               e.stream_version, e.type, e.data, e.metadata
        from events e
        where (e.transaction_id, e.position) > (after_tx, after_position)
          and e.transaction_id < horizon
          and (until_tx is null or (e.transaction_id, e.position) <= (until_tx, until_position))
          and (types is null or e.type = any(types))
        order by e.transaction_id, e.position
        limit max_rows;
      get diagnostics found_rows = row_count;
      if types is not null and found_rows < max_rows then
        return query
          select e.position::text, e.transaction_id::text, null::text, null::text, null::integer, null::text, null::jsonb, null::jsonb
          from events e
          where (e.transaction_id, e.position) > (after_tx, after_position)
            and e.transaction_id < horizon
            and (until_tx is null or (e.transaction_id, e.position) <= (until_tx, until_position))
          order by e.transaction_id desc, e.position desc
          limit 1;
      end if;
    end
    $$`.execute(db);
  // A reader's lag, counted up to max_rows by walking events_tx_position from its cursor. The
  // planner is told so: without statistics (a server with autovacuum off) it plans the count as
  // a scan and sort of the whole table, 50 ms at 400,000 events for a reader that is caught up.
  await sql`
    create or replace function erp_count_after(after_tx xid8, after_position bigint, max_rows integer)
    returns integer language sql stable set enable_seqscan = off set enable_bitmapscan = off as $$
      select count(*)::int from (select 1 from events e
        where (e.transaction_id, e.position) > (after_tx, after_position)
        order by e.transaction_id, e.position limit max_rows) after_cursor
    $$`.execute(db);
  // The operators' and integrators' feed: the same order and horizon, filtered by types, a stream
  // or a pattern of streams (a module's).
  await sql`drop function if exists erp_read_feed(xid8, bigint, integer, text, text)`.execute(db);
  await sql`
    create or replace function erp_read_feed(after_tx xid8, after_position bigint, max_rows integer,
                                             type_filter text[], stream_filter text, stream_pattern text)
    returns table (r_position text, r_tx text, r_event_id text, r_stream_id text,
                   r_stream_version integer, r_type text, r_data jsonb, r_metadata jsonb)
    language plpgsql volatile as $$
    declare
      horizon xid8 := erp_read_horizon();
    begin
      return query
        select e.position::text, e.transaction_id::text, e.event_id::text, e.stream_id,
               e.stream_version, e.type, e.data, e.metadata
        from events e
        where (e.transaction_id, e.position) > (after_tx, after_position)
          and e.transaction_id < horizon
          and (type_filter is null or e.type = any(type_filter))
          and (stream_filter is null or e.stream_id = stream_filter)
          and (stream_pattern is null or e.stream_id ~ stream_pattern)
        order by e.transaction_id, e.position
        limit max_rows;
    end
    $$`.execute(db);
};

/** The store's identity (made at its first migration): the namespace of its wake-ups on NATS. */
export const storeIdentity = async (db: AnyDb): Promise<string> =>
  (await sql<{ id: string }>`select id::text as id from store_identity`.execute(db)).rows[0]!.id;
