import { WEBHOOK_DELIVERIES_LIMIT } from '@erp/contracts';
import type { Context } from 'koa';

import { badRequest } from './http-error';

const KNOWN = ['limit', 'after'];

/** `after` is opaque to the client: the base64url of `d<delivery id>`. */
export const deliveryCursor = (id: number) => Buffer.from(`d${id}`).toString('base64url');

const cursorId = (value: string): number => {
  const text = value.length <= 40 && /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').toString('utf8') : '';
  const id = /^d[1-9]\d{0,15}$/.test(text) ? Number(text.slice(1)) : NaN;
  if (!Number.isSafeInteger(id)) throw badRequest('after is not a value this list gave in X-Next-After', [{ path: 'after', message: 'Use the X-Next-After of the previous page' }]);
  return id;
};

/**
 * `?limit=&after=` of a webhook's deliveries (issue 46): at most 200 a page, 50 unless asked; a
 * parameter given twice, out of bounds or not taken here is a 400 naming it.
 */
export const deliveriesPage = (ctx: Context): { limit: number; before: number | null } => {
  const issues = Object.keys(ctx.query).flatMap((name) =>
    !KNOWN.includes(name)
      ? [{ path: name, message: `Not a parameter here: use ${KNOWN.join(', ')}` }]
      : Array.isArray(ctx.query[name])
        ? [{ path: name, message: 'Give it once' }]
        : [],
  );
  if (issues.length > 0) throw badRequest(`Unknown or repeated query parameter: ${issues.map((i) => i.path).join(', ')}`, issues);
  const limitText = typeof ctx.query.limit === 'string' ? ctx.query.limit : undefined;
  const limit = limitText === undefined ? WEBHOOK_DELIVERIES_LIMIT.default : /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= WEBHOOK_DELIVERIES_LIMIT.max)) {
    throw badRequest(`limit must be a whole number from 1 to ${WEBHOOK_DELIVERIES_LIMIT.max}`, [{ path: 'limit', message: `From 1 to ${WEBHOOK_DELIVERIES_LIMIT.max}` }]);
  }
  const after = typeof ctx.query.after === 'string' ? ctx.query.after : undefined;
  return { limit, before: after === undefined ? null : cursorId(after) };
};

/** A body with a field the route does not take is refused, naming it. */
export const refuseUnknownFields = (body: unknown, known: readonly string[]) => {
  const unknown = body !== null && typeof body === 'object' ? Object.keys(body).filter((name) => !known.includes(name)) : [];
  if (unknown.length > 0) throw badRequest(`Unknown field: ${unknown.join(', ')}`, unknown.map((path) => ({ path, message: `Not a field here: send ${known.join(', ')}` })));
};
