import { api, CredentialsSchema, SetupSchema } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import type { AuthStore } from './auth-store';
import { roomToHash } from './hash-gate';
import { HttpError, unauthenticated } from './http-error';
import { setupThrottleKeys, type ThrottleKey, throttleKeys } from './login-throttle';
import { parseBody } from './parse';
import { SESSION_COOKIE, setSessionCookie } from './session';

/**
 * A sign-in always gets a fresh token, and the one this browser came with (a fixed one, or
 * another user's) ends here: no session id lives on across a login.
 */
const startSession = async (ctx: Context, auth: AuthStore, userId: number) => {
  const previous = ctx.cookies.get(SESSION_COOKIE);
  if (previous) await auth.closeSession(previous);
  setSessionCookie(ctx, await auth.openSession(userId));
};

/**
 * Before a password (or setup code) is checked: 503 when its hash could not even queue, then
 * one attempt counted against `keys`, or 429 with Retry-After once they are spent. A hash is
 * the costly part, so neither answer costs one.
 */
export const countAttempt = async (auth: AuthStore, keys: readonly ThrottleKey[], what: string) => {
  roomToHash();
  const wait = await auth.beginSignIn(keys);
  if (wait > 0) {
    throw new HttpError(429, 'too_many_requests', `Too many ${what}. Try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });
  }
};

const SETUP_DONE = 'Setup is already done: sign in instead';

/** Setup, login and logout: the writes of DESIGN §2's auth contract (command side). */
export const authWriteRoutes = (router: Router, auth: AuthStore) => {
  router.post(api.auth.setup, async (ctx: Context) => {
    const { username, password, setupCode } = parseBody(SetupSchema, ctx.request.body);
    // Done already: said before a hash is made (the lock below decides a race).
    if (await auth.hasUsers()) throw new HttpError(409, 'conflict', SETUP_DONE);
    // Wrong codes are throttled like wrong passwords: the code cannot be guessed from the network.
    const keys = setupThrottleKeys(ctx.ip);
    await countAttempt(auth, keys, 'wrong setup codes');
    const user = await auth.createFirstUser(username, password, setupCode);
    if (user === 'taken') throw new HttpError(409, 'conflict', SETUP_DONE);
    if (user === 'wrong code') {
      const message = 'This is not the setup code: it is printed where the server was started';
      throw new HttpError(400, 'validation_failed', message, [{ path: 'setupCode', message }]);
    }
    await auth.signedIn(keys);
    await startSession(ctx, auth, user.id);
    ctx.status = 201;
    ctx.body = user;
  });

  router.post(api.auth.login, async (ctx: Context) => {
    const { username, password } = parseBody(CredentialsSchema, ctx.request.body);
    // Counted before the password is checked: fifty attempts sent at once are not fifty checks.
    const keys = throttleKeys(username, ctx.ip);
    await countAttempt(auth, keys, 'failed sign-ins');
    const user = await auth.verify(username, password);
    if (!user) throw unauthenticated('Invalid username or password');
    await auth.signedIn(keys);
    await startSession(ctx, auth, user.id);
    ctx.body = user;
  });

  router.post(api.auth.logout, async (ctx: Context) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) await auth.closeSession(token);
    setSessionCookie(ctx, null);
    ctx.status = 204;
  });
};

/** Who am I; the 401 says whether the app still needs its first user (query side). */
export const authReadRoutes = (router: Router, auth: AuthStore) => {
  router.get(api.auth.me, async (ctx: Context) => {
    const user = ctx.state.user;
    if (user) {
      ctx.body = user;
      return;
    }
    ctx.status = 401;
    ctx.body = {
      error: 'unauthenticated',
      message: 'Please sign in',
      setupRequired: !(await auth.hasUsers()),
    };
  });
};
