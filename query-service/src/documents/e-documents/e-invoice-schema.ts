import { Ajv, type ErrorObject } from 'ajv';

import schema from './e-invoice-schema-1.1.json' with { type: 'json' };

/**
 * The NIC e-invoice schema 1.1 (vendored beside this file; SCHEMA-SOURCE.md says from where and
 * what was mended) compiled once by ajv, the standard JSON-schema validator for JavaScript.
 */
// NIC's patterns escape `"` (`^([^\\"])*$`), which JavaScript reads only without the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
const validate = ajv.compile(schema);

/** Each way a JSON breaks the schema, as an issue naming where: `ItemList.0.HsnCd`. */
export const eInvoiceSchemaIssues = (json: unknown): { path: string; message: string }[] => {
  if (validate(json)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => ({
    path: e.instancePath.split('/').filter(Boolean).join('.') || (typeof e.params.missingProperty === 'string' ? e.params.missingProperty : ''),
    message: e.params.missingProperty ? `${String(e.params.missingProperty)} is required` : (e.message ?? 'does not match the schema'),
  }));
};
