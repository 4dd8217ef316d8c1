import {
  api,
  CreatedWebhookSchema,
  NewWebhookSchema,
  PublicEventTypeSchema,
  RedeliveredSchema,
  RedeliverSinceSchema,
  WEBHOOK_DELIVERIES_LIMIT,
  WebhookChangeSchema,
  WebhookDeliverySchema,
  WebhookSchema,
} from '@erp/contracts';
import { z } from 'zod';

import { nextAfter } from './openapi-parts';

/** The helpers of openapi.ts that describe an operation. */
interface Describe {
  readonly ok: (description: string, schema?: z.ZodType, extra?: Record<string, unknown>) => unknown;
  readonly errors: Record<400 | 401 | 404, unknown>;
  readonly body: (schema: z.ZodType) => unknown;
  readonly idParam: unknown;
}

const deliveryIdParam = { name: 'deliveryId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const REDELIVERY = 'A fresh round of attempts from now, with the same event id and payload and a new timestamp and signature; receivers de-duplicate by X-Erp-Event-Id. A paused webhook is 409 (owner only)';

/** The owner's webhooks (issue 23): registration, changes, the deliveries with their status, redelivery (issue 46). */
export const webhookPaths = ({ ok, errors, body, idParam }: Describe) => ({
  [api.webhooks]: {
    get: { tags: ['Webhooks'], summary: 'The webhooks, without their secrets (owner only)', responses: { 200: ok('Webhooks', z.array(WebhookSchema)), ...errors } },
    post: {
      tags: ['Webhooks'],
      summary:
        'Register a URL for event types (none: all; each one of GET /api/settings/webhooks/event-types, else 400 on `eventTypes.N`); the answer holds the signing secret, shown this once (owner only). A URL whose host is or resolves to a loopback, private, link-local or other internal address is 400 on `url` unless the operator set ERP_WEBHOOK_ALLOW_PRIVATE',
      requestBody: body(NewWebhookSchema),
      responses: { 201: ok('Registered', CreatedWebhookSchema), ...errors },
    },
  },
  [`${api.webhooks}/deliveries`]: {
    get: { tags: ['Webhooks'], summary: 'The latest deliveries of every webhook, newest first: status, attempts, last answer, next attempt (owner only)', responses: { 200: ok('Deliveries', z.array(WebhookDeliverySchema)), ...errors } },
  },
  [`${api.webhooks}/event-types`]: {
    get: {
      tags: ['Webhooks'],
      summary: 'Every event type the product publishes, with the module and entity of its subject: what a webhook may ask for (owner only)',
      responses: { 200: ok('Event types', z.array(PublicEventTypeSchema)), ...errors },
    },
  },
  [`${api.webhooks}/{id}`]: {
    parameters: [idParam],
    get: { tags: ['Webhooks'], summary: 'One webhook (owner only)', responses: { 200: ok('Webhook', WebhookSchema), ...errors } },
    put: { tags: ['Webhooks'], summary: 'Change the URL, the event types (each a published one) or whether it is active (owner only)', requestBody: body(WebhookChangeSchema), responses: { 200: ok('Changed', WebhookSchema), ...errors } },
    delete: { tags: ['Webhooks'], summary: 'Delete a webhook and its deliveries (owner only)', responses: { 204: ok('Deleted'), ...errors } },
  },
  [`${api.webhooks}/{id}/deliveries`]: {
    parameters: [idParam],
    get: {
      tags: ['Webhooks'],
      summary: "One webhook's deliveries, newest first, a page at a time: X-Next-After says where the next page starts (absent on the last); any other parameter is 400 (owner only)",
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: WEBHOOK_DELIVERIES_LIMIT.max, default: WEBHOOK_DELIVERIES_LIMIT.default } },
        { name: 'after', in: 'query', schema: { type: 'string', maxLength: 40 }, description: 'The X-Next-After of the previous page (opaque)' },
      ],
      responses: { 200: ok('Deliveries', z.array(WebhookDeliverySchema), { headers: nextAfter }), ...errors },
    },
  },
  [`${api.webhooks}/{id}/deliveries/{deliveryId}/redeliver`]: {
    parameters: [idParam, deliveryIdParam],
    post: { tags: ['Webhooks'], summary: `Deliver one delivery again, whatever its status. ${REDELIVERY}`, responses: { 202: ok('Queued', RedeliveredSchema), ...errors } },
  },
  [`${api.webhooks}/{id}/redeliver`]: {
    parameters: [idParam],
    post: {
      tags: ['Webhooks'],
      summary: `Deliver again every failed delivery made at or after \`since\`. ${REDELIVERY}`,
      requestBody: body(RedeliverSinceSchema),
      responses: { 202: ok('Queued', RedeliveredSchema), ...errors },
    },
  },
});
