import { api, byId, NewWebhookSchema, WebhookChangeSchema } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { notFoundHttp } from './http-error';
import { idParam } from './params';
import { parseBody } from './parse';
import type { WebhookStore } from './webhook-store';

const WEBHOOK = byId(api.webhooks, ':id');
/** Every webhook's recent deliveries, newest first. */
export const WEBHOOK_DELIVERIES = `${api.webhooks}/deliveries`;

/** Register (the secret is in this answer only), change, delete. The role guard lets only the owner in. */
export const webhookWriteRoutes = (router: Router, webhooks: WebhookStore) => {
  router.post(api.webhooks, async (ctx: Context) => {
    const created = await webhooks.create(parseBody(NewWebhookSchema, ctx.request.body));
    ctx.status = 201;
    ctx.set('Location', byId(api.webhooks, created.id));
    ctx.body = created;
  });
  router.put(WEBHOOK, async (ctx: Context) => {
    const id = idParam(ctx, 'Webhook');
    const changed = await webhooks.change(id, parseBody(WebhookChangeSchema, ctx.request.body));
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
