import { can, KEY_FORBIDDEN, type Permission, permissionFor, PUBLIC_API_ROUTES, ROLE_LABELS } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';

import { HttpError } from './http-error';

const ACTIONS: Readonly<Record<Permission, string>> = {
  read: 'see this',
  write: 'create or change records',
  void: 'void or cancel documents',
  books: 'change the books',
  settings: 'change the business profile',
  users: 'manage users',
  audit: 'see the activity log or the event feed',
  self: 'change this password',
};

/** Path segments of digits alone: record ids. */
const ID_SEGMENTS = /\/\d+(?=\/|$)/g;

/**
 * Every route the router declares needs the permission `permissionFor` names for it; a signed-in
 * user whose role lacks it gets 403 before the body is read, so nothing is decided or appended.
 * Paths no route matches go on to the router's 404.
 */
export const roleGuard = (router: Router): Middleware => {
  // The permission each method and path needs, worked out once: matching a path against every
  // route costs more than the rest of the guard. Paths with ids are many; the memory is bounded.
  const needs = new Map<string, Permission | null>();
  const permissionOf = (ctx: Context, method: string) => {
    // Remembered per route rather than per record: no route has a segment of digits of its own
    // (roles.int.spec.ts), so an id in the path matches a parameter whatever its value.
    const key = `${ctx.method} ${ctx.path.replace(ID_SEGMENTS, '/0')}`;
    let permission = needs.get(key);
    if (permission === undefined) {
      const layer = router.match(ctx.path, ctx.method).pathAndMethod.find((l) => l.methods.length > 0);
      permission = layer ? permissionFor(method, String(layer.path)) : null;
      if (needs.size >= 2000) needs.clear();
      needs.set(key, permission);
    }
    return permission;
  };
  return async (ctx: Context, next: Next) => {
    const { user } = ctx.state;
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    if (user && !PUBLIC_API_ROUTES.includes(`${method} ${ctx.path.replace(/\/+$/, '')}`)) {
      const permission = permissionOf(ctx, method);
      if (permission && user.apiKeyId !== undefined && KEY_FORBIDDEN.includes(permission)) {
        throw new HttpError(403, 'forbidden', 'An API key cannot manage users or API keys, or change a password; the owner does that signed in');
      }
      if (permission && !can(user.role, permission)) {
        throw new HttpError(403, 'forbidden', `${ROLE_LABELS[user.role]} accounts cannot ${ACTIONS[permission]}; ask the owner`);
      }
    }
    await next();
  };
};
