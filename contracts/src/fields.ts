import Big from 'big.js';
import { z } from 'zod';

import { INT32_MAX } from './constants';
import { DATE_YEARS_TEXT, isAcceptedDate, isIsoDate } from './dates';
import { documentedAs } from './documented';
import { indiaDate, optionalReference as optionalReferenceInput, reference as referenceInput, requiredQuantity } from './documents/amounts';
import { gstinProblem, panProblem } from './validators';

/**
 * Field kinds: one entry per kind of value a form asks for. The kind decides the body schema
 * (what is accepted and how it is normalised), the record schema (what the API answers), the
 * read-model column type and the form control — so none of them is chosen by a field's name.
 */
export type FieldKind =
  | 'text'
  | 'multiline'
  | 'email'
  | 'phone'
  | 'gstin'
  | 'pan'
  | 'udyam'
  | 'hsn'
  | 'code'
  | 'select'
  | 'money'
  | 'percent'
  | 'integer'
  | 'date'
  | 'reference'
  | 'quantity'
  | 'boolean';

/** Read-model column types (DESIGN §1: typed columns, money as exact numeric). */
export type ColumnType = 'text' | 'numeric' | 'date' | 'integer' | 'boolean';

export interface Field<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  readonly kind: FieldKind;
  readonly column: ColumnType;
  /** Validates and normalises what a client sends. */
  readonly input: In;
  /** What the API answers (and what events carry). */
  readonly output: Out;
  readonly required: boolean;
  /** Select options, in form order. */
  readonly options?: readonly string[];
  /** The value an absent or blank input becomes, as the record shows it. */
  readonly defaultValue?: string | number | boolean;
  /** A reference field: the entity it names (`item`), which must exist, and the message if not. */
  readonly refersTo?: { readonly singular: string; readonly missing: string };
  /** A whole number's bounds (a month is 1–12). */
  readonly range?: { readonly min: number; readonly max: number };
  /** Left blank, the value the record named by the field `ref` has in its field `field` (an adjustment's cost from its item). */
  readonly fillFrom?: { readonly ref: string; readonly field: string };
  /** Not in the body: only the entity's own events set it (a lead's converted customer). */
  readonly recordOnly?: true;
}

const blankToNull = (v: string | null | undefined): string | null => (v ? v : null);

// NUL and unpaired UTF-16 surrogates cannot be stored in PostgreSQL text or jsonb.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** False for text PostgreSQL cannot keep (NUL, a lone surrogate). */
export const isStorable = (value: string): boolean => !UNSTORABLE.test(value);
export const UNSTORABLE_MESSAGE = 'Contains characters that cannot be stored';

/**
 * The longest text each kind of field takes, in characters: Unicode code points, as zod's `max`
 * counts them (an emoji is one, though two UTF-16 units and four bytes). The seed says "no length limit"; we differ on purpose (DESIGN §5): a value
 * must fit every index, stream id, CSV cell and printed invoice it flows into. Names, numbers
 * and codes are short; long-form text (address, notes, description) may be long and is never
 * indexed whole. At 4 bytes a character (the worst case of UTF-8) a name is at most 800 bytes:
 * well inside a btree entry (2,704 bytes).
 */
export const TEXT_MAX = {
  /** Names and other one-line texts: a vendor, an item, a reason, a designation. */
  short: 200,
  /** Numbers and references people type: a bill number, a cheque number. */
  reference: 60,
  phone: 30,
  /** RFC 5321's limit for a whole address. */
  email: 254,
  /** A line's own description. */
  lineDescription: 500,
  /** Address, notes, description. */
  long: 4000,
} as const;

const textSchema = (error: string, max: number) =>
  z
    .string({ error })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isStorable, { message: UNSTORABLE_MESSAGE });

const field = <In extends z.ZodType, Out extends z.ZodType>(
  kind: FieldKind,
  column: ColumnType,
  input: In,
  output: Out,
  extra: Pick<Partial<Field>, 'required' | 'options' | 'defaultValue' | 'refersTo' | 'fillFrom' | 'range'> = {},
): Field<In, Out> => ({ kind, column, input, output, required: extra.required ?? false, ...extra });

const nullableString = z.string().nullable();

// ---------------------------------------------------------------- text

/** Required text: 'Required' is the seed's library message (SEED-SPEC §5). */
const requiredTextSchema = (max: number = TEXT_MAX.short) =>
  textSchema('Required', max).refine((v) => v.length > 0, { message: 'Required' });
/** Optional, nullable text: '' and missing both become null. */
const optionalTextSchema = (max: number = TEXT_MAX.short) => textSchema('Expected text', max).nullish().transform(blankToNull);

/** Required text with its own message ('Item name is required'), for document fields and lines. */
export const requiredTextInput = (message: string, max: number = TEXT_MAX.short) =>
  textSchema(message, max).refine((v) => v.length > 0, { message });
/** Optional text for document fields and lines: '' and missing become null. */
export const optionalTextInput = (max: number = TEXT_MAX.short) => optionalTextSchema(max);

export const requiredText = (message?: string) =>
  field('text', 'text', message ? requiredTextInput(message) : requiredTextSchema(), z.string(), { required: true });
export const text = () => field('text', 'text', optionalTextSchema(), nullableString);
export const multiline = () => field('multiline', 'text', optionalTextSchema(TEXT_MAX.long), nullableString);
/** Digits with the marks people write between them (+91, spaces, dashes, brackets, a / or , between two numbers). */
const PHONE = /^[+\d\s().,/-]*\d[+\d\s().,/-]*$/;
export const phone = () =>
  field(
    'phone',
    'text',
    optionalTextSchema(TEXT_MAX.phone).refine((v) => v === null || PHONE.test(v), { message: 'A phone number has digits, spaces, +, - and brackets only' }),
    nullableString,
  );

/** Built once: a zod schema costs far more to make than to run. */
const EMAIL = z.email();

export const email = () =>
  field(
    'email',
    'text',
    optionalTextSchema(TEXT_MAX.email).refine((v) => v === null || EMAIL.safeParse(v).success, {
      message: 'Invalid email address',
    }),
    nullableString,
  );

const checked = (problem: (v: string) => string | null, max: number) =>
  textSchema('Expected text', max)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null))
    .superRefine((v, ctx) => {
      const message = v === null ? null : problem(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** GSTIN: optional; when given, format and check digit must be right. */
export const gstin = () => field('gstin', 'text', checked(gstinProblem, 15), nullableString);
/** PAN: optional; when given, the 10-character format. */
export const pan = () => field('pan', 'text', checked(panProblem, 10), nullableString);
/** Udyam registration number (MSME): optional; when given, UDYAM-SS-00-0000000. */
export const udyam = () =>
  field('udyam', 'text', checked((v) => (/^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/.test(v) ? null : 'Udyam number must be like UDYAM-MH-19-0012345'), 19), nullableString);
/** HSN code: optional; when given, 4, 6 or 8 digits. */
export const hsn = () =>
  field(
    'hsn',
    'text',
    optionalTextSchema(8).refine((v) => v === null || /^(\d{4}|\d{6}|\d{8})$/.test(v), {
      message: 'HSN code must be 4, 6 or 8 digits',
    }),
    nullableString,
  );

/** A required business code (employee id): letters, digits, - _ / and ., up to 30 characters. */
export const code = () =>
  field(
    'code',
    'text',
    requiredTextSchema(30)
      .refine((v) => v.length === 0 || /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u.test(v), {
        message: 'Use letters, digits, and - _ / . only',
      }),
    z.string(),
    { required: true },
  );

/** One of a fixed list (SEED-SPEC §9 constants); '' and missing become the default or null. */
export function select<const V extends string>(
  options: readonly V[],
  settings: { required: true; defaultValue?: V; error?: string },
): Field<z.ZodType<V, unknown>, z.ZodType<V>>;
export function select<const V extends string>(
  options: readonly V[],
  settings?: { required?: false; error?: string },
): Field<z.ZodType<V | null, unknown>, z.ZodType<V | null>>;
export function select<const V extends string>(
  options: readonly V[],
  settings: { required?: boolean; defaultValue?: V; error?: string } = {},
): Field {
  const { required = false, defaultValue, error = `Choose one of: ${options.join(', ')}` } = settings;
  const allowed = new Set<string>(options);
  const input = z
    .union([z.string().max(SELECT_MAX), z.null()], { error })
    .optional()
    .transform((v, ctx) => {
      const value = typeof v === 'string' ? v.trim() : '';
      if (value === '') {
        if (defaultValue !== undefined) return defaultValue;
        if (required) ctx.addIssue({ code: 'custom', message: error });
        return null;
      }
      if (!allowed.has(value)) ctx.addIssue({ code: 'custom', message: error });
      return value;
    });
  const output = z.enum(options);
  return field('select', 'text', input, required ? output : output.nullable(), {
    required,
    options,
    defaultValue,
  });
}

// ---------------------------------------------------------------- numbers and dates

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** A number sent as a string is at most this long ('10000000000.00' is 14). */
export const NUMBER_TEXT_MAX = 40;
/**
 * A field a record answers that the server works out itself (an amount, a number taken from the
 * invoice): a body may carry it back as read, and its value is ignored. The document says so
 * (`readOnly`), and only a number, a short text or null is taken — never an object.
 */
export const serverFilledInput = (description: string) =>
  z.union([z.string().max(NUMBER_TEXT_MAX), z.number(), z.null()]).optional().meta({ readOnly: true, description });
/** A money amount checked by hand after parsing (against the lines): a number, a decimal text or blank. */
export const uncheckedMoneyInput = (description: string) =>
  z.union([z.string().max(NUMBER_TEXT_MAX), z.number(), z.null()]).optional().describe(description);
/** A select's value as sent (the longest option is far shorter). */
const SELECT_MAX = 100;

/** A number or a numeric string (as forms send them) → Big, or null when blank. */
const decimalInput = (label: string) =>
  z
    .union([z.number(), z.string().max(NUMBER_TEXT_MAX), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx): Big | null => {
      if (v === null || v === undefined) return null;
      const raw = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim();
      if (raw === '') return null;
      if (!DECIMAL.test(raw)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      return new Big(raw);
    });

interface DecimalRules {
  label: string;
  places: number;
  max: number;
  min?: number;
}

const decimalProblem = (value: Big, rules: DecimalRules): string | null => {
  if (value.lt(rules.min ?? 0)) return `${rules.label} cannot be below ${rules.min ?? 0}`;
  if (value.gt(rules.max)) return `${rules.label} cannot be above ${rules.max.toLocaleString('en-IN')}`;
  if (!value.round(rules.places, Big.roundDown).eq(value)) {
    return `${rules.label} can have at most ${rules.places} decimal places`;
  }
  return null;
};

const decimalField = (
  kind: 'money' | 'percent',
  rules: DecimalRules,
  format: (v: Big) => string,
  defaultValue?: string,
) => {
  const input = decimalInput(rules.label).transform((v, ctx) => {
    const value = v ?? (defaultValue === undefined ? null : new Big(defaultValue));
    if (value === null) return null;
    const problem = decimalProblem(value, rules);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return format(value);
  });
  const output = defaultValue === undefined ? nullableString : z.string();
  return field(kind, 'numeric', input, output, { defaultValue });
};

/** The largest money amount we accept: ₹ 1,000 crore, plenty for a micro-business. */
export const MONEY_MAX = 10_000_000_000;

/** Money in rupees: steps of 0.01, never negative; answered as a 2-decimal string. */
export const money = (defaultValue?: string) =>
  decimalField('money', { label: 'Amount', places: 2, max: MONEY_MAX }, (v) => v.toFixed(2), defaultValue);

/** Money that, left blank, is the named record's value (an adjustment's cost per unit is its item's cost price). */
export const moneyFrom = (ref: string, from: string) => ({ ...money(), fillFrom: { ref, field: from } });

/** A percentage 0–100 with up to 2 decimals, answered as a plain decimal string ('18', '12.5'). */
export const percent = (defaultValue?: string) =>
  decimalField('percent', { label: 'Rate', places: 2, max: 100 }, (v) => v.toString(), defaultValue);

/** A whole number 0 … 2^31-1; '' and missing become the default (or null). */
export const integer = (settings: { label?: string; defaultValue?: number; min?: number; max?: number } = {}) => {
  const { label = 'Value', defaultValue, min, max = INT32_MAX } = settings;
  const input = decimalInput(label).transform((v, ctx) => {
    if (v === null) return defaultValue ?? null;
    if (!v.round(0, Big.roundDown).eq(v)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
      return z.NEVER;
    }
    const problem = decimalProblem(v, { label, places: 0, max, min });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return v.toNumber();
  });
  const output = defaultValue === undefined ? z.number().int().nullable() : z.number().int();
  return field('integer', 'integer', input, output, { defaultValue, range: { min: min ?? 0, max } });
};

/** A required whole number between min and max ('Month is required'). */
export const requiredInteger = (settings: { label: string; min: number; max: number; missing: string }) => {
  const { label, min, max, missing } = settings;
  const base = integer({ label, min, max });
  const input = z.unknown().superRefine((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) ctx.addIssue({ code: 'custom', message: missing });
  }).pipe(base.input).transform((v) => v as number);
  // zod cannot say what `unknown` then piped takes: a whole number in range, or its text.
  documentedAs.add(input, { input: z.union([z.number().int().min(min).max(max), z.string().max(NUMBER_TEXT_MAX)]) });
  return field('integer', 'integer', input, z.number().int(), { required: true, range: { min, max } });
};

/** A date, YYYY-MM-DD, of the years every date shares (dates.ts: whatever is written a report can show). */
const dateSchema = (error: string) =>
  z
    .union([z.string().max(NUMBER_TEXT_MAX), z.null()], { error })
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .superRefine((v, ctx) => {
      if (v === '' || isAcceptedDate(v)) return;
      ctx.addIssue({ code: 'custom', message: isIsoDate(v) ? `Enter a date of ${DATE_YEARS_TEXT}` : error });
    })
    .transform((v) => (v === '' ? null : v));

/** A calendar date, YYYY-MM-DD, optional. */
export const date = () => field('date', 'date', dateSchema('Enter a date as YYYY-MM-DD'), nullableString);
/** An optional date for documents (blank → null; the command fills a default where one exists). */
export const optionalDateInput = () => dateSchema('Enter a date as YYYY-MM-DD');

export const active = () =>
  field(
    'boolean',
    'boolean',
    z.boolean({ error: 'Expected true or false' }).optional().default(true),
    z.boolean(),
    { defaultValue: true },
  );

/**
 * A path id: a plain positive 32-bit integer, written without sign, zeros, spaces or exponent;
 * anything else is null. (A plain check: every read by id passes here.)
 */
export const idOfPath = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= INT32_MAX ? id : null;
};

/** Another record's id, chosen from a select ('Please select an item'); it must name a live `refersTo`. */
export const recordRef = (missing: string, singular: string) =>
  field('reference', 'integer', referenceInput(missing), z.number().int().positive(), { required: true, refersTo: { singular, missing } });

/** Another record's id, optional (a follow-up's lead): blank, 0 or missing is null; given, it must name a live `refersTo`. */
export const optionalRef = (missing: string, singular: string) =>
  field('reference', 'integer', optionalReferenceInput(missing), z.number().int().positive().nullable(), { refersTo: { singular, missing } });

/** The id of a record this one led to (a lead's customer), set only by an event of the entity, never by a body. */
export const recordOnlyRef = (singular: string) => ({
  ...field('reference', 'integer', z.never().optional(), z.number().int().positive().nullable(), { refersTo: { singular, missing: `No such ${singular}` } }),
  recordOnly: true as const,
});

/** A required quantity above 0 with at most `places` decimals ('Quantity is required'). */
export const positiveQuantity = (places: number, missing = 'Quantity is required') =>
  field('quantity', 'numeric', requiredQuantity(places, missing), z.string(), { required: true });

/** A date that is today in India when left blank (SEED-SPEC 'form default today'). */
export const dateOrToday = () =>
  field(
    'date',
    'date',
    dateSchema('Enter a date as YYYY-MM-DD').transform((v) => v ?? indiaDate(new Date())),
    z.string(),
  );
