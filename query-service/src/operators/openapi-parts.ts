import { HEADERS, IDEMPOTENCY_KEY_MAX, PAGE_LIMIT_MAX } from '@erp/contracts';
import { z } from 'zod';

/** Building blocks of the OpenAPI document (openapi.ts), shared by the route groups. */

export const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

export const ok = (description: string, schema?: z.ZodType, extra: Record<string, unknown> = {}) => ({
  description,
  ...(schema ? { content: { 'application/json': { schema: json(schema) } } } : {}),
  ...extra,
});

/** `{ "error", "message", "issues" }`: one component; the finishing pass adds the usual statuses. */
export const error = { $ref: '#/components/responses/Error' };
export const errors = { 400: error, 401: error, 404: error };

export const body = (schema: z.ZodType, example?: unknown) => ({
  required: true,
  content: { 'application/json': { schema: json(schema, 'input'), ...(example === undefined ? {} : { example }) } },
});

export const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

/** `?q=&limit=&after=` of every list (query-service/src/shared/paging.ts). */
export const listParams = [
  { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200 }, description: 'Case-insensitive search in the texts of a row and the names it points at' },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX }, description: 'Page size; without it, every row' },
  { name: 'after', in: 'query', schema: { type: 'string' }, description: 'The X-Next-After of the previous page' },
];

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const nextAfter = { [HEADERS.nextAfter]: headerRef(HEADERS.nextAfter) };
/** What a write answers beside its body (DESIGN §2). */
export const written = {
  [HEADERS.eventPosition]: headerRef(HEADERS.eventPosition),
  ETag: headerRef('ETag'),
  'Idempotent-Replayed': headerRef('Idempotent-Replayed'),
};
export const pdf = { description: 'application/pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX };
