import { createHash, randomUUID } from 'node:crypto';

import { conflict, DomainError, type DomainEvent, versionMismatch } from '@erp/contracts';
import { type EventMetadataInput, type EventStore, type StreamMatch, StreamVersionConflict } from '@erp/eventstore';

import { type Evolver, evolveAll, foldStored } from './decider';
import { checkLocks, type Dated } from './period-locks';

/** A stream as a command saw it: its folded state and the version to append at. */
export interface StreamHandle<State> {
  readonly streamId: string;
  readonly state: State;
  readonly version: number;
  /** Position of its last event ('0' for a new stream). */
  readonly lastPosition: string;
  /** When its first event was recorded (its metadata's `at`), for a stream read whole. */
  readonly firstAt?: string;
  /** A guard stream (ctx.guard): its version is checked under its guard in the append (StreamAppend.guard). */
  readonly guard?: boolean;
}

export interface CommandContext {
  /** Reads a stream and folds it; the append expects it still at the version read. */
  load<State, Event>(streamId: string, evolver: Evolver<State, Event>): Promise<StreamHandle<State>>;
  /** A stream the command knows is new (a freshly allocated id): expected version 0, not read. */
  fresh<State, Event>(streamId: string, evolver: Evolver<State, Event>): StreamHandle<State>;
  /** A stream whose version is all the command needs (a number series): its events are not read. */
  versionOf(streamId: string): Promise<StreamHandle<null>>;
  /** The streams with a committed event matching any of these (EventStore.streamsWith). */
  streamsWith(matches: readonly StreamMatch[]): Promise<readonly string[]>;
  /**
   * A guard stream (a period lock, read by every dated command): as this process last read it,
   * unless `fresh`. Safe to decide on when the decision appends: the append checks the version
   * under the guard, and a guard that moved (another process locked) drops the copy and makes the
   * command decide again. A decision that appends nothing because of it (a refusal) reads it fresh.
   */
  guard<State, Event>(streamId: string, evolver: Evolver<State, Event>, options?: { readonly fresh?: boolean }): Promise<StreamHandle<State>>;
}

export interface Decision<Result> {
  /** The stream If-Match, ETag and X-Event-Position are about. */
  readonly main: StreamHandle<unknown>;
  /** Events per stream, appended together in one atomic append. */
  readonly appends: readonly { readonly stream: StreamHandle<unknown>; readonly events: readonly DomainEvent[] }[];
  /**
   * Streams the decision read and nothing is appended to, whose version must still hold when the
   * events are appended (a document's party: a change committed meanwhile decides again). A
   * stream read but not named here or in `appends` is not checked. Two appends in flight at the
   * same moment can both pass such a check (each sees the other's rows only once committed): a
   * rule that must hold against those needs both to append to one stream, whose (stream,
   * version) key lets one in (a party's first use and its delete, issue 42).
   */
  readonly checked?: readonly StreamHandle<unknown>[];
  /** The dates it records, changes or voids in each lock scope: refused on or before a lock (period-locks.ts). */
  readonly dated?: Dated;
  readonly result: Result;
}

/** Reads what it needs, decides (purely), and says what to append. Re-run whole on a conflict. */
export type CommandRun<Result> = (ctx: CommandContext) => Promise<Decision<Result>>;

export interface HandleOptions<Result> {
  /** From If-Match: the main stream versions the client accepts. A mismatch is a 412. */
  readonly expectedVersions?: readonly number[];
  /** From Idempotency-Key: makes event ids deterministic, so a retried command appends nothing. */
  readonly idempotencySeed?: string;
  readonly metadata: EventMetadataInput;
  /**
   * The same command already ran (same Idempotency-Key): answer from what is stored on the
   * main stream it appended to.
   */
  readonly replay?: (mainStreamId: string) => Promise<Result>;
}

export interface HandleResult<Result> {
  readonly result: Result;
  /** The main stream's version after the command (its ETag). */
  readonly version: number;
  /** Global position of the last event of this command: the read-your-writes token. */
  readonly position: string;
  readonly appended: number;
}

// Without If-Match a write must go through (DESIGN §2): retry version races with a jittered
// backoff; ten attempts ride out dozens of concurrent writers on one record.
const MAX_ATTEMPTS = 10;
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));

const eventId = (seed: string | undefined, index: number) => {
  if (!seed) return randomUUID();
  const h = createHash('sha256').update(`${seed}#${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const CHANGED_ELSEWHERE = 'This record was changed by someone else. Reload it and try again.';

/**
 * The guard streams each store's commands last read, by stream id (issue 43: a lock read once,
 * not by every dated write). Per store object, so a test's store never sees another's.
 */
const guardCaches = new WeakMap<EventStore, Map<string, StreamHandle<unknown>>>();
const guardCacheOf = (store: EventStore) => {
  let cache = guardCaches.get(store);
  if (!cache) guardCaches.set(store, (cache = new Map()));
  return cache;
};

const loadFrom = async <State, Event>(store: EventStore, streamId: string, evolver: Evolver<State, Event>): Promise<StreamHandle<State>> => {
  const { version, events } = await store.readStream(streamId);
  const state = foldStored(evolver, events);
  return { streamId, state, version, lastPosition: events.at(-1)?.position ?? '0', ...(events[0] ? { firstAt: events[0].metadata.at } : {}) };
};

const contextFor = (store: EventStore): CommandContext => ({
  load: (streamId, evolver) => loadFrom(store, streamId, evolver),
  fresh: (streamId, evolver) => ({ streamId, state: evolver.initialState(), version: 0, lastPosition: '0' }),
  versionOf: async (streamId) => ({ streamId, state: null, version: await store.streamVersion(streamId), lastPosition: '0' }),
  streamsWith: (matches) => store.streamsWith(matches),
  guard: async <State, Event>(streamId: string, evolver: Evolver<State, Event>, options?: { readonly fresh?: boolean }) => {
    const cache = guardCacheOf(store);
    const cached = options?.fresh ? undefined : (cache.get(streamId) as StreamHandle<State> | undefined);
    if (cached) return cached;
    const handle = { ...(await loadFrom(store, streamId, evolver)), guard: true };
    cache.set(streamId, handle);
    return handle;
  },
});

/** The appends of a decision with events, then each checked stream not among them, with none. */
const appendsOf = (decision: Decision<unknown>, locks: readonly StreamHandle<unknown>[]) => {
  const appends = decision.appends.filter((a) => a.events.length > 0);
  if (appends.length === 0) return appends;
  const named = new Set(appends.map((a) => a.stream.streamId));
  for (const stream of [...(decision.checked ?? []), ...locks]) {
    if (named.has(stream.streamId)) continue;
    named.add(stream.streamId);
    appends.push({ stream, events: [] });
  }
  return appends;
};

/** The most events one command appends (a settlement of 500 lines releasing 500 others, and more). */
const MAX_EVENTS_PER_COMMAND = 1100;

/**
 * A command with an Idempotency-Key whose first attempt appended (its first event id is in the
 * log) but never answered — the process died, or its answer was lost: the answer is read back
 * from what it appended, and nothing is decided or appended again. The same key with another
 * request is a 409. Null when there was no first attempt.
 */
const earlierAttempt = async <Result>(store: EventStore, options: HandleOptions<Result>): Promise<HandleResult<Result> | null> => {
  const seed = options.idempotencySeed;
  if (!seed || !options.replay) return null;
  const [first] = await store.findEvents([eventId(seed, 0)]);
  if (!first) return null;
  const { requestHash } = options.metadata;
  if (requestHash && first.metadata.requestHash && first.metadata.requestHash !== requestHash) {
    throw conflict('This Idempotency-Key was used for a different request');
  }
  const all = await store.findEvents(Array.from({ length: MAX_EVENTS_PER_COMMAND }, (_, i) => eventId(seed, i)));
  const onMain = all.filter((e) => e.streamId === first.streamId);
  return {
    result: await options.replay(first.streamId),
    version: Math.max(...onMain.map((e) => e.streamVersion)),
    position: all.reduce((max, e) => (BigInt(e.position) > BigInt(max) ? e.position : max), '0'),
    appended: 0,
  };
};

/**
 * Read → fold → decide → append, over as many streams as the command touches, in one append
 * with every stream's expected version (DESIGN §4). A stream that moved meanwhile makes the
 * whole command run again (the decision is pure); with If-Match, the main stream moving is a 412.
 * A retried command (same Idempotency-Key) is answered from what its first attempt appended.
 */
export const handleCommand = async <Result>(
  store: EventStore,
  run: CommandRun<Result>,
  options: HandleOptions<Result>,
): Promise<HandleResult<Result>> => {
  const { expectedVersions } = options;
  const earlier = await earlierAttempt(store, options);
  if (earlier) return earlier;
  for (let attempt = 1; ; attempt++) {
    let decision: Decision<Result>;
    const ctx = contextFor(store);
    try {
      decision = await run(ctx);
    } catch (error) {
      // A first attempt may have committed while this one was deciding: its effects made this
      // decision fail ('already taken', 'only ₹0.00 is due'). Then the answer is the first's.
      const committed = error instanceof DomainError ? await earlierAttempt(store, options) : null;
      if (committed) return committed;
      throw error;
    }
    const { main } = decision;
    // An absent record is a 404 from the decider (it ran above), never a 412.
    if (expectedVersions && main.version > 0 && !expectedVersions.includes(main.version)) {
      throw versionMismatch(CHANGED_ELSEWHERE);
    }
    if (!decision.appends.some((a) => a.events.length > 0)) {
      return { result: decision.result, version: main.version, position: main.lastPosition, appended: 0 };
    }
    // Something changes: nothing dated on or before a lock (issue 43), whatever the command.
    const appends = appendsOf(decision, await checkLocks(ctx, decision.dated));
    let index = 0;
    const streamAppends = appends.map((a) => ({
      streamId: a.stream.streamId,
      expectedVersion: a.stream.version,
      ...(a.stream.guard ? { guard: true } : {}),
      events: a.events.map((e) => ({ type: e.type, data: e.data, eventId: eventId(options.idempotencySeed, index++) })),
    }));
    const guards = guardCacheOf(store);
    try {
      const appended = await store.append(streamAppends, options.metadata);
      // A guard this command changed is read again by the next command that needs it.
      for (const a of streamAppends) if (a.guard && a.events.length > 0) guards.delete(a.streamId);
      if (appended.duplicate && options.replay) {
        const stored = appended.streams[0]!;
        return { result: await options.replay(stored.streamId), version: stored.version, position: appended.lastPosition, appended: 0 };
      }
      const mainAfter = appended.streams.find((s) => s.streamId === main.streamId)?.version ?? main.version;
      return { result: decision.result, version: mainAfter, position: appended.lastPosition, appended: index };
    } catch (error) {
      if (!(error instanceof StreamVersionConflict)) throw error;
      for (const moved of error.movedStreams) guards.delete(moved);
      if (expectedVersions && error.movedStreams.includes(main.streamId)) throw versionMismatch(CHANGED_ELSEWHERE);
      if (attempt >= MAX_ATTEMPTS) throw conflict('The record is being changed by others right now; try again');
      await backoff(attempt);
    }
  }
};

/** A stream's state after events the command is about to append. */
export const stateAfter = <State, Event>(
  evolver: Evolver<State, Event>,
  stream: StreamHandle<State>,
  events: readonly Event[],
): State => evolveAll(evolver, stream.state, events);
