import type { Context, Middleware, Next } from 'koa';

import type { AuthStore } from './auth-store';
import { unauthenticated } from './http-error';
import type { AppState } from './middleware';

export const SESSION_COOKIE = 'erp_session';

/** The only /api routes open without a session (DESIGN §2). */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'POST /api/auth/setup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/me',
];

/** Loads the session user; answers 401 on every other /api route without one. */
export const sessionAuth = (auth: AuthStore): Middleware => async (ctx: Context, next: Next) => {
  const token = ctx.cookies.get(SESSION_COOKIE);
  const user = token ? await auth.userOfSession(token) : null;
  if (user) (ctx.state as AppState).user = user;
  const route = `${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${ctx.path.replace(/\/+$/, '')}`;
  if (!user && ctx.path.startsWith('/api') && !PUBLIC_ROUTES.includes(route)) {
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
    maxAge: token ? 30 * 24 * 3600 * 1000 : undefined,
  });
};
