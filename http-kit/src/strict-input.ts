import { validationError } from '@erp/contracts';
import type { Context, Middleware, Next } from 'koa';

/**
 * A strict API (issue 46 item 3): a query parameter or a body field that the route's OpenAPI
 * operation does not declare is a 400 naming it, never silently ignored (a customer sent with
 * `gstin` for `gstNumber` must not become a B2C customer). The OpenAPI document is the one list
 * of what each route takes, so what is documented and what is accepted cannot drift apart.
 */

type Json = Record<string, unknown>;
export interface StrictDocument {
  readonly paths: Readonly<Record<string, Json>>;
  readonly components?: Readonly<Record<string, unknown>>;
}

interface Route {
  readonly pattern: RegExp;
  /** Literal segments first: `/vendors/new` before `/vendors/{id}`. */
  readonly params: number;
  readonly item: Json;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A list of the document (`anyOf`, `allOf`, `parameters`), none when absent. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Follows a local `$ref` (`#/components/schemas/Customer`) through the document. */
const resolver = (doc: StrictDocument) => (node: unknown): Json => {
  let current = node;
  for (let hops = 0; hops < 20; hops += 1) {
    const ref = isObject(current) ? current.$ref : undefined;
    if (typeof ref !== 'string') break;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return isObject(current) ? current : {};
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const routesOf = (doc: StrictDocument): Route[] =>
  Object.entries(doc.paths)
    .map(([path, item]) => ({
      pattern: new RegExp(`^${path.split(/\{\w+\}/).map(escape).join('[^/]+')}/?$`),
      params: (path.match(/\{\w+\}/g) ?? []).length,
      item,
    }))
    .sort((a, b) => a.params - b.params);

/** The names of every field in `value` that `schema` does not declare, as `lines.0.rate`. */
export const unknownFields = (resolve: (node: unknown) => Json, node: unknown, value: unknown, at: string[] = []): string[] => {
  const schema = resolve(node);
  const branches = listOf(schema.anyOf ?? schema.oneOf);
  if (branches.length > 0) {
    // The branch that fits best: a value of a union is judged by the member it is meant for.
    const found = branches.map((branch) => unknownFields(resolve, branch, value, at));
    return found.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (Array.isArray(value)) {
    return schema.items ? value.flatMap((element, i) => unknownFields(resolve, schema.items, element, [...at, String(i)])) : [];
  }
  if (!isObject(value)) return [];
  const parts = [schema, ...listOf(schema.allOf).map(resolve)];
  const properties: Json = Object.assign({}, ...parts.map((p) => (isObject(p.properties) ? p.properties : {})));
  // Closed unless a schema says what else it takes (a free map: `additionalProperties`). An object
  // where the schema says nothing of its fields (`{}`) takes none: a nested field is never let by.
  const closed = parts.every((p) => p.additionalProperties === undefined || p.additionalProperties === false);
  const extra = parts.find((p) => isObject(p.additionalProperties))?.additionalProperties;
  return Object.entries(value).flatMap(([key, field]) => {
    if (Object.hasOwn(properties, key)) return unknownFields(resolve, properties[key], field, [...at, key]);
    if (extra !== undefined) return unknownFields(resolve, extra, field, [...at, key]);
    return closed ? [[...at, key].join('.')] : [];
  });
};

/** The `application/json` schema of a request body or a response. */
const jsonSchemaOf = (resolve: (node: unknown) => Json, holder: unknown): unknown => {
  const content = resolve(holder).content;
  return isObject(content) && isObject(content['application/json']) ? content['application/json'].schema : undefined;
};

/** The record a write answers (its 200 or 201) and the path's GET answers. */
const recordSchemas = (resolve: (node: unknown) => Json, item: Json, op: Json) => {
  const answers = [op, isObject(item.get) ? item.get : {}].flatMap((o) => {
    const responses = resolve(o.responses);
    return ['200', '201'].map((status) => jsonSchemaOf(resolve, responses[status]));
  });
  // Records only: a list's rows (an array) say nothing of what one body may carry.
  return answers.filter((schema) => schema !== undefined && isObject(resolve(schema).properties));
};

const refuse = (where: 'query parameter' | 'field', names: readonly string[], known: readonly string[]) => {
  throw validationError(
    `Unknown ${where}${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
    names.map((name) => ({ path: name, message: where === 'field' ? 'Not a field here' : `Not a parameter here${known.length > 0 ? `: use ${known.join(', ')}` : ''}` })),
  );
};

/**
 * Koa middleware: after the body is parsed and before the route runs. A request no operation of
 * the document matches passes on (the router answers 404 or 405).
 */
export const strictInput = (document: StrictDocument | (() => StrictDocument)): Middleware => {
  // Given as a function, the document is built at the first request, not at start (a restart answers sooner).
  let known: { resolve: (node: unknown) => Json; routes: Route[] } | undefined;
  const ready = () => {
    const doc = typeof document === 'function' ? document() : document;
    return (known ??= { resolve: resolver(doc), routes: routesOf(doc) });
  };
  return async (ctx: Context, next: Next) => {
    const { resolve, routes } = ready();
    const route = routes.find((r) => r.pattern.test(ctx.path));
    const operation = route?.item[ctx.method.toLowerCase()];
    const op = isObject(operation) ? operation : undefined;
    if (!route || !op) return next();
    const parameters = [...listOf(route.item.parameters), ...listOf(op.parameters)].map(resolve);
    const known = parameters.filter((p) => p.in === 'query').map((p) => String(p.name));
    const unknownQuery = Object.keys(ctx.query).filter((name) => !known.includes(name));
    if (unknownQuery.length > 0) refuse('query parameter', unknownQuery, known);
    const body = 'body' in ctx.request ? ctx.request.body : undefined;
    if (ctx.method !== 'GET' && body !== undefined && body !== null) {
      const schema = jsonSchemaOf(resolve, op.requestBody);
      let unknown = schema === undefined ? (isObject(body) ? Object.keys(body) : []) : unknownFields(resolve, schema, body);
      // A record read with GET is accepted back by PUT as it is: its read-only fields (id, totals,
      // version…) are the record's, not unknown. A field neither the body's nor the record's is.
      // A create (POST) takes none of them: a `totalAmount` or an `id` sent to make a record would
      // be ignored, so it is refused, named.
      const roundTrip = ctx.method === 'PUT' || ctx.method === 'PATCH';
      for (const answer of schema === undefined || !roundTrip ? [] : recordSchemas(resolve, route.item, op)) {
        if (unknown.length === 0) break;
        const alsoUnknown = new Set(unknownFields(resolve, answer, body));
        unknown = unknown.filter((name) => alsoUnknown.has(name));
      }
      if (unknown.length > 0) refuse('field', unknown, []);
    }
    return next();
  };
};
