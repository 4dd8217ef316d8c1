import { z } from 'zod';

import { isStorable, UNSTORABLE_MESSAGE } from './fields';
import { ROLES } from './permissions';

/** The owner's users (issue 22): what is sent and answered; who may do what is in permissions.ts. */
const username = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(100, 'At most 100 characters')
  .refine(isStorable, UNSTORABLE_MESSAGE);
const newPassword = z.string({ error: 'Required' }).min(8, 'Password must be at least 8 characters').max(200, 'At most 200 characters');
const role = z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}` });

/** The events of a user's stream `user:<id>` (http-kit's user routes append them; public, so webhooks may ask for them). */
export const USER_EVENTS = ['UserAdded', 'UserChanged', 'UserPasswordSet'] as const;

/** A user as the owner's Users screen shows it (never a password or its hash). */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const NewUserSchema = z.object({ username, password: newPassword, role });
export type NewUser = z.infer<typeof NewUserSchema>;

/** What the owner changes of a user: the role, or whether they may sign in. */
export const UserChangeSchema = z
  .object({ role: role.optional(), disabled: z.boolean({ error: 'Expected true or false' }).optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'Send a role or disabled', path: ['role'] });
export type UserChange = z.infer<typeof UserChangeSchema>;

/** The owner sets a new password for a user (who has forgotten theirs). */
export const PasswordResetSchema = z.object({ password: newPassword });

/** A user changes their own password: the current one is asked again. */
export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Required' }).min(1, 'Required').max(200),
  newPassword,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
