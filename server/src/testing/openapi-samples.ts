/**
 * What specs read from the OpenAPI document, so a route added to it is covered without naming it.
 *
 * Bodies for the strict API's spec: every field a schema declares,
 * with a value of its type, and an unknown field put into each object nested in it (a line, an
 * allocation, a format…).
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface Document {
  readonly paths: Record<string, Json>;
  readonly components?: Json;
}

const resolver = (doc: Document) => (node: unknown): Json => {
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), doc);
  }
  return isObject(current) ? current : {};
};

/**
 * A value of `node` with every declared field; `unknown` added to each object below the top (not to
 * a free map), and the paths it was added at (`lines.0.colour`) pushed to `planted`.
 */
const sample = (resolve: (n: unknown) => Json, node: unknown, at: string[], unknown: string, planted: string[]): unknown => {
  const schema = resolve(node);
  if (at.length > 12) return 'x';
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (branches) {
    // An object's branch when there is one (a line may be one of two kinds), else the first that is not null.
    const typed = branches.map(resolve);
    const pick = typed.find((b) => isObject(b.properties)) ?? typed.find((b) => b.type !== 'null') ?? typed[0];
    return sample(resolve, pick, at, unknown, planted);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.type === 'array' || schema.items) return [sample(resolve, schema.items, [...at, '0'], unknown, planted)];
  if (isObject(schema.properties)) {
    const value: Json = {};
    for (const [key, field] of Object.entries(schema.properties)) value[key] = sample(resolve, field, [...at, key], unknown, planted);
    if (at.length > 0 && (schema.additionalProperties === undefined || schema.additionalProperties === false)) {
      value[unknown] = 'red';
      planted.push([...at, unknown].join('.'));
    }
    return value;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return 'x';
};

export interface NestedWrite {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  /** Where the body carries the unknown field, one path per nested object. */
  readonly planted: readonly string[];
}

/** Every write of the document whose body nests objects, with its sample body. */
export const nestedWrites = (doc: Document, unknown: string): NestedWrite[] => {
  const resolve = resolver(doc);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    ['post', 'put', 'patch', 'delete'].flatMap((method) => {
      const op = item[method];
      if (!isObject(op) || !op.requestBody) return [];
      const content = resolve(op.requestBody).content;
      const schema = isObject(content) && isObject(content['application/json']) ? content['application/json'].schema : undefined;
      if (schema === undefined) return [];
      const planted: string[] = [];
      const body = sample(resolve, schema, [], unknown, planted);
      return planted.length > 0 ? [{ method, path, body, planted }] : [];
    }),
  );
};

/** Every list a sync covers: each GET that takes the `changedSince` cursor. */
export const syncedLists = (doc: Document): string[] =>
  Object.entries(doc.paths)
    .filter(([, item]) => isObject(item.get) && Array.isArray(item.get.parameters) && item.get.parameters.some((p) => isObject(p) && p.name === 'changedSince'))
    .map(([path]) => path);
