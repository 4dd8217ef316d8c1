import { api, CreatedWebhookSchema, NewWebhookSchema, WebhookChangeSchema, WebhookDeliverySchema, WebhookSchema } from '@erp/contracts';
import { z } from 'zod';

/** The helpers of openapi.ts that describe an operation. */
interface Describe {
  readonly ok: (description: string, schema?: z.ZodType) => unknown;
  readonly errors: Record<400 | 401 | 404, unknown>;
  readonly body: (schema: z.ZodType) => unknown;
  readonly idParam: unknown;
}

/** The owner's webhooks (issue 23): registration, changes and the deliveries with their status. */
export const webhookPaths = ({ ok, errors, body, idParam }: Describe) => ({
  [api.webhooks]: {
    get: { tags: ['Webhooks'], summary: 'The webhooks, without their secrets (owner only)', responses: { 200: ok('Webhooks', z.array(WebhookSchema)), ...errors } },
    post: {
      tags: ['Webhooks'],
      summary:
        'Register a URL for event types (none: all); the answer holds the signing secret, shown this once (owner only). A URL whose host is or resolves to a loopback, private, link-local or other internal address is 400 on `url` unless the operator set ERP_WEBHOOK_ALLOW_PRIVATE',
      requestBody: body(NewWebhookSchema),
      responses: { 201: ok('Registered', CreatedWebhookSchema), ...errors },
    },
  },
  [`${api.webhooks}/deliveries`]: {
    get: { tags: ['Webhooks'], summary: 'The latest deliveries of every webhook, newest first: status, attempts, last answer, next attempt (owner only)', responses: { 200: ok('Deliveries', z.array(WebhookDeliverySchema)), ...errors } },
  },
  [`${api.webhooks}/{id}`]: {
    parameters: [idParam],
    get: { tags: ['Webhooks'], summary: 'One webhook (owner only)', responses: { 200: ok('Webhook', WebhookSchema), ...errors } },
    put: { tags: ['Webhooks'], summary: 'Change the URL, the event types or whether it is active (owner only)', requestBody: body(WebhookChangeSchema), responses: { 200: ok('Changed', WebhookSchema), ...errors } },
    delete: { tags: ['Webhooks'], summary: 'Delete a webhook and its deliveries (owner only)', responses: { 204: ok('Deleted'), ...errors } },
  },
  [`${api.webhooks}/{id}/deliveries`]: {
    parameters: [idParam],
    get: { tags: ['Webhooks'], summary: "One webhook's latest deliveries (owner only)", responses: { 200: ok('Deliveries', z.array(WebhookDeliverySchema)), ...errors } },
  },
});
