import { api, ErrorBodySchema, HEADERS, PUBLIC_API_ROUTES } from '@erp/contracts';

import { HEADER_DOCS } from './operations-doc';
import { IDEMPOTENCY_KEY_SCHEMA, json } from './openapi-parts';

/**
 * The finishing pass of the OpenAPI document: what holds for every route by the HTTP contract
 * (DESIGN §2) is added here once, by rule, so a route added tomorrow gets it too. An operation
 * only states its own answers; this adds the session (401, 403 for a role), the origin check
 * (403 on writes), body checks (400, 413, 415), conflicts (409), If-Match (412), 404 on record
 * routes, 503 when the database is unreachable, the common headers and an operationId.
 */

interface Parameter { readonly name?: string; readonly in?: string; readonly $ref?: string }
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, Response>;
  security?: unknown[];
}
interface Response {
  $ref?: string;
  headers?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type PathItem = { parameters?: Parameter[] } & { [M in (typeof METHODS)[number]]?: Operation };
const isWrite = (method: string) => method !== 'get';

const errorExample = (error: string, message: string) => ({ error, message });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const errorResponse = (description: string, example: object, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { [HEADERS.requestId]: headerRef(HEADERS.requestId), ...headers },
  content: { 'application/json': { schema: json(ErrorBodySchema), example } },
});
const retry = { 'Retry-After': headerRef('Retry-After') };
/** On every answer to an API key (its token bucket). */
const rateLimit = Object.fromEntries(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].map((name) => [name, headerRef(name)]));

/** One response component per error status, with what it means here and an example. */
const ERROR_RESPONSES = {
  400: ['BadRequest', errorResponse('validation_failed: `issues` names every bad field (body, query or path) with its message', { error: 'validation_failed', message: 'Check the highlighted fields', issues: [{ path: 'name', message: 'Required' }] })],
  401: ['Unauthenticated', errorResponse('unauthenticated: no session, or it ended (sign in again)', errorExample('unauthenticated', 'Sign in to continue'))],
  403: ['Forbidden', errorResponse('forbidden_origin: a write sent from a foreign Origin; forbidden: the signed-in role may not use this route', errorExample('forbidden', 'Viewer accounts cannot change records; ask the owner'))],
  404: ['NotFound', errorResponse('not_found: no such record (or route)', errorExample('not_found', 'No vendor 42'))],
  409: ['Conflict', errorResponse('conflict: a concurrent change, a value that must be unique, a rule on the record (e.g. paid on), or an Idempotency-Key reused with another body', errorExample('conflict', 'Another vendor already has this name'))],
  412: ['PreconditionFailed', errorResponse('precondition_failed: If-Match no longer matches the record (someone else changed it)', errorExample('precondition_failed', 'The record was changed by someone else'))],
  413: ['PayloadTooLarge', errorResponse('payload_too_large: the JSON body is over 256 kB', errorExample('payload_too_large', 'The body is too large'))],
  415: ['UnsupportedMediaType', errorResponse('unsupported_media_type: a write body that is not application/json', errorExample('unsupported_media_type', 'Send the body as application/json'))],
  429: ['TooManyRequests', errorResponse("too_many_requests: too many failed attempts, or an API key past its rate limit; wait Retry-After seconds", errorExample('too_many_requests', 'Too many failed sign-ins. Try again in 30 seconds.'), { ...retry, ...rateLimit })],
  503: ['Unavailable', errorResponse('unavailable: the database is not reachable right now, or (setup, sign-in, password change) too many passwords are being checked; retry after Retry-After seconds', errorExample('unavailable', 'The database is not reachable right now; try again shortly'), retry)],
} as const satisfies Record<number, readonly [string, object]>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;
const isErrorStatus = (status: number): status is ErrorStatus => status in ERROR_RESPONSES;

const ERROR_REF = '#/components/responses/Error';
const responseRef = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` });
const paramRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** `GET /api/purchase/vendors/{id}/history` → `getPurchaseVendorsByIdHistory`: unique, as paths are. */
export const operationIdOf = (method: string, path: string) =>
  method +
  path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith('{') ? ['by', segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

const isPublic = (method: string, path: string) => PUBLIC_API_ROUTES.includes(`${method.toUpperCase()} ${path}`);
/** Writes that check If-Match against the record's version (the owner's users have none). */
const takesIfMatch = (method: string, path: string) => (method === 'put' || method === 'delete') && !path.startsWith(api.users);

const finishOperation = (path: string, method: string, op: Operation, pathParams: readonly string[]) => {
  const session = !isPublic(method, path);
  const add = (status: ErrorStatus, when: boolean) => {
    if (when && !(status in op.responses)) op.responses[status] = responseRef(status);
  };
  const parameters = op.parameters ?? [];
  add(400, parameters.length > 0 || op.requestBody !== undefined || pathParams.length > 0);
  add(401, session);
  add(403, session || isWrite(method));
  add(404, pathParams.length > 0);
  add(409, session && isWrite(method));
  add(429, session);
  add(412, takesIfMatch(method, path));
  add(413, op.requestBody !== undefined);
  add(415, op.requestBody !== undefined);
  add(503, true);
  // What an operation named as a bare error takes the component of its status.
  for (const [status, response] of Object.entries(op.responses)) {
    const code = Number(status);
    if (response.$ref === ERROR_REF && isErrorStatus(code)) op.responses[status] = responseRef(code);
  }
  const extra = [
    ...(method === 'get' && session ? [paramRef(HEADERS.minPosition)] : []),
    ...(method === 'post' && session ? [paramRef(HEADERS.idempotencyKey)] : []),
    ...(takesIfMatch(method, path) ? [paramRef('If-Match')] : []),
    paramRef(HEADERS.requestId),
  ];
  op.parameters = [...parameters.filter((p) => !extra.some((e) => p.name && e.$ref.endsWith(`/${p.name}`))), ...extra];
  if (session) {
    for (const [status, r] of Object.entries(op.responses)) {
      if (status.startsWith('2') && !r.$ref) r.headers = { ...r.headers, ...(method === 'get' ? { 'X-Read-Model-Stale': headerRef('X-Read-Model-Stale') } : {}), ...rateLimit };
    }
  }
  op.operationId ??= operationIdOf(method, path);
  // What generators put on each method: the summary says what it does (an operation states no more).
  op.description ??= op.summary;
  if (!session) op.security = [];
};

/** Every `{name}` of a path is declared (on the path or on each of its operations). */
const declarePathParams = (path: string, item: PathItem) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const declared = new Set((item.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
  const missing = names.filter((n) => !declared.has(n));
  if (missing.length > 0) {
    item.parameters = [...(item.parameters ?? []), ...missing.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', maxLength: 100 } }))];
  }
  return names;
};

/** Every tag the operations use, declared once in the order met (generators group by them). */
export const tagsOf = (paths: Record<string, PathItem>) => {
  const names = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const method of METHODS) for (const tag of item[method]?.tags ?? []) names.add(tag);
  }
  return [...names].map((name) => ({ name, description: `The ${name.toLowerCase()} routes` }));
};

/** Applies the rules above to every operation of `paths`, in place, and returns it. */
export const finishPaths = <T extends Record<string, PathItem>>(paths: T): T => {
  for (const [path, item] of Object.entries(paths)) {
    const pathParams = declarePathParams(path, item);
    for (const method of METHODS) {
      const op = item[method];
      if (op) finishOperation(path, method, op, pathParams);
    }
  }
  return paths;
};

const parameterSchema = (name: string) => (name === HEADERS.idempotencyKey ? IDEMPOTENCY_KEY_SCHEMA : name === HEADERS.minPosition ? { type: 'string', pattern: '^\\d+$' } : { type: 'string' });

/** The components the finishing pass points at. */
export const commonComponents = () => ({
  securitySchemes: {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: 'erp_session',
      description: 'The session cookie (HttpOnly, SameSite=Lax) that POST /api/auth/setup or /api/auth/login sets; POST /api/auth/logout ends it.',
    },
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key the owner made (POST /api/settings/api-keys): `Authorization: Bearer erp_…`. It acts in its role, is rate-limited per key (RateLimit-* headers; 429 with Retry-After) and cannot manage users or keys; revoked or expired: 401.',
    },
  },
  responses: Object.fromEntries(Object.values(ERROR_RESPONSES)),
  parameters: Object.fromEntries(
    HEADER_DOCS.filter((h) => h.in !== 'response').map((h) => [h.name, { name: h.name, in: 'header', description: h.description, schema: parameterSchema(h.name) }]),
  ),
  headers: Object.fromEntries(HEADER_DOCS.filter((h) => h.in !== 'request').map((h) => [h.name, { description: h.description, schema: { type: 'string' } }])),
});
