import pg from 'pg';

import { type EventStoreHarness, eventStoreContract } from './event-store.contract';
import { postgresIdAllocator } from './ids';
import {
  embeddedTestDatabase,
  type TestDatabase,
  testDatabase,
  testDatabaseKind,
  withStore,
} from './testing';

/** The Postgres adapter on a throwaway database; a pool big enough for the 8-writer race. */
const postgresHarness =
  (createDatabase: () => Promise<TestDatabase>) => async (): Promise<EventStoreHarness> => {
    const database = await createDatabase();
    const s = await withStore(database.url, { max: 12 }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    return {
      store: s.store,
      notifier: s.notifier,
      ids: postgresIdAllocator(s.db),
      moreIds: () => [postgresIdAllocator(s.db, { block: 3 }), postgresIdAllocator(s.db, { block: 7 })],
      // A raw session outside the store: BEGIN, take the append lock, insert one event row, leave it open.
      beginUncommittedAppend: async (streamId, event, metadata) => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        let open = true;
        const finish = async (statement: 'commit' | 'rollback') => {
          if (!open) return;
          open = false;
          try {
            await client.query(statement);
          } finally {
            await client.end();
          }
        };
        try {
          await client.query('begin');
          // As every append does: hold the append lock before the transaction gets its id.
          await client.query('select erp_append_lock()');
          const { rows } = await client.query<{ position: string }>(
            `insert into events (event_id, stream_id, stream_version, type, data, metadata)
             values ($1, $2, 1, $3, $4, $5) returning position::text as position`,
            [event.eventId, streamId, event.type, JSON.stringify(event.data), JSON.stringify(metadata)],
          );
          return {
            position: rows[0]!.position,
            commit: () => finish('commit'),
            rollback: () => finish('rollback'),
          };
        } catch (error) {
          await finish('rollback');
          throw error;
        }
      },
      close: async () => {
        try {
          await s.close();
        } finally {
          await database.drop();
        }
      },
    };
  };

const POSTGRES_CAPABILITIES = { notifier: true, ids: true, openTransactions: true } as const;

eventStoreContract(
  `postgres event store (${testDatabaseKind()} PostgreSQL)`,
  postgresHarness(testDatabase),
  POSTGRES_CAPABILITIES,
);
eventStoreContract(
  'postgres event store (embedded PostgreSQL)',
  postgresHarness(embeddedTestDatabase),
  POSTGRES_CAPABILITIES,
);
