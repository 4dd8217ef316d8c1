import {
  ADJUSTMENT_TYPES,
  DATE_YEARS,
  PAYROLL_YEARS,
  withComputed,
  type Field,
  INT32_MAX,
  type MasterDataEntity,
  MONEY_MAX,
} from '@erp/contracts';
import { SAMPLE_GSTIN } from '@erp/contracts/testing';
import fc from 'fast-check';
import { z } from 'zod';

/** The last day a date field takes. */
export const LAST_DAY = `${DATE_YEARS.max}-12-31`;

/**
 * The longest and most hostile values a contract accepts, field by field (issue 18 item 2): each
 * text as long as its schema allows, made of what breaks things downstream — three-byte
 * characters (the most UTF-8 bytes per UTF-16 unit, which is what a length limit counts),
 * emoji, right-to-left overrides, quotes, markup, SQL, spreadsheet formulae — and each number at
 * its maximum. What the API accepts must then go through every read model and come back as sent.
 */

type JsonSchema = { type?: unknown; maxLength?: number; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

/** The maxLength a body's JSON schema (as the OpenAPI shows it) gives a property's text. */
export const maxLengthOf = (schema: JsonSchema | undefined): number | undefined => {
  if (!schema) return undefined;
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  for (const option of schema.anyOf ?? []) {
    const found = maxLengthOf(option);
    if (found !== undefined) return found;
  }
  return undefined;
};

export const inputSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Pieces of hostile text; the one-line ones have no line break. */
const PIECES = [
  'क्षत्रिय', // Devanagari: 3 bytes per unit, with combining signs
  '😀', // an astral character: 2 units, 4 bytes
  '\u202Eevil\u202C', // right-to-left override
  `'"\\`,
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  "'; drop table events; --",
  '%s%n{{x}}${x}',
  'Ω≈ç√∫',
  '東京',
  '\u200D\uFEFF', // zero-width joiner, BOM
  '+91-',
  '@sum(1)',
];
const LINE_BREAKS = ['\n', '\r\n', '\t'];

/**
 * A string of exactly `length` UTF-16 units that starts with `start` (a token, so it is unique
 * and can be searched for) and is filled with hostile pieces; never a lone surrogate, never
 * blank at its ends (the contract trims). `seed` varies the order.
 */
export const hostileText = (length: number, start: string, seed: number, multiline = false): string => {
  const pieces = multiline ? [...PIECES, ...LINE_BREAKS] : PIECES;
  const random = mulberry32(seed);
  let text = start;
  for (let i = 0; text.length < length; i++) {
    text += pieces[(seed + i * 7) % pieces.length];
    // Between the pieces, characters that do not compress (an index entry is compressed first:
    // repeated text would fit where 3,000 random letters did not).
    for (let j = 0; j < 8; j++) text += incompressible(random);
  }
  text = text.slice(0, length);
  // A cut in the middle of a surrogate pair, or whitespace at the end, becomes a plain letter.
  if (/[\uD800-\uDBFF]$/.test(text) || /\s$/.test(text)) text = `${text.slice(0, -1)}x`;
  return text;
};

/** A small seeded generator (mulberry32): the same seed, the same text. */
const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A random three-byte character: CJK, Hangul or Devanagari (never a surrogate). */
const incompressible = (random: () => number) => {
  const ranges = [[0x4e00, 0x9fff], [0xac00, 0xd7a3], [0x0900, 0x097f]] as const;
  const [from, to] = ranges[Math.floor(random() * ranges.length)]!;
  return String.fromCharCode(from + Math.floor(random() * (to - from + 1)));
};

/** An email address of exactly `length` characters (at most 254) that the contract accepts. */
const longestEmail = (length: number, start: string) => {
  const local = `o'brien+${start}`.slice(0, 64).padEnd(64, 'x');
  let domain = '';
  while (local.length + 1 + domain.length + 4 < length) domain += `${'d'.repeat(Math.min(62, length - local.length - domain.length - 6))}.`;
  const email = `${local}@${domain}shop`;
  return email.length > length ? email.slice(0, length) : email;
};

/** A code (employee id): letters of any script, digits and `._/-`, at its maximum. */
const longestCode = (length: number, start: string) => `क${start}`.concat('._/-Ωक9'.repeat(length)).slice(0, length);

/** The longest, most hostile value of one master-data field. */
export const longestValue = (field: Field, name: string, schema: JsonSchema | undefined, token: string, seed: number, refs: Readonly<Record<string, number>>): unknown => {
  const max = maxLengthOf(schema);
  const text = (multiline = false) => {
    if (max === undefined) throw new Error(`${name} has no maxLength in its JSON schema`);
    return hostileText(max, `${token} `, seed, multiline);
  };
  switch (field.kind) {
    case 'text':
      return text();
    case 'phone':
      return '+91 (22) 4000-5000 / 98200 11223, 1'.padEnd(max ?? 30, '0').slice(0, max ?? 30);
    case 'multiline':
      return text(true);
    case 'email':
      return longestEmail(max ?? 254, token);
    case 'gstin':
      return SAMPLE_GSTIN.toLowerCase();
    case 'pan':
      return 'abcde1234f';
    case 'udyam':
      return 'UDYAM-MH-19-0012345';
    case 'hsn':
      return '12345678';
    case 'code':
      return longestCode(max ?? 30, token);
    case 'select': {
      const options = field.options ?? [];
      return options.reduce((a, b) => (b.length > a.length ? b : a), options[0] ?? '');
    }
    case 'money':
      return MONEY_MAX.toFixed(2);
    case 'percent':
      return '100';
    case 'integer':
      return field.range?.max ?? INT32_MAX;
    case 'date':
      return LAST_DAY;
    case 'quantity':
      return '999999999.99';
    case 'reference': {
      const id = refs[name];
      if (id === undefined) throw new Error(`no record for ${name}`);
      return id;
    }
    case 'boolean':
      return true;
  }
};

/** A master-data body with every field at its longest, most hostile value. */
export const longestMasterDataBody = (entity: MasterDataEntity, token: string, seed: number, refs: Readonly<Record<string, number>>) => {
  const schema = inputSchemaOf(entity.body);
  const writable = entity.fieldNames.filter((name) => !entity.fields[name]!.recordOnly);
  const body = Object.fromEntries(writable.map((name) => [name, longestValue(entity.fields[name]!, name, schema.properties?.[name], token, seed, refs)]));
  if ('adjustmentType' in body) body.adjustmentType = ADJUSTMENT_TYPES[0];
  // Bounded whole numbers (a payroll's month and year) at their largest; a payroll paid, so it posts.
  if ('month' in body && 'year' in body) Object.assign(body, { month: 12, year: PAYROLL_YEARS.max, status: 'paid', paidOn: LAST_DAY, paidFrom: 'bank' });
  // Of fields where exactly one is given (a follow-up's lead or customer), the first.
  for (const name of entity.exactlyOne?.fields.slice(1) ?? []) body[name] = null;
  // Computed fields (a payroll's net) read back as the server works them out, whatever was sent.
  return { ...withComputed(entity, body) } as Record<string, unknown>;
};

/** Seeds for a property run: each gives another arrangement of the hostile pieces. */
export const seeds = fc.integer({ min: 0, max: 1000 });
