import { DEFAULT_NATS_PREFIX, integrationStreamName, integrationSubjectsOf, toIntegrationEvent } from '@erp/contracts';
import { type AnyDb, type EventStore, type Notifier, storeIdentity } from '@erp/eventstore';
import { jetstream, jetstreamManager, type JetStreamClient, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

import { ensureIntegrationCheckpoint, lockIntegrationCheckpoint, markIntegrationFailure, migrateIntegrationCheckpoints, moveIntegrationCheckpoint } from './checkpoint';
import { integrationSubjects } from './subjects';
import { type Round, runWorker, type WorkerLog } from './worker-loop';

export const PUBLISHER_CHECKPOINT = 'nats-publisher';

export interface PublisherOptions {
  readonly db: AnyDb;
  readonly store: EventStore;
  readonly notifier: Notifier;
  readonly natsUrl: string;
  readonly log: WorkerLog;
  /** The first token of every subject (ERP_NATS_PREFIX, default `erp`). */
  readonly prefix?: string;
  /** The JetStream stream (default: the prefix's, ERP_EVENTS for `erp`). */
  readonly stream?: string;
  readonly batchSize?: number;
  readonly pollMs?: number;
  /**
   * At least this long between two rounds (default 50 ms): under a stream of writes one round
   * publishes what came meanwhile, not one event per round with its own transaction (a round is
   * six statements; at 400 writes/s that was most of the database's work).
   */
  readonly minGapMs?: number;
  /** Called with each batch once JetStream has acked it (metrics). */
  readonly published?: (events: number, lagsMs: readonly number[]) => void;
  /** Called with each failed round (metrics). */
  readonly failed?: () => void;
}

const encoder = new TextEncoder();
/** JetStream forgets Msg-Ids after this: a publisher back within it re-sends nothing twice. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** How long the stream keeps an event: a consumer away longer replays from the log (`GET /api/events`). */
const RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * The stream, made if missing. One that exists must be this deployment's: the same subjects and
 * made for this store (its description names the store). Another deployment's stream, or a
 * stream that takes our subjects under another name, is an error the health and metrics report
 * (set ERP_NATS_PREFIX apart) — never a silent publish into someone else's stream.
 */
const ensureStream = async (nc: NatsConnection, name: string, prefix: string, store: string) => {
  const jsm = await jetstreamManager(nc, { timeout: 5000 });
  const subjects = [integrationSubjectsOf(prefix)];
  const description = `Udyam ERP integration events of store ${store}`;
  const existing = await jsm.streams.info(name).catch(() => null);
  if (existing) {
    const theirs = existing.config.subjects ?? [];
    if (theirs.join(',') !== subjects.join(',') || (existing.config.description && existing.config.description !== description)) {
      throw new Error(`NATS stream ${name} (${theirs.join(', ')}; ${existing.config.description ?? 'no description'}) belongs to another deployment: give this one its own ERP_NATS_PREFIX`);
    }
    return;
  }
  try {
    await jsm.streams.add({ name, subjects, description, storage: StorageType.File, duplicate_window: DUPLICATE_WINDOW_MS * 1_000_000, max_age: RETENTION_MS * 1_000_000 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`NATS stream ${name} for ${subjects.join(', ')} could not be made (${reason}): another deployment publishes there; give this one its own ERP_NATS_PREFIX`, { cause: error });
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
  const prefix = options.prefix ?? DEFAULT_NATS_PREFIX;
  const streamName = options.stream ?? integrationStreamName(prefix);
  const subjectOf = integrationSubjects(prefix);
  const identity = await storeIdentity(db);
  const batchSize = options.batchSize ?? 500;
  await migrateIntegrationCheckpoints(db);
  await ensureIntegrationCheckpoint(db, PUBLISHER_CHECKPOINT);
  let nc: NatsConnection | null = null;
  let js: JetStreamClient | null = null;

  const connected = async (): Promise<JetStreamClient> => {
    if (nc?.isClosed()) nc = js = null;
    if (!nc) nc = await connect({ servers: options.natsUrl, name: `erp-publisher-${process.pid}`, timeout: 2000, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    if (!js) {
      await ensureStream(nc, streamName, prefix, identity);
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
        const subject = subjectOf(event.streamId, event.type);
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

  log.info({ stream: streamName, prefix, nats: options.natsUrl }, 'integration-event publisher started');
  // Each failure is kept where health and /metrics of every process can see it; cleared by the
  // first round that works (at most one write per recovery, none per round).
  let marked = true;
  const recorded = async (): Promise<Round> => {
    try {
      const result = await round();
      if (marked) await markIntegrationFailure(db, PUBLISHER_CHECKPOINT, null);
      marked = false;
      return result;
    } catch (error) {
      marked = true;
      options.failed?.();
      await markIntegrationFailure(db, PUBLISHER_CHECKPOINT, error instanceof Error ? error.message : String(error)).catch(() => undefined);
      throw error;
    }
  };
  const worker = runWorker('integration-event publisher', options.notifier, recorded, log, { pollMs: options.pollMs, minGapMs: options.minGapMs ?? 50 });
  return {
    stop: async () => {
      await worker.stop();
      const conn = nc;
      if (conn) await conn.drain().catch(() => conn.close());
    },
  };
};
export type IntegrationPublisher = Awaited<ReturnType<typeof startIntegrationPublisher>>;
