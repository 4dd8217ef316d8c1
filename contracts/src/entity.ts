import { z } from 'zod';

import type { Issue } from './errors';
import { type ColumnType, type Field, type FieldKind, serverFilledInput } from './fields';
import type { FieldValues } from './master-data-codec';

/**
 * A master-data entity (vendors, customers, items, employees, leads): no rules beyond
 * validation and (for employees) one unique field, so one decider, one route set, one
 * projection and one screen serve them all. Everything here is derived from `fields`, so a field
 * cannot be left out of the body, the record, the events, the diff or the read model.
 */
export type Fields = Record<string, Field>;

/** Fields a body sets: all but those only the entity's own events set (`recordOnly`, a lead's converted customer). */
type InputShape<F extends Fields> = { [K in keyof F as F[K] extends { readonly recordOnly: true } ? never : K]: F[K]['input'] };
type OutputShape<F extends Fields> = { [K in keyof F]: F[K]['output'] };
const ID = z.number().int().positive();

export interface MasterDataDefinition<L extends string, F extends Fields> {
  readonly module: string;
  /** URL segment and read-model name root, e.g. 'vendors'. */
  readonly plural: string;
  /** Stream prefix and id sequence name, e.g. 'vendor'. */
  readonly singular: string;
  /** 'Vendor': messages ('Vendor 7 not found') and event names ('VendorCreated'). */
  readonly label: L;
  readonly path: string;
  readonly canDelete: boolean;
  readonly fields: F;
  /** Lists are sorted by this field (case-insensitive), then id. */
  readonly sortBy: keyof F & string;
  /** A field unique across records, claimed atomically by reservation (DESIGN §4). */
  readonly unique?: { readonly field: keyof F & string; readonly label: string };
  /** What the list search looks in: these fields, and the names of the records these refer to. */
  readonly search: SearchSpec<keyof F & string>;
  /** Optional rules beyond the field kinds (see EntityRules). */
  readonly rules?: EntityRules<keyof F & string>;
  /** Event names are `${eventName}Created`…; the label when absent ('Follow-up' → 'FollowUp'). */
  readonly eventName?: string;
  /** Exactly one of these fields must be given (a follow-up is about a lead or a customer): else 400 with this message. */
  readonly exactlyOne?: { readonly fields: readonly (keyof F & string)[]; readonly message: string };
  /**
   * Events besides created, updated and deleted, each setting the listed fields (`LeadConverted`
   * sets `convertedCustomerId`): data `{ id, ...those fields }`. Everything that folds a record
   * (decider, projection, history) reads one as an update of those fields.
   */
  readonly marks?: Readonly<Record<string, readonly (keyof F & string)[]>>;
  /** `?due=today|overdue` lists: records whose `date` is today or before, while `status` is `open` (and active). */
  readonly due?: { readonly date: keyof F & string; readonly status: keyof F & string; readonly open: string };
  /**
   * What a record with these values posts to the books, part by part, each on its day (issue 43):
   * a change to a part dated on or before a lock of the books is refused. None: it does not post.
   * `record.addedOn`: the day (India) the record was first recorded — today for a new one.
   */
  readonly booksParts?: (values: Readonly<Record<string, unknown>>, record: BooksRecord) => readonly BooksPart[];
}

/** What booksParts knows of a record besides its values. */
export interface BooksRecord {
  readonly addedOn: string;
}

/** One voucher a record posts: its day and its lines (compared before and after a change). */
export interface BooksPart {
  readonly date: string | null;
  readonly postings: readonly unknown[];
}

/**
 * What a few entities need beyond their fields (a payroll), as configuration the one decider,
 * command set and route set read: still no entity-specific code on the write side.
 */
export interface EntityRules<K extends string = string> {
  /**
   * Fields the server works out from the others after blanks are filled (a payroll's net
   * salary), in this order; what a client sends for them is ignored. A function may throw a
   * DomainError (a 400 naming the field) when the values cannot make one.
   */
  readonly computed?: Readonly<Partial<Record<K, (values: FieldValues) => unknown>>>;
  /**
   * Several fields unique together (one payroll per employee per month), claimed by a
   * reservation stream like `unique`, while `holds` says the record keeps its claim. `taken` is
   * the 409's message, given the values with each reference field replaced by its record's name.
   */
  readonly uniqueKey?: {
    readonly name: string;
    readonly fields: readonly K[];
    readonly holds?: (values: FieldValues) => boolean;
    readonly taken: (named: FieldValues) => string;
  };
  /** While `when` holds of a record, changing any of `fields` is a 409 saying `message` (a paid payroll's amounts). */
  readonly locked?: { readonly when: (values: FieldValues) => boolean; readonly fields: readonly K[]; readonly message: string };
  /**
   * State changes with a route of their own, `POST {path}/{id}/{name}` (a payroll's pay): allowed
   * while `field` is one of `from` (else a 409 from `refused`), they set `field` to `to` and the
   * fields of their body.
   */
  readonly actions?: Readonly<Record<string, EntityAction<K>>>;
}

export interface EntityAction<K extends string = string> {
  readonly field: K;
  readonly from: readonly string[];
  readonly to: string;
  readonly body: z.ZodType<Readonly<Record<string, unknown>>, unknown>;
  readonly refused: (current: string) => string;
}

/** A computed field's input: what a client sends back is ignored, the server fills it. */
const serverFilled = serverFilledInput('Worked out by the server from the other fields; a value sent is ignored').transform((): null => null);

/** Which of `fields` are given (not null or blank): unless exactly one, an issue on each given (or, with none, on each). */
export const exactlyOneProblem = (
  rule: { readonly fields: readonly string[]; readonly message: string },
  values: Readonly<Record<string, unknown>>,
): Issue[] | null => {
  const given = rule.fields.filter((f) => values[f] !== null && values[f] !== undefined && values[f] !== '');
  return given.length === 1 ? null : (given.length === 0 ? rule.fields : given).map((path) => ({ path, message: rule.message }));
};

export interface SearchSpec<K extends string = string> {
  readonly fields: readonly K[];
  /** A reference field and the singular of the entity it names: `{ itemId: 'item' }`. */
  readonly refs?: Readonly<Partial<Record<K, string>>>;
  /** A coded field and the labels the screens show for it: 'Bank Transfer' finds `bank_transfer`. */
  readonly labels?: Readonly<Partial<Record<K, readonly { readonly value: string; readonly label: string }[]>>>;
  /** Phone numbers, found by their digits: '9820011223' finds '+91 98200-11223' (see search.ts). */
  readonly phones?: readonly K[];
  /** Amounts, found by what they start with: '1,822' finds 1822.00. */
  readonly amounts?: readonly K[];
}

const mapFields = <F extends Fields, S>(fields: F, pick: (field: Field) => z.ZodType): S =>
  // The one place the field map becomes a zod shape: the mapped type is what pick returns per key.
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, pick(field)])) as S;

/** Builds every schema of a master-data entity from its fields. */
export const masterDataEntity = <const L extends string, const F extends Fields, const N extends string = L>(
  definition: MasterDataDefinition<L, F> & { readonly eventName?: N },
) => {
  const { fields, label } = definition;
  const computed = definition.rules?.computed ?? {};
  const exactlyOne = definition.exactlyOne;
  const body = z
    .object(
      Object.fromEntries(
        Object.entries(fields)
          .filter(([, f]) => !f.recordOnly)
          .map(([name, f]) => [name, name in computed ? serverFilled : f.input]),
      ) as InputShape<F>,
    )
    .superRefine((value, ctx) => {
      const problem = exactlyOne && exactlyOneProblem(exactlyOne, value);
      for (const issue of problem ?? []) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    });
  const values = z.object(mapFields<F, OutputShape<F>>(fields, (f) => f.output));
  const record = values.extend({ id: ID });
  // Events carry values as the record shows them; every field optional, so an event written
  // before a field existed still reads (DESIGN §1: old events are never rewritten).
  const partial = values.partial();
  const createdData = partial.extend({ id: ID });
  const updatedData = z.object({ id: ID, changes: partial });
  const deletedData = z.object({ id: ID });
  // Without an eventName, N is L (its default) and the prefix is the label.
  const prefix = (definition.eventName ?? label) as N;
  const names = {
    created: `${prefix}Created` as const,
    updated: `${prefix}Updated` as const,
    deleted: `${prefix}Deleted` as const,
  };
  const marks: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
    Object.entries(definition.marks ?? {}).map(([type, set]) => [
      type,
      z.object(Object.fromEntries(set!.map((f) => [f, fields[f]!.output]))).extend({ id: ID }),
    ]),
  );
  const event = z.discriminatedUnion('type', [
    z.object({ type: z.literal(names.created), data: createdData }),
    z.object({ type: z.literal(names.updated), data: updatedData }),
    z.object({ type: z.literal(names.deleted), data: deletedData }),
  ]);
  const fieldNames = Object.keys(fields);
  const columns: Readonly<Record<string, ColumnType>> = Object.fromEntries(fieldNames.map((name) => [name, fields[name]!.column]));
  const kinds: Readonly<Record<string, FieldKind>> = Object.fromEntries(fieldNames.map((name) => [name, fields[name]!.kind]));
  return {
    ...definition,
    body,
    record,
    fieldNames,
    columns,
    kinds,
    events: { names, event, created: createdData, updated: updatedData, deleted: deletedData, marks },
  };
};

/**
 * What generic code (routes, decider, projection, history, OpenAPI, UI) needs of any entity.
 * Every entity built by masterDataEntity is one; its own schemas stay precisely typed.
 */
export interface MasterDataEntity {
  readonly module: string;
  readonly plural: string;
  readonly singular: string;
  readonly label: string;
  readonly path: string;
  readonly canDelete: boolean;
  readonly sortBy: string;
  readonly unique?: { readonly field: string; readonly label: string };
  readonly search: SearchSpec;
  readonly rules?: EntityRules;
  readonly exactlyOne?: { readonly fields: readonly string[]; readonly message: string };
  readonly marks?: Readonly<Record<string, readonly string[]>>;
  readonly due?: { readonly date: string; readonly status: string; readonly open: string };
  readonly booksParts?: (values: Readonly<Record<string, unknown>>, record: BooksRecord) => readonly BooksPart[];
  readonly fields: Fields;
  readonly fieldNames: readonly string[];
  readonly columns: Readonly<Record<string, ColumnType>>;
  readonly kinds: Readonly<Record<string, FieldKind>>;
  readonly body: z.ZodType;
  readonly record: z.ZodType;
  readonly events: {
    readonly names: { readonly created: string; readonly updated: string; readonly deleted: string };
    readonly event: z.ZodType<{ readonly type: string; readonly data: unknown }>;
    readonly created: z.ZodType<{ readonly id: number } & FieldValues>;
    readonly updated: z.ZodType<{ readonly id: number; readonly changes: FieldValues }>;
    readonly deleted: z.ZodType<{ readonly id: number }>;
    /** The data schema of each mark event, by type. */
    readonly marks: Readonly<Record<string, z.ZodType>>;
  };
}

export type BodyOf<E extends { body: z.ZodType }> = z.output<E['body']>;
export type RecordOf<E extends { record: z.ZodType }> = z.output<E['record']>;
export type EventOf<E extends { events: { event: z.ZodType } }> = z.output<E['events']['event']>;
export type CreatedDataOf<E extends { events: { created: z.ZodType } }> = z.output<E['events']['created']>;
export type UpdatedDataOf<E extends { events: { updated: z.ZodType } }> = z.output<E['events']['updated']>;

/**
 * The values with the entity's computed fields worked out from them (the rest as they are);
 * the same values when it has none.
 */
export const withComputed = (entity: Pick<MasterDataEntity, 'rules'>, values: FieldValues): FieldValues => {
  const computed = entity.rules?.computed;
  if (!computed) return values;
  return Object.entries(computed).reduce<FieldValues>((acc, [name, compute]) => ({ ...acc, [name]: compute!(acc) }), values);
};

/** camelCase field → snake_case read-model column (STYLE b.11). */
export const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The read-model table of a master-data entity: `vendors` → `vendor_list`. */
export const listTable = (entity: Pick<MasterDataEntity, 'singular'>): string => `${entity.singular.replace(/-/g, '_')}_list`;

/** The stream of one record: `vendor-42`. Ids are allocated per stream prefix. */
export const recordStream = (entity: Pick<MasterDataEntity, 'singular'>, id: number): string =>
  `${entity.singular}-${id}`;

/** `vendor-42` → { prefix: 'vendor', id: 42 }; null for streams not named that way. */
export const parseRecordStream = (streamId: string): { prefix: string; id: number } | null => {
  const match = /^([a-z][a-z-]*)-(\d{1,10})$/.exec(streamId);
  return match ? { prefix: match[1]!, id: Number(match[2]) } : null;
};

/**
 * The reservation stream of a unique value (DESIGN §4): `employee-code:e042`. Case-insensitive,
 * and never of the `<prefix>-<id>` form of record streams.
 */
export const reservationStream = (entity: Pick<MasterDataEntity, 'singular'>, field: string, value: string) =>
  `${entity.singular}-${snakeCase(field).replace(/_/g, '-')}:${value.trim().toLowerCase()}`;
