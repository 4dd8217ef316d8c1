import { createHmac } from 'node:crypto';

import { toIntegrationEvent, WEBHOOK_HEADERS, WEBHOOK_MAX_ATTEMPTS } from '@erp/contracts';
import { type AnyDb, type EventStore, lastEventSql, type Notifier, prepared } from '@erp/eventstore';
import type { WebhookTargetPolicy } from '@erp/http-kit';
import { sql } from 'kysely';

import { ensureIntegrationCheckpoint, lockIntegrationCheckpoint, migrateIntegrationCheckpoints, moveIntegrationCheckpoint } from './checkpoint';
import { integrationSubject } from './subjects';
import { webhookSender, type WebhookSender } from './webhook-sender';
import { type Round, runWorker, type WorkerLog } from './worker-loop';

export const WEBHOOK_CHECKPOINT = 'webhook-fanout';

export interface WebhookWorkerOptions {
  readonly db: AnyDb;
  readonly store: EventStore;
  readonly notifier: Notifier;
  readonly log: WorkerLog;
  /** The first retry waits this long, each next one twice as long (at most 10 minutes). */
  readonly backoffMs?: number;
  /** A receiver that has not answered by then counts as failed. */
  readonly timeoutMs?: number;
  readonly batchSize?: number;
  /** Where deliveries may go (ERP_WEBHOOK_ALLOW_PRIVATE); by default not inside the server's network. */
  readonly targets?: WebhookTargetPolicy;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<body>`): what a receiver recomputes. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export const backoffMs = (base: number, attempts: number) => Math.min(600_000, base * 2 ** Math.max(0, attempts - 1));

/**
 * Fan-out: follows the log from its checkpoint like the publisher and records one pending
 * delivery per public event and active webhook that wants its type (registered before the
 * event), in the same transaction as the checkpoint's move — none lost, none twice.
 */
const fanOut = (options: WebhookWorkerOptions, batchSize: number) => async (): Promise<Round> => {
  if (!(await anyWebhook(options.db))) return { read: 0, more: false };
  return options.db.transaction().execute(async (trx) => {
    const cursor = await lockIntegrationCheckpoint(trx, WEBHOOK_CHECKPOINT);
    if (!cursor) return { read: 0, more: false };
    const { rows: hooks } = await sql<{ id: number; types: string[]; since: string }>`select id, event_types as types,
      created_at::text as since from webhooks where active`.execute(trx);
    // A webhook paused since anyWebhook: the page is read, nothing recorded, the checkpoint moves past it.
    const page = await options.store.readAll(cursor, batchSize);
    if (page.events.length === 0) return { read: 0, more: false };
    const rows = [];
    for (const event of page.events) {
      if (!integrationSubject(event.streamId, event.type)) continue;
      for (const hook of hooks) {
        if (hook.types.length > 0 && !hook.types.includes(event.type)) continue;
        if (Date.parse(event.metadata.at) < Date.parse(hook.since)) continue;
        rows.push({ hook: hook.id, event });
      }
    }
    if (rows.length > 0) {
      await sql`insert into webhook_deliveries (webhook_id, event_id, position, event_type, payload, next_attempt_at)
        select * from unnest(${rows.map((r) => r.hook)}::int[], ${rows.map((r) => r.event.eventId)}::text[],
          ${rows.map((r) => r.event.position)}::bigint[], ${rows.map((r) => r.event.type)}::text[],
          ${rows.map((r) => JSON.stringify(toIntegrationEvent(r.event)))}::jsonb[]), now()
        on conflict (webhook_id, event_id) do nothing`.execute(trx);
    }
    await moveIntegrationCheckpoint(trx, WEBHOOK_CHECKPOINT, page.cursor);
    return { read: page.events.length, more: page.events.length === batchSize };
  });
};

/**
 * While no webhook is active there is nothing to read: the checkpoint moves to the log's end (a
 * webhook registered later gets only events made after it), in one statement of its own — the
 * round the fan-out runs after writes costs one round trip, not a transaction of six. Answers
 * whether a webhook is active (then the full round runs). A checkpoint another worker holds is
 * left to it. The move is a data-modifying WITH: PostgreSQL runs it whether or not the answer
 * reads it.
 */
const anyWebhook = async (db: AnyDb): Promise<boolean> => {
  const { rows } = await prepared(sql<{ hooks: boolean }>`with hooks as (select exists (select 1 from webhooks where active) as active),
      moved as (update integration_checkpoints c set tx = last.transaction_id, position = last.position, updated_at = now()
        from (${lastEventSql}) last
        where c.name = ${WEBHOOK_CHECKPOINT} and not (select active from hooks)
          and c.name in (select name from integration_checkpoints where name = ${WEBHOOK_CHECKPOINT} for update skip locked)
        returning 1)
    select (select active from hooks) as hooks`).execute(db);
  return rows[0]?.hooks ?? false;
};

interface Due {
  id: string;
  eventId: string;
  eventType: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/** POSTs one delivery, signed. */
const post = (sender: WebhookSender, due: Due) => {
  const body = JSON.stringify(due.payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return sender.post(
    due.url,
    {
      'content-type': 'application/json',
      'user-agent': 'Udyam-ERP-Webhooks/1',
      [WEBHOOK_HEADERS.signature]: webhookSignature(due.secret, timestamp, body),
      [WEBHOOK_HEADERS.timestamp]: timestamp,
      [WEBHOOK_HEADERS.eventId]: due.eventId,
      [WEBHOOK_HEADERS.eventType]: due.eventType,
    },
    body,
  );
};

/**
 * Delivery: takes the due deliveries (a lease of timeout + 30 s, so another worker leaves them
 * alone and a crashed one's come back), POSTs them, and records the outcome: delivered on a
 * 2xx, else the next attempt after the back-off, failed after WEBHOOK_MAX_ATTEMPTS — or at once
 * when the target policy refuses the address.
 */
const deliver = (options: WebhookWorkerOptions, sender: WebhookSender, base: number, timeoutMs: number) => async (): Promise<Round> => {
  const lease = timeoutMs + 30_000;
  const { rows } = await sql<Due>`update webhook_deliveries d set next_attempt_at = now() + ${lease} * interval '1 millisecond'
    from webhooks w
    where w.id = d.webhook_id and d.id in (select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now() order by position limit 20 for update skip locked)
    returning d.id::text as id, d.event_id as "eventId", d.event_type as "eventType", d.payload, d.attempts, w.url, w.secret`.execute(options.db);
  await Promise.all(
    rows.map(async (due) => {
      const outcome = await post(sender, due);
      const attempts = due.attempts + 1;
      const ok = outcome.error === null;
      const status = ok ? 'delivered' : outcome.refused || attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending';
      await sql`update webhook_deliveries set status = ${status}, attempts = ${attempts}, last_status = ${outcome.status},
          last_error = ${outcome.error}, delivered_at = ${ok ? sql`now()` : sql`null`},
          next_attempt_at = ${status === 'pending' ? sql`now() + ${backoffMs(base, attempts)} * interval '1 millisecond'` : sql`null`}
        where id = ${due.id}::bigint`.execute(options.db);
    }),
  );
  return { read: rows.length, more: rows.length === 20 };
};

/** The webhook workers: fan-out from the log, and delivery with retries. Every mode runs them. */
export const startWebhookWorkers = async (options: WebhookWorkerOptions) => {
  await migrateIntegrationCheckpoints(options.db);
  await ensureIntegrationCheckpoint(options.db, WEBHOOK_CHECKPOINT);
  const base = options.backoffMs ?? 2000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sender = webhookSender(options.targets ?? { allowPrivate: false }, timeoutMs);
  // Delivery is woken by the fan-out when it adds deliveries, and polls for retries that fall due; not by every append.
  const delivery = runWorker('webhook delivery', options.notifier, deliver(options, sender, base, timeoutMs), options.log, { pollMs: Math.min(1000, base / 2), wakeOnAppend: false });
  const fanout = runWorker(
    'webhook fan-out',
    options.notifier,
    async () => {
      const round = await fanOut(options, options.batchSize ?? 500)();
      if (round.read > 0) delivery.poke();
      return round;
    },
    options.log,
    // Rounds at most every 200 ms under load: one per write would be a transaction per write.
    { minGapMs: 200 },
  );
  return {
    stop: async () => {
      await fanout.stop();
      await delivery.stop();
      sender.close();
    },
  };
};
export type WebhookWorkers = Awaited<ReturnType<typeof startWebhookWorkers>>;
