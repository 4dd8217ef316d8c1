import type pg from 'pg';

import { type AnyDb, connect } from '../db';
import type { EventStore } from '../event-store';
import { inProcessNotifier, type Notifier } from '../notifier';
import { postgresEventStore } from '../postgres-event-store';
import { migrateEventStore } from '../schema';

export interface StoreUnderTest {
  readonly db: AnyDb;
  readonly pool: pg.Pool;
  readonly url: string;
  readonly store: EventStore;
  readonly notifier: Notifier;
  /** Closes the pool and the notifier; the database itself stays. */
  close(): Promise<void>;
}

/** A migrated Postgres event store on `url`, with an in-process notifier. */
export const withStore = async (
  url: string,
  options: { max?: number } = {},
): Promise<StoreUnderTest> => {
  const database = connect(url, options);
  try {
    await migrateEventStore(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const notifier = inProcessNotifier();
  return {
    db: database.db,
    pool: database.pool,
    url,
    store: postgresEventStore(database, notifier),
    notifier,
    close: async () => {
      await notifier.close();
      await database.close();
    },
  };
};
