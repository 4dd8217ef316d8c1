/** The append statements of the Postgres event store (postgres-event-store.ts). */

// erp_append_lock() in the WHERE clause runs before the first row is inserted, so the append
// holds the reader-horizon lock before its transaction gets an id (see schema.ts).
const INSERT_ROWS = `
  insert into events (event_id, stream_id, stream_version, type, data, metadata)
  select r.event_id, r.stream_id, r.stream_version, r.type, r.data, $6::jsonb
  from unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[])
       as r(event_id, stream_id, stream_version, type, data)
  where erp_append_lock()`;
// One event on one stream (most writes): scalar parameters, no arrays to encode and unnest.
export const APPEND_ONE = `
  insert into events (event_id, stream_id, stream_version, type, data, metadata)
  select $1::uuid, $2::text, $3::int, $4::text, $5::jsonb, $6::jsonb
  where erp_append_lock()
    and coalesce((select max(e.stream_version) from events e where e.stream_id = $2::text), 0) = $7::int
  returning position::text as position`;
export const APPEND_SINGLE = `${INSERT_ROWS}
  and coalesce((select max(e.stream_version) from events e where e.stream_id = $7::text), 0) = $8::int
  returning position::text as position`;
export const APPEND_MULTI = `${INSERT_ROWS}
  and (select bool_and(coalesce((select max(e.stream_version) from events e
                                 where e.stream_id = x.stream_id), 0) = x.version)
       from unnest($7::text[], $8::int[]) as x(stream_id, version))
  returning position::text as position`;
// With guard streams (StreamAppend.guard): the versions checked again by erp_guard after its
// locks, with a fresh snapshot (schema.ts). A scalar subquery, so it runs once per append.
export const APPEND_GUARDED = `${INSERT_ROWS}
  and (select bool_and(coalesce((select max(e.stream_version) from events e
                                 where e.stream_id = x.stream_id), 0) = x.version)
       from unnest($7::text[], $8::int[]) as x(stream_id, version))
  and (select erp_guard($9::text[], $10::int[], $11::boolean[]))
  returning position::text as position`;
