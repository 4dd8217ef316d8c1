import { api, byId, NewApiKeySchema } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import type { AuthStore } from './auth-store';
import { notFoundHttp } from './http-error';
import { idParam } from './params';
import { parseBody } from './parse';

const API_KEY = byId(api.apiKeys, ':id');

/**
 * The owner makes a key (the answer holds it, this once) and revokes one (the next request with
 * it is a 401). The role guard lets only the owner in, signed in: a key cannot manage keys.
 */
export const apiKeyWriteRoutes = (router: Router, auth: AuthStore) => {
  router.post(api.apiKeys, async (ctx: Context) => {
    const { name, role, expiresAt } = parseBody(NewApiKeySchema, ctx.request.body);
    const created = await auth.createApiKey(name, role, expiresAt ?? null, ctx.state.user?.username ?? null);
    ctx.status = 201;
    ctx.set('Location', byId(api.apiKeys, created.id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = created;
  });
  router.delete(API_KEY, async (ctx: Context) => {
    const id = idParam(ctx, 'API key');
    if (!(await auth.revokeApiKey(id))) throw notFoundHttp(`API key ${id} not found`);
    ctx.status = 204;
  });
};

/** The list with each key's last use (query side); never a key or its hash. */
export const apiKeyReadRoutes = (router: Router, auth: AuthStore) => {
  router.get(api.apiKeys, async (ctx: Context) => {
    ctx.body = await auth.apiKeys();
  });
};
