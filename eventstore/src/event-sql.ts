import type { EventMetadata, RecordedEvent } from '@erp/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * Pieces of SQL over the events table for a read that joins the log to its own tables in one
 * statement (one round trip). The table's layout stays here, beside the store that writes it.
 */

/** The last committed event in global order, as a row (transaction_id, position); none in an empty log. */
export const lastEventSql = sql`select transaction_id, position from events order by transaction_id desc, position desc limit 1`;

export type StreamEventTuple = [position: string, eventId: string, streamVersion: number, type: string, data: unknown, metadata: EventMetadata];

/** One stream's events above a version, oldest first, as one jsonb array (null when there are none). */
export const streamEventsAboveSql = (streamId: string, version: RawBuilder<unknown>): RawBuilder<StreamEventTuple[] | null> =>
  sql`(select jsonb_agg(jsonb_build_array(e.position::text, e.event_id::text, e.stream_version, e.type, e.data, e.metadata) order by e.stream_version)
    from events e where e.stream_id = ${streamId} and e.stream_version > ${version})`;

/** The events streamEventsAboveSql answered. */
export const streamEventsOf = (streamId: string, tuples: readonly StreamEventTuple[]): RecordedEvent[] =>
  tuples.map(([position, eventId, streamVersion, type, data, metadata]) => ({ position, eventId, streamId, streamVersion, type, data, metadata }));
