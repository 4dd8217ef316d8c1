import { INTEGRATION_STREAM, toIntegrationEvent } from '@erp/contracts';
import type { AnyDb, EventStore, Notifier } from '@erp/eventstore';
import { jetstream, jetstreamManager, type JetStreamClient, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

import { ensureIntegrationCheckpoint, lockIntegrationCheckpoint, migrateIntegrationCheckpoints, moveIntegrationCheckpoint } from './checkpoint';
import { integrationSubject } from './subjects';
import { type Round, runWorker, type WorkerLog } from './worker-loop';

export const PUBLISHER_CHECKPOINT = 'nats-publisher';

export interface PublisherOptions {
  readonly db: AnyDb;
  readonly store: EventStore;
  readonly notifier: Notifier;
  readonly natsUrl: string;
  readonly log: WorkerLog;
  /** The JetStream stream (ERP_EVENTS; a test may take its own). */
  readonly stream?: string;
  readonly batchSize?: number;
  readonly pollMs?: number;
  /** Called with each batch once JetStream has acked it (metrics). */
  readonly published?: (events: number, lagsMs: readonly number[]) => void;
}

const encoder = new TextEncoder();
/** JetStream forgets Msg-Ids after this: a publisher back within it re-sends nothing twice. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** How long the stream keeps an event: a consumer away longer replays from the log (`GET /api/events`). */
const RETENTION_MS = 30 * 24 * 3_600_000;

const ensureStream = async (nc: NatsConnection, name: string) => {
  const jsm = await jetstreamManager(nc, { timeout: 5000 });
  const config = { subjects: ['erp.*.*.*'], storage: StorageType.File, duplicate_window: DUPLICATE_WINDOW_MS * 1_000_000, max_age: RETENTION_MS * 1_000_000 };
  try {
    await jsm.streams.info(name);
  } catch {
    await jsm.streams.add({ name, ...config });
  }
};

/**
 * The integration-event publisher (issue 23): a log follower like a projection runner. It
 * reads the log after its checkpoint, publishes each public event to JetStream in log order
 * with `Nats-Msg-Id` = the event id, waits for every ack, then moves its checkpoint — all
 * while it holds the checkpoint row, so of several workers one publishes. Killed between the
 * acks and the commit, it publishes that page again: JetStream's duplicate window drops the
 * repeats, and consumers de-duplicate by id in any case (at least once, in order).
 */
export const startIntegrationPublisher = async (options: PublisherOptions) => {
  const { db, store, log } = options;
  const streamName = options.stream ?? INTEGRATION_STREAM;
  const batchSize = options.batchSize ?? 500;
  await migrateIntegrationCheckpoints(db);
  await ensureIntegrationCheckpoint(db, PUBLISHER_CHECKPOINT);
  let nc: NatsConnection | null = null;
  let js: JetStreamClient | null = null;

  const connected = async (): Promise<JetStreamClient> => {
    if (nc?.isClosed()) nc = js = null;
    if (!nc) nc = await connect({ servers: options.natsUrl, name: `erp-publisher-${process.pid}`, timeout: 2000, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    if (!js) {
      await ensureStream(nc, streamName);
      js = jetstream(nc, { timeout: 5000 });
    }
    return js;
  };

  const round = async (): Promise<Round> => {
    const client = await connected();
    return db.transaction().execute(async (trx) => {
      const cursor = await lockIntegrationCheckpoint(trx, PUBLISHER_CHECKPOINT);
      if (!cursor) return { read: 0, more: false };
      const page = await store.readAll(cursor, batchSize);
      if (page.events.length === 0) return { read: 0, more: false };
      const acks = [];
      for (const event of page.events) {
        const subject = integrationSubject(event.streamId, event.type);
        if (!subject) continue;
        const body = encoder.encode(JSON.stringify(toIntegrationEvent(event)));
        acks.push(client.publish(subject, body, { msgID: event.eventId, timeout: 5000 }));
      }
      try {
        await Promise.all(acks);
      } catch (error) {
        js = null; // a NATS that came back empty needs its stream again
        throw error;
      }
      await moveIntegrationCheckpoint(trx, PUBLISHER_CHECKPOINT, page.cursor);
      const now = Date.now();
      options.published?.(acks.length, page.events.map((e) => now - Date.parse(e.metadata.at)));
      return { read: page.events.length, more: page.events.length === batchSize };
    });
  };

  log.info({ stream: streamName, nats: options.natsUrl }, 'integration-event publisher started');
  const worker = runWorker('integration-event publisher', options.notifier, round, log, { pollMs: options.pollMs });
  return {
    stop: async () => {
      await worker.stop();
      const conn = nc;
      if (conn) await conn.drain().catch(() => conn.close());
    },
  };
};
export type IntegrationPublisher = Awaited<ReturnType<typeof startIntegrationPublisher>>;
