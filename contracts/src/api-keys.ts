import { z } from 'zod';

import { isStorable, UNSTORABLE_MESSAGE } from './fields';
import { ROLES } from './permissions';

/**
 * API keys (issue 46): the owner makes one for a machine client, with a role and an optional
 * expiry; it is shown once (`erp_` and 43 characters), stored as its SHA-256 and sent as
 * `Authorization: Bearer <key>`.
 */
export const API_KEY_PREFIX = 'erp_';

/** Whether a text has the shape of a key (checked before it is looked up). */
export const looksLikeApiKey = (text: string): boolean => /^erp_[A-Za-z0-9_-]{43}$/.test(text);

/** An expiry: a day (the key works through its end, UTC) or an ISO date-time, in the future. */
const expiresAt = z
  .string()
  .max(40, 'At most 40 characters')
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v)), 'A date (2027-03-31) or an ISO date-time')
  .transform((v) => (v.length === 10 ? new Date(`${v}T23:59:59.999Z`) : new Date(v)).toISOString())
  .refine((v) => Date.parse(v) > Date.now(), 'An expiry in the future');

/** The longest name a key takes. */
export const API_KEY_NAME_MAX = 100;

export const NewApiKeySchema = z.strictObject({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`).refine(isStorable, UNSTORABLE_MESSAGE),
  role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}` }),
  expiresAt: expiresAt.nullish(),
});
export type NewApiKey = z.input<typeof NewApiKeySchema>;

/** A key as listed: never the key itself, nor its hash. */
export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The key's first characters, to tell keys apart (`erp_AbCd…`). */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Within a minute: the server writes it at most once a minute per key. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to a create: the record and, this once, the key. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** The name events appended with a key carry as their user (the activity log shows it). */
export const apiKeyActor = (name: string) => `API key ${name}`;
/** The longest actor an event names: a key's, longer than any username. */
export const ACTOR_MAX = apiKeyActor('x'.repeat(API_KEY_NAME_MAX)).length;
