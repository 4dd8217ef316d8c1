import { describe, expect, it } from 'vitest';

import { openApiDocument } from './openapi';

type Schema = Record<string, unknown>;

/**
 * Issue 46 item 4: what a client may send is bounded in the document as the server bounds it —
 * every string of a request body or parameter has a maxLength, a date format, a fixed set of
 * values or a pattern with no unbounded repeat; every array a maxItems. A new field without one
 * fails here, naming where it is.
 */
describe('the OpenAPI document bounds what a client may send', () => {
  it('every request string and array has its bound', () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } };
    const seen = new Set<string>();
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      const o = node as Schema;
      if (typeof o.$ref === 'string') {
        const name = o.$ref.split('/').pop()!;
        if (seen.has(name)) return;
        seen.add(name);
        return walk(doc.components.schemas[name], name);
      }
      const type = o.type;
      const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
      const boundedPattern = typeof o.pattern === 'string' && /^\^[^*+]*\$$/.test(o.pattern);
      if (isString && o.enum === undefined && o.const === undefined && o.maxLength === undefined && o.format !== 'date' && o.format !== 'date-time' && !boundedPattern) unbounded.push(where);
      if (type === 'array' && o.maxItems === undefined) unbounded.push(`${where} (array)`);
      for (const [key, value] of Object.entries(o)) walk(value, `${where}/${key}`);
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        walk(operation.requestBody, `${method.toUpperCase()} ${path} body`);
        walk(operation.parameters, `${method.toUpperCase()} ${path} parameters`);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(unbounded).toEqual([]);
  });

  it('no field of a body is documented as `{}` (anything taken without a word): a server-filled one says it is read-only', () => {
    const schemas = (openApiDocument() as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;
    const blank = Object.entries(schemas).flatMap(([name, schema]) =>
      Object.entries((schema.properties ?? {}) as Record<string, Schema>).flatMap(([field, fieldSchema]) => (Object.keys(fieldSchema).length === 0 ? [`${name}.${field}`] : [])),
    );
    expect(blank).toEqual([]);
    const payroll = schemas.PayrollInput!.properties as Record<string, Schema>;
    expect(payroll.month).toEqual({ anyOf: [{ type: 'integer', minimum: 1, maximum: 12 }, { type: 'string', maxLength: 40 }] });
    expect(payroll.netSalary).toMatchObject({ readOnly: true });
    expect((schemas.InvoiceLineInput!.properties as Record<string, Schema>).amount).toMatchObject({ readOnly: true });
  });
});
