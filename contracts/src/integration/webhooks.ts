import { z } from 'zod';

/**
 * Webhooks (issue 23): the owner registers a URL and the event types it wants (none: all);
 * each delivery is an integration event POSTed as JSON, signed with HMAC-SHA256 over
 * `<timestamp>.<body>` with the webhook's secret (shown once, when it is made).
 */
export const WEBHOOK_HEADERS = {
  signature: 'X-Erp-Signature',
  timestamp: 'X-Erp-Timestamp',
  eventId: 'X-Erp-Event-Id',
  eventType: 'X-Erp-Event-Type',
} as const;

/** Attempts before a delivery is given up as failed (back-off 2 s · 2^n, at most 10 minutes). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

const parsedUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};
/**
 * Where deliveries go. The server also refuses hosts inside its own network (loopback, private,
 * link-local…: http-kit's webhook-targets.ts), which needs DNS: not here.
 */
const url = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(2000, 'At most 2000 characters')
  .refine((value) => ['http:', 'https:'].includes(parsedUrl(value)?.protocol ?? ''), 'Enter an http:// or https:// URL')
  // A user name or password in the URL would be sent along and shown in the list; the signature proves the sender.
  .refine((value) => !parsedUrl(value)?.username && !parsedUrl(value)?.password, 'A URL without a user name or password');
// A space too: stock adjustments publish `Stock adjustmentCreated` (their label). Which types exist is the server's check (PUBLIC_EVENT_TYPES).
const eventType = z.string().trim().regex(/^[A-Z][A-Za-z0-9 ]{0,99}$/, 'An event type such as VendorCreated');
// Each public event type at most once: the kinds' events are past 100 since issue 45's kinds (a webhook may name them all).
const eventTypes = z.array(eventType).max(250, 'At most 250 event types');

export const NewWebhookSchema = z.object({
  url,
  /** Event types to deliver; empty: every event. */
  eventTypes: eventTypes.default([]),
  active: z.boolean().default(true),
});
export type NewWebhook = z.input<typeof NewWebhookSchema>;

/** A change names only what changes (no defaults: an absent field keeps its value). */
export const WebhookChangeSchema = z
  .object({ url: url.optional(), eventTypes: eventTypes.optional(), active: z.boolean().optional() })
  .refine((change) => Object.values(change).some((v) => v !== undefined), 'Nothing to change');

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to a registration: the only time the secret is shown. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  eventId: z.string(),
  position: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** How many times the owner asked to deliver it again (each starts a fresh round of attempts). */
  redeliveries: z.number().int(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** A page of one webhook's deliveries (`?limit=&after=`, newest first): at most this many, 50 unless asked. */
export const WEBHOOK_DELIVERIES_LIMIT = { max: 200, default: 50 } as const;

/** Redeliver every failed delivery of a webhook made at or after `since` (ISO 8601 with its offset). */
export const RedeliverSinceSchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'A time such as 2026-11-27T10:00:00Z' }),
});

/** What a redelivery queued: each delivery made due now, for a fresh round of attempts. */
export const RedeliveredSchema = z.object({ queued: z.number().int(), deliveryIds: z.array(z.number().int()) });
export type Redelivered = z.infer<typeof RedeliveredSchema>;

/** A published event type as GET …/webhooks/event-types answers it. */
export const PublicEventTypeSchema = z.object({ type: z.string(), module: z.string(), entity: z.string() });
/** One public event type: what a webhook may ask for, and the `<module>.<entity>` of its subject. */
export type PublicEventType = z.infer<typeof PublicEventTypeSchema>;
