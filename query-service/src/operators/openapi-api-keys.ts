import { api, ApiKeySchema, CreatedApiKeySchema, NewApiKeySchema } from '@erp/contracts';
import { z } from 'zod';

/** The helpers of openapi.ts that describe an operation. */
interface Describe {
  readonly ok: (description: string, schema?: z.ZodType) => unknown;
  readonly errors: Record<400 | 401 | 404, unknown>;
  readonly body: (schema: z.ZodType, example?: unknown) => unknown;
  readonly idParam: unknown;
}

/** The owner's API keys (issue 46): made (shown once), listed with last use, revoked. */
export const apiKeyPaths = ({ ok, errors, body, idParam }: Describe) => ({
  [api.apiKeys]: {
    get: { tags: ['API keys'], summary: 'The API keys with their role, expiry and last use (to the minute); never a key or its hash (owner only, signed in)', responses: { 200: ok('Keys', z.array(ApiKeySchema)), ...errors } },
    post: {
      tags: ['API keys'],
      summary:
        'Make an API key for a machine client: a name, a role, an optional expiry (a day: through its end, UTC; or a date-time). The answer holds `key`, shown this once: send it as `Authorization: Bearer <key>` (owner only, signed in: a key cannot make keys)',
      requestBody: body(NewApiKeySchema, { name: 'Tally sync', role: 'accountant', expiresAt: '2027-03-31' }),
      responses: { 201: ok('Made', CreatedApiKeySchema), ...errors },
    },
  },
  [`${api.apiKeys}/{id}`]: {
    parameters: [idParam],
    delete: { tags: ['API keys'], summary: 'Revoke a key: its next request is a 401, in every process (owner only, signed in)', responses: { 204: ok('Revoked'), ...errors } },
  },
});
