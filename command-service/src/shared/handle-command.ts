import { createHash, randomUUID } from 'node:crypto';

import { conflict, type DomainEvent, versionMismatch } from '@erp/contracts';
import { type EventMetadataInput, type EventStore, StreamVersionConflict } from '@erp/eventstore';

import type { Command, Decider } from './decider';

export interface HandleOptions {
  /** From If-Match: the stream versions the client accepts. A mismatch is a 412. */
  readonly expectedVersions?: readonly number[];
  /** From Idempotency-Key: makes event ids deterministic, so a retried command appends nothing. */
  readonly idempotencySeed?: string;
  readonly metadata: EventMetadataInput;
}

export interface HandleResult<State> {
  readonly state: State;
  readonly streamId: string;
  readonly version: number;
  /** Global position of the last event of this stream: the read-your-writes token. */
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

/**
 * Read → fold → decide → append with the expected version (STYLE b.4). Without If-Match a
 * version conflict re-runs the whole handler (the decision is pure); with it, it is a 412.
 */
export const handleCommand = async <State, Cmd extends Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Cmd, Event>,
  streamId: string,
  command: Cmd,
  options: HandleOptions,
): Promise<HandleResult<State>> => {
  for (let attempt = 1; ; attempt++) {
    const { version, events } = await store.readStream(streamId);
    // An absent record is a 404 from the decider, not a 412.
    const { expectedVersions } = options;
    if (expectedVersions && version > 0 && !expectedVersions.includes(version)) {
      throw versionMismatch('This record was changed by someone else. Reload it and try again.');
    }
    const fold = (state: State, list: readonly DomainEvent[]) =>
      list.reduce((s, e) => decider.evolve(s, e as Event), state);
    const state = fold(decider.initialState(), events);
    const decided = decider.decide(command, state);
    const newEvents = Array.isArray(decided) ? decided : [decided];
    const lastPosition = events.at(-1)?.position ?? '0';
    if (newEvents.length === 0) return { state, streamId, version, position: lastPosition, appended: 0 };
    try {
      const result = await store.append(
        [{
          streamId,
          expectedVersion: version,
          events: newEvents.map((e, i) => ({ ...e, eventId: eventId(options.idempotencySeed, i) })),
        }],
        options.metadata,
      );
      if (result.duplicate) return replayed(store, decider, result.streams[0]!.streamId, result.lastPosition);
      return { state: fold(state, newEvents), streamId, version: result.streams[0]!.version, position: result.lastPosition, appended: newEvents.length };
    } catch (error) {
      if (!(error instanceof StreamVersionConflict)) throw error;
      if (expectedVersions) {
        throw versionMismatch('This record was changed by someone else. Reload it and try again.');
      }
      if (attempt >= MAX_ATTEMPTS) throw conflict('The record is being changed by others right now; try again');
      await backoff(attempt);
    }
  }
};

/** The same command already ran (same Idempotency-Key): answer with what it produced. */
const replayed = async <State, Cmd extends Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Cmd, Event>,
  streamId: string,
  position: string,
): Promise<HandleResult<State>> => {
  const { version, events } = await store.readStream(streamId);
  const state = events.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
  return { state, streamId, version, position, appended: 0 };
};
