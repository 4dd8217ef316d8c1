import type { RecordedEvent } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { sql } from 'kysely';

import type { Projection } from './projection';

/** The advisory lock that makes one worker the leader of a projection. */
export const lockKey = (name: string) => sql`hashtext(${`projection:${name}`})`;

export const applyEvents = async (db: AnyDb, projection: Projection, events: readonly RecordedEvent[]) => {
  for (const event of events) await projection.handlers[event.type]?.(db, event);
};
