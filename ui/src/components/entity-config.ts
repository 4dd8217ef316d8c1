import type { LucideIcon } from 'lucide-react';
import type { FieldValues, Path } from 'react-hook-form';

import type { Resource } from '@/lib/resource';

export type FieldKind = 'text' | 'email' | 'tel' | 'number' | 'money' | 'date' | 'select' | 'textarea';

export interface FieldConfig<TValues extends FieldValues> {
  name: Path<TValues>;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  /** Spans both columns on wide screens (textareas do by default). */
  wide?: boolean;
  /** Shown in capitals as typed (GSTIN, PAN); the schema normalises the value. */
  uppercase?: boolean;
}

export interface FormSection<TValues extends FieldValues> {
  title: string;
  fields: readonly FieldConfig<TValues>[];
}

/** A contracts zod schema, structurally: input = form values, output = command body. */
export interface FormSchema<TValues, TBody> {
  _zod: { input: TValues; output: TBody };
}

export interface FormConfig<TRecord, TValues extends FieldValues, TBody> {
  /** 'Vendor' → 'Vendor created successfully', 'Failed to create vendor' (SEED-SPEC §8). */
  entityLabel: string;
  schema: FormSchema<TValues, TBody>;
  sections: readonly FormSection<TValues>[];
  titles: { create: string; edit: string };
  subtitles: { create: string; edit: string };
  submitLabels: { create: string; update: string };
  /** Offers Delete in edit mode, behind this confirmation. */
  deleteConfirm?: { title: string; body: string };
  emptyValues: TValues;
  toFormValues: (record: TRecord) => TValues;
  toCommandBody?: (values: TBody) => unknown;
  /** Shows the record's event history under the edit form (default true). */
  showHistory?: boolean;
}

export interface CardField<TRecord> {
  label: string;
  value: (record: TRecord) => string | null | undefined;
  icon?: LucideIcon;
  hideWhenEmpty?: boolean;
}

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

export interface CardConfig<TRecord> {
  title: (record: TRecord) => string;
  badge?: (record: TRecord) => { label: string; tone: BadgeTone } | null;
  fields: readonly CardField<TRecord>[];
}

export interface ListConfig<TRecord extends { id: number }, TValues extends FieldValues, TBody> {
  title: string;
  subtitle: string;
  addLabel: string;
  searchPlaceholder: string;
  backTo: { to: string; label: string };
  empty: { searching: string; initial: string };
  searchOn: readonly (keyof TRecord)[];
  card: CardConfig<TRecord>;
  resource: Resource<TRecord, TBody>;
  form: FormConfig<TRecord, TValues, TBody>;
}

/** The toast texts of SEED-SPEC §8, derived from the entity label. */
export const entityMessages = (label: string) => {
  const lower = label.toLowerCase();
  return {
    created: `${label} created successfully`,
    updated: `${label} updated successfully`,
    deleted: `${label} deleted successfully`,
    createFailed: `Failed to create ${lower}`,
    updateFailed: `Failed to update ${lower}`,
    deleteFailed: `Failed to delete ${lower}`,
  };
};

/** Form values from a record: the listed fields, with null shown as an empty input. */
export const formValuesOf = <TValues extends FieldValues>(
  record: object,
  fields: readonly string[],
): TValues =>
  Object.fromEntries(
    fields.map((field) => [field, (record as Record<string, unknown>)[field] ?? '']),
  ) as TValues;
