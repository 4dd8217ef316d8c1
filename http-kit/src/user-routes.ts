import { api, byId, NewUserSchema, PasswordChangeSchema, PasswordResetSchema, USER_EVENTS, UserChangeSchema } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { countAttempt } from './auth-routes';
import type { AuthStore } from './auth-store';
import { badRequest, conflictHttp, notFoundHttp } from './http-error';
import { throttleKeys } from './login-throttle';
import { idParam } from './params';
import { parseBody } from './parse';
import { SESSION_COOKIE } from './session';

const USER = byId(api.users, ':id');

/** An audit event of a change to the users (never a password or its hash), on the user's stream `user:<id>`. */
export interface UserEvent {
  readonly type: (typeof USER_EVENTS)[number];
  readonly data: { readonly id: number } & Readonly<Record<string, unknown>>;
}

/** Records a change to the users in the event log, as the signed-in user who made it. */
export type RecordUserEvent = (ctx: Context, event: UserEvent) => Promise<void>;

/**
 * The owner's users (issue 22): add one with a role, change the role, disable (their sessions
 * end at once), set a new password. And anyone's change of their own password. The role guard
 * lets only the owner reach `api.users`.
 */
export const userWriteRoutes = (router: Router, auth: AuthStore, record: RecordUserEvent = async () => undefined) => {
  router.post(api.users, async (ctx: Context) => {
    const { username, password, role } = parseBody(NewUserSchema, ctx.request.body);
    const user = await auth.createUser(username, password, role);
    if (!user) throw conflictHttp(`Username ${username} is already in use`);
    await record(ctx, { type: 'UserAdded', data: { id: user.id, username: user.username, role: user.role } });
    ctx.status = 201;
    ctx.set('Location', byId(api.users, user.id));
    ctx.body = user;
  });

  router.put(USER, async (ctx: Context) => {
    const id = idParam(ctx, 'User');
    const change = parseBody(UserChangeSchema, ctx.request.body);
    const user = await auth.changeUser(id, change);
    if (user === 'not found') throw notFoundHttp(`User ${id} not found`);
    if (user === 'last owner') throw conflictHttp('The business needs an owner who can sign in: make another user owner first');
    await record(ctx, { type: 'UserChanged', data: { id, ...change } });
    ctx.body = user;
  });

  router.post(`${USER}/password`, async (ctx: Context) => {
    const id = idParam(ctx, 'User');
    const { password } = parseBody(PasswordResetSchema, ctx.request.body);
    if (!(await auth.setPassword(id, password))) throw notFoundHttp(`User ${id} not found`);
    await record(ctx, { type: 'UserPasswordSet', data: { id, by: 'owner' } });
    ctx.status = 204;
  });

  router.post(api.auth.password, async (ctx: Context) => {
    const user = ctx.state.user!;
    const { currentPassword, newPassword } = parseBody(PasswordChangeSchema, ctx.request.body);
    // Guessing the current password here is guessing a sign-in: the same counts.
    const keys = throttleKeys(user.username, ctx.ip);
    await countAttempt(auth, keys, 'wrong passwords');
    if (!(await auth.isPasswordOf(user.id, currentPassword))) {
      const message = 'This is not your current password';
      throw badRequest(message, [{ path: 'currentPassword', message }]);
    }
    await auth.signedIn(keys);
    await auth.setPassword(user.id, newPassword, ctx.cookies.get(SESSION_COOKIE));
    await record(ctx, { type: 'UserPasswordSet', data: { id: user.id, by: 'self' } });
    ctx.status = 204;
  });
};

/** The owner's list of users (query side). */
export const userReadRoutes = (router: Router, auth: AuthStore) => {
  router.get(api.users, async (ctx: Context) => {
    ctx.body = await auth.users();
  });
};
