import { sql } from 'kysely';

import type { AnyDb } from './db';

/**
 * The event log and the small write-side tables. Idempotent DDL, run at every start; an
 * advisory lock keeps concurrent starters (many service instances) from racing on it.
 */
export const migrateEventStore = async (db: AnyDb): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(4242001)`.execute(trx);
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
    await sql`create index if not exists events_type on events (type, position)`.execute(trx);
    await sql`
      create table if not exists id_sequences (
        name text primary key,
        last_id integer not null
      )`.execute(trx);
  });
};
