import { api, byId, HEADERS, idOfPath, NewWebhookSchema, PUBLIC_EVENT_TYPES, RedeliverSinceSchema, unknownEventTypes, WebhookChangeSchema } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { badRequest, conflictHttp, notFoundHttp } from './http-error';
import { idParam } from './params';
import { parseBody } from './parse';
import { deliveriesPage, deliveryCursor, refuseUnknownFields } from './webhook-paging';
import type { WebhookStore } from './webhook-store';
import { refusedTarget, type WebhookTargetPolicy } from './webhook-targets';

const WEBHOOK = byId(api.webhooks, ':id');
/** Every webhook's recent deliveries, newest first. */
export const WEBHOOK_DELIVERIES = `${api.webhooks}/deliveries`;
/** The event types a webhook may ask for: every type the product publishes. */
export const WEBHOOK_EVENT_TYPES = `${api.webhooks}/event-types`;

/** A URL inside the server's own network is refused (400 on `url`) unless the policy allows it; so is an event type never published. */
const checkWebhook = async (webhook: { url?: string; eventTypes?: readonly string[] }, policy: WebhookTargetPolicy) => {
  const unknown = unknownEventTypes(webhook.eventTypes, PUBLIC_EVENT_TYPES);
  const refused = webhook.url === undefined ? null : await refusedTarget(webhook.url, policy);
  const issues = [...(refused ? [{ path: 'url', message: refused }] : []), ...unknown];
  if (issues.length > 0) throw badRequest(unknown[0]?.message ?? 'Please check the highlighted fields', issues);
};

/** The webhook of the route's `:id`, or a 404. */
const webhookOf = async (ctx: Context, webhooks: WebhookStore) => {
  const id = idParam(ctx, 'Webhook');
  const webhook = await webhooks.get(id);
  if (!webhook) throw notFoundHttp(`Webhook ${id} not found`);
  return webhook;
};

/** Register (the secret is in this answer only), change, delete, redeliver. The role guard lets only the owner in. */
export const webhookWriteRoutes = (router: Router, webhooks: WebhookStore, policy: WebhookTargetPolicy) => {
  router.post(api.webhooks, async (ctx: Context) => {
    const webhook = parseBody(NewWebhookSchema, ctx.request.body);
    await checkWebhook(webhook, policy);
    const created = await webhooks.create(webhook);
    ctx.status = 201;
    ctx.set('Location', byId(api.webhooks, created.id));
    ctx.body = created;
  });
  router.put(WEBHOOK, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    const change = parseBody(WebhookChangeSchema, ctx.request.body);
    await checkWebhook(change, policy);
    const changed = await webhooks.change(id, change);
    if (!changed) throw notFoundHttp(`Webhook ${id} not found`);
    ctx.body = changed;
  });
  router.delete(WEBHOOK, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    if (!(await webhooks.remove(id))) throw notFoundHttp(`Webhook ${id} not found`);
    ctx.status = 204;
  });

  /** Issue 46: a delivery of any status, or every failed one since a time, due again now. A paused webhook sends nothing: 409. */
  const activeWebhook = async (ctx: Context) => {
    const webhook = await webhookOf(ctx, webhooks);
    if (!webhook.active) throw conflictHttp(`Webhook ${webhook.id} is paused: make it active to redeliver`);
    return webhook;
  };
  router.post(`${WEBHOOK}/deliveries/:deliveryId/redeliver`, async (ctx: Context) => {
    refuseUnknownFields(ctx.request.body, []);
    const webhook = await activeWebhook(ctx);
    const deliveryId = idOfPath(ctx.params.deliveryId);
    if (deliveryId === null) throw notFoundHttp(`Delivery ${String(ctx.params.deliveryId)} not found`);
    const queued = await webhooks.redeliver(webhook.id, { id: deliveryId });
    if (queued.length === 0) throw notFoundHttp(`Delivery ${deliveryId} of webhook ${webhook.id} not found`);
    ctx.status = 202;
    ctx.body = { queued: queued.length, deliveryIds: queued };
  });
  router.post(`${WEBHOOK}/redeliver`, async (ctx: Context) => {
    refuseUnknownFields(ctx.request.body, ['since']);
    const { since } = parseBody(RedeliverSinceSchema, ctx.request.body);
    const webhook = await activeWebhook(ctx);
    const queued = await webhooks.redeliver(webhook.id, { since });
    ctx.status = 202;
    ctx.body = { queued: queued.length, deliveryIds: queued };
  });
};

/** The list, one webhook, the published event types, and deliveries with their status (query side). */
export const webhookReadRoutes = (router: Router, webhooks: WebhookStore) => {
  router.get(api.webhooks, async (ctx: Context) => {
    ctx.body = await webhooks.list();
  });
  router.get(WEBHOOK_DELIVERIES, async (ctx: Context) => {
    ctx.body = await webhooks.deliveries(null);
  });
  router.get(WEBHOOK_EVENT_TYPES, (ctx: Context) => {
    ctx.body = PUBLIC_EVENT_TYPES;
  });
  router.get(WEBHOOK, async (ctx: Context) => {
    ctx.body = await webhookOf(ctx, webhooks);
  });
  router.get(`${WEBHOOK}/deliveries`, async (ctx: Context) => {
    const webhook = await webhookOf(ctx, webhooks);
    const { limit, before } = deliveriesPage(ctx);
    const rows = await webhooks.deliveries(webhook.id, limit + 1, before);
    const page = rows.slice(0, limit);
    if (rows.length > limit) ctx.set(HEADERS.nextAfter, deliveryCursor(page.at(-1)!.id));
    ctx.body = page;
  });
};
