import { api, byId, NewWebhookSchema, WebhookChangeSchema } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { badRequest, notFoundHttp } from './http-error';
import { idParam } from './params';
import { parseBody } from './parse';
import type { WebhookStore } from './webhook-store';
import { refusedTarget, type WebhookTargetPolicy } from './webhook-targets';

const WEBHOOK = byId(api.webhooks, ':id');
/** Every webhook's recent deliveries, newest first. */
export const WEBHOOK_DELIVERIES = `${api.webhooks}/deliveries`;

/** A URL inside the server's own network is refused (400 on `url`) unless the policy allows it. */
const checkTarget = async (url: string | undefined, policy: WebhookTargetPolicy) => {
  const refused = url === undefined ? null : await refusedTarget(url, policy);
  if (refused) throw badRequest('Please check the highlighted fields', [{ path: 'url', message: refused }]);
};

/** Register (the secret is in this answer only), change, delete. The role guard lets only the owner in. */
export const webhookWriteRoutes = (router: Router, webhooks: WebhookStore, policy: WebhookTargetPolicy) => {
  router.post(api.webhooks, async (ctx: Context) => {
    const webhook = parseBody(NewWebhookSchema, ctx.request.body);
    await checkTarget(webhook.url, policy);
    const created = await webhooks.create(webhook);
    ctx.status = 201;
    ctx.set('Location', byId(api.webhooks, created.id));
    ctx.body = created;
  });
  router.put(WEBHOOK, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    const change = parseBody(WebhookChangeSchema, ctx.request.body);
    await checkTarget(change.url, policy);
    const changed = await webhooks.change(id, change);
    if (!changed) throw notFoundHttp(`Webhook ${id} not found`);
    ctx.body = changed;
  });
  router.delete(WEBHOOK, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    if (!(await webhooks.remove(id))) throw notFoundHttp(`Webhook ${id} not found`);
    ctx.status = 204;
  });
};

/** The list, one webhook, and deliveries with their status (query side). */
export const webhookReadRoutes = (router: Router, webhooks: WebhookStore) => {
  router.get(api.webhooks, async (ctx: Context) => {
    ctx.body = await webhooks.list();
  });
  router.get(WEBHOOK_DELIVERIES, async (ctx: Context) => {
    ctx.body = await webhooks.deliveries(null);
  });
  router.get(WEBHOOK, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    const webhook = await webhooks.get(id);
    if (!webhook) throw notFoundHttp(`Webhook ${id} not found`);
    ctx.body = webhook;
  });
  router.get(`${WEBHOOK}/deliveries`, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    if (!(await webhooks.get(id))) throw notFoundHttp(`Webhook ${id} not found`);
    ctx.body = await webhooks.deliveries(id);
  });
};
