import type { DomainEvent, RecordedEvent } from '@erp/contracts';

/** Where a reader stands in the global log: (transaction id, position), compared as a pair. */
export interface GlobalCursor {
  readonly tx: string;
  readonly position: string;
}
export const START: GlobalCursor = { tx: '0', position: '0' };

export interface EventToAppend extends DomainEvent {
  /** Stable id; appending the same id twice is a no-op (idempotent retries). */
  readonly eventId: string;
}

export interface StreamAppend {
  readonly streamId: string;
  /** The version the caller read: 0 for a new stream. */
  readonly expectedVersion: number;
  readonly events: readonly EventToAppend[];
  /**
   * A guard stream (a period lock): the append and every other append naming it do not overlap.
   * One that writes to it holds it alone until it commits; one that only checks its version (no
   * events) holds it shared and checks the version after every earlier writer of it committed.
   * So once a guard's new version is committed, nothing checked against its old one commits after
   * it; without `guard`, a version checked and not written can change while the append runs.
   */
  readonly guard?: boolean;
}

export interface AppendResult {
  /** Global position of the last event of the command. */
  readonly lastPosition: string;
  readonly streams: readonly { streamId: string; version: number }[];
  /** True when every event id was already in the log (a retried command). */
  readonly duplicate: boolean;
}

export interface StreamRead {
  readonly version: number;
  readonly events: readonly RecordedEvent[];
}

export interface EventPage {
  readonly events: readonly RecordedEvent[];
  readonly cursor: GlobalCursor;
}

export interface EventFeedQuery {
  readonly after: GlobalCursor;
  readonly limit: number;
  readonly type?: string;
  /** Events of any of these types. */
  readonly types?: readonly string[];
  readonly streamId?: string;
  /** Streams whose id matches this regular expression (a module's: `^(vendor|purchase-invoice)-[0-9]+$`). */
  readonly streamPattern?: string;
}

/** streamsWith's criterion: an event of one of `types` whose data contains `contains`. */
export interface StreamMatch {
  readonly types: readonly string[];
  readonly contains: Readonly<Record<string, unknown>>;
}

export interface EventMetadataInput {
  readonly userId: number | null;
  readonly username: string | null;
  readonly correlationId: string;
  readonly at: string;
  /** A command sent with an Idempotency-Key: the hash of its request, so a retry can be told from a reuse. */
  readonly requestHash?: string;
}

/** The event store port. Adapters: Postgres (embedded or server). */
export interface EventStore {
  readonly kind: string;
  readStream(streamId: string): Promise<StreamRead>;
  /** A stream's version without its events (a number series: how many numbers it has given). */
  streamVersion(streamId: string): Promise<number>;
  /** Atomic across all streams: every expected version must hold, or nothing is written. */
  append(appends: readonly StreamAppend[], metadata: EventMetadataInput): Promise<AppendResult>;
  /**
   * Events committed after the cursor in global order; never skips a late commit. With `until`,
   * only events at or before that cursor (a reader catching up to another stops on it). With
   * `types`, only events of those types, and the cursor moves past the others it scanned: a page
   * may be empty with its cursor moved on (empty at an unmoved cursor: nothing more yet).
   */
  readAll(after: GlobalCursor, limit: number, until?: GlobalCursor, types?: readonly string[]): Promise<EventPage>;
  /** The cursor of the last visible event at or before a position; null if there is none. */
  cursorAt(position: string): Promise<GlobalCursor | null>;
  /** The last committed event in global order: a reader past it has read all there is. */
  endCursor(): Promise<GlobalCursor>;
  /**
   * How many committed events lie after a cursor (a projection's lag), counted up to `atMost`:
   * a lag of more reads as `atMost`. Walks the log's index from the cursor, so a caught-up
   * reader is answered at once however long the log is.
   */
  countAfter(cursor: GlobalCursor, atMost: number): Promise<number>;
  /**
   * Operators' and integrators' paging through the log (GET /api/events), filtered by type or
   * stream: the global order of readAll, so a pager never skips an event that commits late.
   */
  readFeed(query: EventFeedQuery): Promise<EventPage>;
  /** One event by its position; null for a gap or beyond the end. */
  eventAt(position: string): Promise<RecordedEvent | null>;
  /** The events of these ids that are in the log (a retried command finds its first attempt's). */
  findEvents(eventIds: readonly string[]): Promise<readonly RecordedEvent[]>;
  /**
   * The streams with a committed event that matches any of these: one of its types, its data
   * containing `contains` (jsonb `@>`) — which documents ever named a record (`{ customerId: 7 }`).
   * One pass over the log (no index on data): for rare commands, a party's delete.
   */
  streamsWith(matches: readonly StreamMatch[]): Promise<readonly string[]>;
  headPosition(): Promise<string>;
  /** Import one exported event as is (ids, stream versions, metadata kept). */
  importEvents(events: readonly RecordedEvent[]): Promise<void>;
}

/** An append refused because a stream moved since the caller read it. */
export class StreamVersionConflict extends Error {
  constructor(
    /** The first stream that moved. */
    readonly streamId: string,
    readonly expectedVersion: number,
    /** Every stream of the append that is no longer at its expected version. */
    readonly movedStreams: readonly string[] = [streamId],
  ) {
    super(`Stream ${streamId} is not at version ${expectedVersion}`);
    this.name = 'StreamVersionConflict';
  }
}

export const compareCursors = (a: GlobalCursor, b: GlobalCursor): number => {
  const tx = BigInt(a.tx) - BigInt(b.tx);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.position) - BigInt(b.position);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
};
