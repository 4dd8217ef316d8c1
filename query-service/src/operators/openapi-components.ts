import * as contracts from '@erp/contracts';
import { INVOICE_DOCUMENTS, MASTER_DATA_ENTITIES, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { z } from 'zod';

import { json, SyncFieldsSchema, TombstoneSchema, usedSchemas } from './openapi-parts';

/**
 * Named component schemas (issue 46 item 4): one `Customer`, one `SalesInvoice`… in
 * `components.schemas`, and every place of the document that holds the same schema — a request
 * body, an answer, a list row, a schema nested in another — points at it with `$ref`, so a
 * generator makes one type of each. The names come from the contracts: each entity and document
 * (record, `…Input` body, `…Summary` list row, `…Line`) and every object schema the contracts
 * export as `XxxSchema` that the document is built from. Components nothing points at are left out.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** zod writes the keys of equal schemas in the same order: the JSON text is the schema's identity. */
const canonical = (v: unknown) => JSON.stringify(v);

const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/** An object (or a union of objects) is worth a name; a bare string or number is not. */
const isNamable = (schema: Json) =>
  isObject(schema.properties) || (Array.isArray(schema.anyOf) && schema.anyOf.every((b) => isObject(b) && isObject(b.properties)));

const DOCUMENTS = [
  ...INVOICE_DOCUMENTS.map((d) => ({ ...d, label: d.fullLabel })),
  ...SETTLEMENT_DOCUMENTS.map((d) => ({ ...d, line: undefined })),
  ...REFUND_DOCUMENTS.map((d) => ({ ...d, line: undefined })),
];
/** Receipts' and payments' lines, refunds' lines: each kind its own (its amount's field, its sources). */
const MONEY_DOCUMENTS = [...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS];

/** [name, schema] of every named schema: the records first, so their names win. */
const namedSchemas = (): [string, z.ZodType][] => [
  ['SyncFields', SyncFieldsSchema],
  ['Tombstone', TombstoneSchema],
  ...MASTER_DATA_ENTITIES.flatMap((e): [string, z.ZodType][] => [[pascal(e.singular), e.record], [`${pascal(e.singular)}Input`, e.body]]),
  // The lines every invoice-like document shares: one name each, not the first document's.
  ['InvoiceLine', contracts.InvoiceLineSchema],
  ...INVOICE_DOCUMENTS.map((d): [string, z.ZodType] => ['InvoiceLineInput', d.lineInput]),
  ['ReturnedLine', contracts.ReturnedLineSchema],
  ...MONEY_DOCUMENTS.flatMap((d): [string, z.ZodType][] => [
    [`${pascal(d.label)}Line`, d.line],
    [`${pascal(d.label)}LineInput`, d.lineInput],
  ]),
  ['JournalVoucherLineInput', contracts.VoucherLineBodySchema],
  ['OpeningLineInput', contracts.OpeningLineSchema],
  ['StatementFormatInput', contracts.StatementFormatSchema],
  ...DOCUMENTS.flatMap((d): [string, z.ZodType][] => [
    [pascal(d.label), d.record],
    [`${pascal(d.label)}Input`, d.body],
    [`${pascal(d.label)}Summary`, d.summary],
  ]),
  ...Object.entries(contracts)
    .flatMap(([name, value]): [string, z.ZodType][] =>
      name.endsWith('Schema') && value instanceof z.ZodType && usedSchemas.has(value) ? [[name.slice(0, -'Schema'.length), value]] : [],
    ),
];

/** Replaces, bottom-up, every subschema of `node` that is a named one with a `$ref` to it. */
const refer = (node: unknown, names: ReadonlyMap<string, string>): unknown => {
  if (Array.isArray(node)) return node.map((n) => refer(n, names));
  if (!isObject(node)) return node;
  const reduced = referWithin(node, names);
  const name = isNamable(reduced) ? names.get(canonical(reduced)) : undefined;
  return name ? { $ref: `#/components/schemas/${name}` } : reduced;
};

/** The same, inside an object (its own place is not replaced: a document's paths, a component). */
const referWithin = (node: Json, names: ReadonlyMap<string, string>): Json =>
  Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'example' || k === 'examples' ? v : refer(v, names)]));

const refsIn = (node: unknown, found: Set<string>) => {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, found));
  else if (isObject(node)) {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) found.add(node.$ref.slice('#/components/schemas/'.length));
    Object.values(node).forEach((v) => refsIn(v, found));
  }
};

/** The document with `components.schemas` and `$ref`s to them; nothing else changes. */
export const shareSchemas = <D extends { paths: Json; components: Json }>(doc: D): D => {
  // Each named schema as an answer gives it (`Customer`) and as a body takes it (`CustomerInput`
  // when different): candidates, smallest first, so a schema nested in a bigger one is named first.
  const candidates: [string, Json][] = [];
  const all = namedSchemas().map(([name, schema]) => [name, json(schema, 'output'), json(schema, 'input')] as const);
  const given = new Set(all.map(([name]) => name));
  for (const [name, out, input] of all) {
    // A body (`…Input`) is only ever taken; anything else is answered, and may be taken too
    // (as `…Input` unless a body of that name is listed: `InvoiceLineInput` is what a line takes).
    if (isNamable(out) && !name.endsWith('Input')) candidates.push([name, out]);
    if (isNamable(input) && (name.endsWith('Input') || !given.has(`${name}Input`))) candidates.push([name.endsWith('Input') ? name : `${name}Input`, input]);
  }
  candidates.sort((a, b) => canonical(a[1]).length - canonical(b[1]).length);
  const names = new Map<string, string>();
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of candidates) {
    if (name in schemas) continue;
    const reduced = referWithin(schema, names);
    const key = canonical(reduced);
    if (names.has(key)) continue;
    names.set(key, name);
    schemas[name] = reduced;
  }
  const paths = referWithin(doc.paths, names);
  const components = referWithin(doc.components, names);
  // Only what the document points at, followed through the components themselves.
  const used = new Set<string>();
  refsIn([paths, components], used);
  for (let grown = true; grown; ) {
    const before = used.size;
    for (const name of [...used]) refsIn(schemas[name], used);
    grown = used.size > before;
  }
  const kept = Object.fromEntries(Object.keys(schemas).filter((n) => used.has(n)).sort().map((n) => [n, schemas[n]]));
  return { ...doc, paths, components: { ...components, schemas: kept } };
};
