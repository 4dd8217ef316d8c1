import { randomUUID } from 'node:crypto';

import { type EventStore, StreamVersionConflict } from '@erp/eventstore';
import { actorId, type RecordUserEvent } from '@erp/http-kit';

/** The stream of one user's audit events; not `user-<id>`: users' ids are not the id allocator's. */
export const userStream = (id: number) => `user:${id}`;

/**
 * Users live in the auth tables (sign-in reads them on every request); each change to them is
 * also an event, so the log says who added, disabled or reset whom, and when.
 */
export const userEvents = (store: EventStore): RecordUserEvent => async (ctx, event) => {
  const state = ctx.state;
  const metadata = { userId: actorId(state), username: state.user?.username ?? null, correlationId: state.correlationId, at: state.now.toISOString() };
  const streamId = userStream(event.data.id);
  // Two changes to one user at once: the later one reads the new version and goes again.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const expectedVersion = await store.streamVersion(streamId);
      await store.append([{ streamId, expectedVersion, events: [{ eventId: randomUUID(), type: event.type, data: event.data }] }], metadata);
      return;
    } catch (error) {
      if (!(error instanceof StreamVersionConflict) || attempt >= 3) throw error;
    }
  }
};
