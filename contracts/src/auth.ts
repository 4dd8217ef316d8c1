import { z } from 'zod';

import { isStorable, UNSTORABLE_MESSAGE } from './fields';
import { ROLES } from './permissions';

export const CredentialsSchema = z.object({
  // The username is looked up and kept in PostgreSQL: NUL or a lone surrogate is a 400, not a 500.
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100).refine(isStorable, UNSTORABLE_MESSAGE),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
});
export type Credentials = z.infer<typeof CredentialsSchema>;

/**
 * Setup asks for a real password (the first user owns the business's books) and the one-time
 * setup code the server printed in its log at first start: whoever else is on the shop's
 * network cannot claim the business first.
 */
export const SetupSchema = CredentialsSchema.extend({
  password: z.string({ error: 'Required' }).min(8, 'Password must be at least 8 characters').max(200),
  setupCode: z
    .string({ error: 'Enter the setup code from the server' })
    .trim()
    .min(1, 'Enter the setup code from the server')
    .max(40, 'Enter the setup code from the server'),
});
export type SetupBody = z.infer<typeof SetupSchema>;

/** A setup code as people type it: case, spaces and dashes do not matter. */
export const normalSetupCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const MeSchema = z.object({ id: z.number().int(), username: z.string(), role: z.enum(ROLES) });
export type Me = z.infer<typeof MeSchema>;
