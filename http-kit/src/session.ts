import type { Context, Middleware, Next } from 'koa';

import { PUBLIC_API_ROUTES } from '@erp/contracts';

import { type AuthStore, SESSION_DAYS } from './auth-store';
import { HttpError, unauthenticated } from './http-error';
import type { SessionUser } from './middleware';
import { rateLimitHeaders } from './rate-limit';

export const SESSION_COOKIE = 'erp_session';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The user of an `Authorization: Bearer <API key>` (issue 46): 401 for a key that is not one,
 * revoked or expired; 429 once the key has spent its requests (a token bucket per key); every
 * answer to a key carries the RateLimit-* headers.
 */
const keyUser = async (ctx: Context, auth: AuthStore, header: string): Promise<SessionUser> => {
  const key = BEARER.exec(header)?.[1];
  const user = key ? await auth.userOfApiKey(key) : null;
  if (!user) throw unauthenticated('This API key is not valid: it may have been revoked or have expired');
  const take = auth.takeKeyToken(user.apiKeyId!);
  const headers = rateLimitHeaders(auth.apiKeyRate, take);
  ctx.set(headers);
  if (!take.allowed) {
    throw new HttpError(429, 'too_many_requests', `Too many requests with this API key; try again in ${headers['Retry-After']} seconds`, undefined, headers);
  }
  return user;
};

/** Loads the session user, or an API key's; answers 401 on every other /api route without one. */
export const sessionAuth = (auth: AuthStore): Middleware => async (ctx: Context, next: Next) => {
  const authorization = ctx.get('authorization');
  const token = ctx.cookies.get(SESSION_COOKIE);
  const user = authorization ? await keyUser(ctx, auth, authorization) : token ? await auth.userOfSession(token) : null;
  if (user) ctx.state.user = user;
  const route = `${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${ctx.path.replace(/\/+$/, '')}`;
  if (!user && ctx.path.startsWith('/api') && !PUBLIC_API_ROUTES.includes(route)) {
    throw unauthenticated();
  }
  await next();
};

export const setSessionCookie = (ctx: Context, token: string | null) => {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    maxAge: token ? SESSION_DAYS * 24 * 3600 * 1000 : undefined,
  });
};
