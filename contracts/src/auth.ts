import { z } from 'zod';

export const CredentialsSchema = z.object({
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
});
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Setup asks for a real password: the first user owns the business's books. */
export const SetupSchema = CredentialsSchema.extend({
  password: z.string({ error: 'Required' }).min(8, 'Password must be at least 8 characters').max(200),
});

export const MeSchema = z.object({ id: z.number().int(), username: z.string() });
export type Me = z.infer<typeof MeSchema>;
