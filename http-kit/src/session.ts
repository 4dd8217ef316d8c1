import type { Context, Middleware, Next } from 'koa';

import { PUBLIC_API_ROUTES } from '@erp/contracts';

import { type AuthStore, SESSION_DAYS } from './auth-store';
import { unauthenticated } from './http-error';
import type { AppState } from './middleware';

export const SESSION_COOKIE = 'erp_session';


/** Loads the session user; answers 401 on every other /api route without one. */
export const sessionAuth = (auth: AuthStore): Middleware => async (ctx: Context, next: Next) => {
  const token = ctx.cookies.get(SESSION_COOKIE);
  const user = token ? await auth.userOfSession(token) : null;
  if (user) (ctx.state as AppState).user = user;
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
