import { documentedAs, HEADERS, IDEMPOTENCY_KEY_MAX, PAGE_LIMIT_MAX } from '@erp/contracts';
import { z } from 'zod';

/** Building blocks of the OpenAPI document (openapi.ts), shared by the route groups. */

/**
 * Without zod's `$schema` on each; an answer is open (no `additionalProperties: false`), so a
 * client keeps working when a field is added. A body's unknown fields are refused by the server
 * (http-kit's strictInput), its record's own fields excepted: a record read is accepted back.
 */
const shape = (node: unknown, io: 'input' | 'output'): unknown => {
  if (Array.isArray(node)) return node.map((n) => shape(n, io));
  if (typeof node !== 'object' || node === null) return node;
  return shapeObject(node, io);
};

const shapeObject = (node: object, io: 'input' | 'output'): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== '$schema') out[k] = k === 'example' || k === 'examples' || k === 'default' || k === 'const' ? v : shape(v, io);
  if (io === 'output' && out.additionalProperties === false) delete out.additionalProperties;
  return out;
};

const converted = { input: new WeakMap<z.ZodType, Record<string, unknown>>(), output: new WeakMap<z.ZodType, Record<string, unknown>>() };
/** Every schema the document was built from (openapi-components names those the contracts name). */
export const usedSchemas = new Set<z.ZodType>();

/** zod's JSON Schema, with what contracts' `documentedAs` says in place of what zod cannot say. */
const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const shown = documentedAs.get(zodSchema)?.[io];
      if (!shown) return;
      for (const key of Object.keys(jsonSchema)) Reflect.deleteProperty(jsonSchema, key);
      Object.assign(jsonSchema, toJsonSchema(shown, io));
    },
  });

/** A zod schema as JSON Schema (each converted once: do not change the answer). */
export const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') => {
  usedSchemas.add(schema);
  let found = converted[io].get(schema);
  if (!found) {
    found = shapeObject(toJsonSchema(schema, io), io);
    converted[io].set(schema, found);
  }
  return found;
};

/** A success answer: its schema from zod, or already JSON Schema (a list's rows). */
export const ok = (description: string, schema?: z.ZodType | Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  description,
  ...(schema ? { content: { 'application/json': { schema: schema instanceof z.ZodType ? json(schema) : schema } } } : {}),
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
  { name: 'after', in: 'query', schema: { type: 'string', maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$' }, description: 'The X-Next-After of the previous page' },
  {
    name: 'changedSince',
    in: 'query',
    schema: { type: 'string', maxLength: 200 },
    description:
      "Sync: `0`, then this list's last X-Next-Cursor. Answers the records changed after it, in the order of their last change (`limit` pages them), deleted ones as tombstones `{id, deleted: true, updatedAt, version}`; not with `q` or `after`. Any other value is a 400 naming it",
  },
];

/** What each listed row carries besides the record (changes.ts): its last event's time and its stream's version. */
export const SyncFieldsSchema = z.object({
  updatedAt: z.string().max(40).nullable().describe('When its last event was recorded (ISO 8601 UTC)'),
  version: z.number().int().describe('Its stream version (the ETag of GET by id)'),
});
export const TombstoneSchema = z.object({ id: z.number().int(), deleted: z.literal(true), updatedAt: z.string(), version: z.number().int() }).describe('A record deleted (answered to a sync, `changedSince`)');

/** A list's rows: the record with updatedAt and version, or (to a sync) a tombstone. */
export const listed = (schema: z.ZodType) => ({
  type: 'array',
  items: { anyOf: [{ allOf: [json(schema), json(SyncFieldsSchema)] }, json(TombstoneSchema)] },
});

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const nextAfter = { [HEADERS.nextAfter]: headerRef(HEADERS.nextAfter), 'X-Next-Cursor': headerRef('X-Next-Cursor') };
/** What a write answers beside its body (DESIGN §2). */
export const written = {
  [HEADERS.eventPosition]: headerRef(HEADERS.eventPosition),
  ETag: headerRef('ETag'),
  'Idempotent-Replayed': headerRef('Idempotent-Replayed'),
};
export const pdf = { description: 'application/pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX };
