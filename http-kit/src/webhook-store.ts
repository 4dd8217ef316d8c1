import { randomBytes } from 'node:crypto';

import type { CreatedWebhook, NewWebhook, Webhook, WebhookDelivery } from '@erp/contracts';
import { type AnyDb, LOCK_KEYS } from '@erp/eventstore';
import { sql } from 'kysely';

/**
 * The owner's webhooks and their deliveries (issue 23). The secret is kept as is: the server
 * must sign with it, so a hash would not do, and a key to encrypt it with would sit beside the
 * database credentials anyway. It is answered once, at registration, and never again.
 */
export const migrateWebhooks = async (db: AnyDb): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEYS.webhookSchema})`.execute(trx);
    await sql`create table if not exists webhooks (
      id integer generated always as identity primary key,
      url text not null,
      event_types text[] not null default '{}',
      active boolean not null default true,
      secret text not null,
      created_at timestamptz not null default now())`.execute(trx);
    await sql`create table if not exists webhook_deliveries (
      id bigint generated always as identity primary key,
      webhook_id integer not null references webhooks(id) on delete cascade,
      event_id text not null,
      position bigint not null,
      event_type text not null,
      payload jsonb not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      last_status integer,
      last_error text,
      next_attempt_at timestamptz,
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      unique (webhook_id, event_id))`.execute(trx);
    // Issue 46: the owner's redeliveries of a delivery, each a fresh round of attempts.
    await sql`alter table webhook_deliveries add column if not exists redeliveries integer not null default 0`.execute(trx);
    await sql`create index if not exists webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(trx);
  });
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const WEBHOOK = sql`id, url, event_types as "eventTypes", active, ${iso('created_at')} as "createdAt"`;
const DELIVERY = sql`id::int as id, webhook_id as "webhookId", event_id as "eventId", position::text as position,
  event_type as "eventType", status, attempts, last_status as "lastStatus", last_error as "lastError",
  ${iso('next_attempt_at')} as "nextAttemptAt", ${iso('created_at')} as "createdAt", ${iso('delivered_at')} as "deliveredAt", redeliveries`;

/** A registration as a backup keeps it: with its secret and its created_at to the microsecond. */
export interface StoredWebhook extends Webhook {
  readonly secret: string;
}

/** A secret integrators paste into their verifier: 32 random bytes, prefixed so it is recognised. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export const webhookStore = (db: AnyDb) => ({
  create: async (webhook: Required<NewWebhook>): Promise<CreatedWebhook> => {
    const secret = newSecret();
    const { rows } = await sql<Webhook>`insert into webhooks (url, event_types, active, secret)
      values (${webhook.url}, ${webhook.eventTypes}::text[], ${webhook.active}, ${secret}) returning ${WEBHOOK}`.execute(db);
    return { ...rows[0]!, secret };
  },

  list: async (): Promise<Webhook[]> => (await sql<Webhook>`select ${WEBHOOK} from webhooks order by id`.execute(db)).rows,

  get: async (id: number): Promise<Webhook | null> => (await sql<Webhook>`select ${WEBHOOK} from webhooks where id = ${id}`.execute(db)).rows[0] ?? null,

  change: async (id: number, change: Partial<Required<NewWebhook>>): Promise<Webhook | null> => {
    const { rows } = await sql<Webhook>`update webhooks set
        url = coalesce(${change.url ?? null}, url),
        event_types = coalesce(${change.eventTypes ?? null}::text[], event_types),
        active = coalesce(${change.active ?? null}::boolean, active)
      where id = ${id} returning ${WEBHOOK}`.execute(db);
    return rows[0] ?? null;
  },

  remove: async (id: number): Promise<boolean> => {
    const { numAffectedRows } = await sql`delete from webhooks where id = ${id}`.execute(db);
    return Number(numAffectedRows ?? 0) > 0;
  },

  /** Every registration with its secret, for a backup (never answered over HTTP). */
  stored: async (): Promise<StoredWebhook[]> =>
    (
      await sql<StoredWebhook>`select id, url, event_types as "eventTypes", active, secret,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt" from webhooks order by id`.execute(db)
    ).rows,

  /** Loads backed-up registrations into an empty table, keeping ids and secrets; the next one gets a higher id. */
  restore: async (webhooks: readonly StoredWebhook[]) => {
    if (webhooks.length === 0) return;
    await sql`insert into webhooks (id, url, event_types, active, secret, created_at) overriding system value
      select id, url, "eventTypes", active, secret, "createdAt"
        from jsonb_to_recordset(${JSON.stringify(webhooks)}::jsonb)
        as w(id integer, url text, "eventTypes" text[], active boolean, secret text, "createdAt" timestamptz)`.execute(db);
    await sql`select setval(pg_get_serial_sequence('webhooks', 'id'), (select max(id) from webhooks))`.execute(db);
  },

  /** The newest deliveries first, of one webhook or of all; with `before`, those older than that delivery id. */
  deliveries: async (webhookId: number | null, limit = 50, before: number | null = null): Promise<WebhookDelivery[]> =>
    (
      await sql<WebhookDelivery>`select ${DELIVERY} from webhook_deliveries
        where ${webhookId === null ? sql`true` : sql`webhook_id = ${webhookId}`} and ${before === null ? sql`true` : sql`id < ${before}`}
        order by id desc limit ${limit}`.execute(db)
    ).rows,

  /**
   * Queues deliveries of a webhook again (issue 46): due now, a fresh round of attempts, the same
   * event and payload (the signature and timestamp are made when it is sent). One delivery by id,
   * or every failed one made at or after `since`. Answers the ids queued, oldest first.
   */
  redeliver: async (webhookId: number, which: { readonly id: number } | { readonly since: string }): Promise<number[]> => {
    const chosen = 'id' in which ? sql`id = ${which.id}` : sql`status = 'failed' and created_at >= ${which.since}::timestamptz`;
    const { rows } = await sql<{ id: number }>`update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now(),
        delivered_at = null, redeliveries = redeliveries + 1
      where webhook_id = ${webhookId} and ${chosen} returning id::int as id`.execute(db);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  },
});
export type WebhookStore = ReturnType<typeof webhookStore>;
