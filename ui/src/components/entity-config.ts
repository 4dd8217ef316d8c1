import type { SearchSpec } from '@erp/contracts';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';

import type { Resource } from '@/lib/resource';

export type FieldKind = 'text' | 'email' | 'tel' | 'number' | 'money' | 'percent' | 'integer' | 'decimal' | 'date' | 'select' | 'textarea' | 'checkbox';

export interface FieldConfig<TValues extends FieldValues> {
  name: Path<TValues>;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** Options that depend on the form (a reason list by adjustment type). */
  optionsFor?: (values: Record<string, unknown>) => readonly { value: string; label: string }[];
  /** Options from another resource (a vendor select): a hook, called by the select itself. */
  useOptions?: (values: Record<string, unknown>) => readonly { value: string; label: string }[] | null;
  autoComplete?: string;
  /** Spans both columns on wide screens (textareas do by default). */
  wide?: boolean;
  /** Shown in capitals as typed (GSTIN, PAN); the schema normalises the value. */
  uppercase?: boolean;
  /** Shown only while this holds of the form's values (the tax amount only when typed by hand). */
  showWhen?: (values: Record<string, unknown>) => boolean;
  /** A hint worked out from the form's values (the due date an invoice will get): a hook; null shows `hint`. */
  useHint?: (values: Record<string, unknown>) => string | null;
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
  /** An action on the success toast after a save (Share the invoice just saved), or none. */
  savedAction?: (record: TRecord) => { label: string; onClick: () => void } | undefined;
  /**
   * Offers Delete in edit mode, behind this confirmation. `orInactive`: a delete the server
   * refuses (409: documents name the record) says why and offers to make it inactive instead.
   */
  deleteConfirm?: { title: string; body: string; orInactive?: boolean };
  /**
   * Offers Void in edit mode (payments, receipts): a confirmation that asks why; the reason is
   * kept in the record's history. A voided record (`voidedBecause` gives its reason) is shown,
   * not edited.
   */
  voidConfirm?: { title: string; body: string; voidedBecause: (record: TRecord) => string | null };
  emptyValues: TValues;
  toFormValues: (record: TRecord) => TValues;
  toCommandBody?: (values: TBody) => unknown;
  /** Shows the record's event history under the edit form (default true). */
  showHistory?: boolean;
  /** A note under the fields (what an item's stock will become): a hook given the form's values. */
  useNotice?: (values: Record<string, unknown>, record?: TRecord) => { text: string; warning: boolean } | null;
  /** A document's lines (invoices, payments): edited one by one, only saved lines are sent. */
  lines?: LinesConfig<TRecord>;
  /** A card under the edit form, before the history (an item's stock ledger). */
  below?: { title: string; render: (record: TRecord) => ReactNode };
  /** Fields whose last saved value is a new form's default (the payment method used last). */
  remember?: readonly string[];
  /**
   * Paid as it is recorded (a sale's 'Received Now'): a section under the totals of a new
   * document, with a button that fills the amount with the total.
   */
  settleNow?: { section: FormSection<TValues>; amountField: string; fullLabel: string };
}

/** One value of a line as the line editor holds it (inputs hold text). */
export type LineValues = Record<string, string>;

export interface LineColumn {
  name: string;
  label: string;
  /** `item`: a pick from the item catalogue that fills the line in (still editable). */
  kind: 'text' | 'quantity' | 'money' | 'invoice' | 'item' | 'select';
  required?: boolean;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  /** Takes two columns of the line's grid (names, descriptions); numbers take one. */
  wide?: boolean;
  /** Shown only while this holds of the form's values (GST columns in GST mode). */
  showWhen?: (values: Record<string, unknown>) => boolean;
  /** Shown but not typed in while this holds of the line (a returned line's item and rate are its invoice's). */
  readOnlyWhen?: (line: LineValues) => boolean;
}

/** An item a line can pick: what it fills in. */
export interface ItemChoice {
  id: number;
  name: string;
  /** The line's values the item fills: item name, HSN, unit, rate, GST rate. */
  fill: LineValues;
}

/** An invoice a payment or receipt line can settle (or a credit a refund line draws on: its stream). */
export interface OpenInvoice {
  id: number | string;
  invoiceNumber: string;
  totalAmount: string;
  balanceDue: string;
}

/**
 * SEED-SPEC §4 line states, one editor for every document: a new line is a draft in edit mode;
 * saving it checks it and marks it saved; reopening makes it a draft again; only saved lines
 * are sent.
 */
export interface LinesConfig<TRecord> {
  title: string;
  addLabel: string;
  states: { draft: string; saved: string };
  columns: readonly LineColumn[];
  blank: LineValues;
  fromRecord: (record: TRecord) => LineValues[];
  /** Why a line cannot be saved, or null (the form's values say whether GST is charged). */
  problem: (line: LineValues, values: Record<string, unknown>) => string | null;
  savedToast?: { title: string; description: string };
  /** Delete only while more than one line exists (payment lines). */
  keepOne?: boolean;
  /** The toast when submitting without a saved line. */
  needSaved: string;
  /** The line's computed amount (its taxable value), shown under it. */
  amountOf?: (line: LineValues) => string | null;
  totalsTitle: string;
  /**
   * The totals of the saved lines as the server will record them, and the document's total (for
   * the notice). A hook: GST totals read the business and the party.
   */
  useTotals: (saved: readonly LineValues[], values: Record<string, unknown>) => { rows: readonly { label: string; value: string }[]; total: string };
  /** Lines that pick items from the catalogue (a hook: the list, or null while it loads). */
  useItems?: () => readonly ItemChoice[] | null;
  /** Lines that settle invoices: the party field they depend on, and its open invoices. */
  invoices?: {
    partyField: string;
    hint: string;
    amountField: string;
    useOpen: (partyId: number, record?: TRecord) => readonly OpenInvoice[];
    /** What the amount in the picker is: 'due' (an invoice's balance), 'left' (a credit's). */
    balanceWord?: string;
    /** 'Select an invoice…'. */
    placeholder?: string;
  };
  /**
   * Lines that follow the form (a return's lines, copied from the invoice it is against): when
   * `key` of the values changes, the lines become what `useLines` gives (null while it loads), as
   * drafts, and the form takes its `values` (the invoice's tax mode).
   */
  copyFrom?: {
    key: (values: Record<string, unknown>) => string;
    useLines: (values: Record<string, unknown>) => { lines: readonly LineValues[]; values?: Record<string, unknown> } | null;
  };
  /** The document may be sent without lines while this holds (a receipt of an advance). */
  optional?: (values: Record<string, unknown>) => boolean;
  /** A line left out of what is sent, like an untouched blank one (a copied line nobody said a quantity for). */
  skip?: (line: LineValues) => boolean;
  toBody: (line: LineValues) => Record<string, unknown>;
  /** A note under the totals (a customer's credit): a hook given the form and the saved lines' total. */
  useNotice?: (values: Record<string, unknown>, total: string, record?: TRecord) => { text: string; warning: boolean } | null;
}

export interface CardField<TRecord> {
  label: string;
  value: (record: TRecord) => string | null | undefined;
  icon?: LucideIcon;
  hideWhenEmpty?: boolean;
}

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

/** Another screen's form, opened with values filled in (a receipt for this invoice). */
export interface OpenElsewhere {
  label: string;
  to: { pathname: string; state: unknown };
  /** The button's icon on a record's details (a printer unless said). */
  icon?: LucideIcon;
}

/**
 * A button that acts on the record where it is (Mark Done, Convert to Customer, Mark Paid),
 * asking first when `confirm` is given. It changes something unless `reads` (a payslip): then
 * every role sees it; else only a role that can write (as every OpenElsewhere, which makes a record).
 */
export interface RunHere {
  label: string;
  run: () => unknown;
  /** In the primary colour (the next step: Mark Paid). */
  primary?: boolean;
  reads?: boolean;
  /** Asked first; the confirm button is the primary one unless `tone` is 'danger'. */
  confirm?: { title: string; description: string; confirmLabel: string; tone?: 'danger' | 'primary' };
}

export type CardAction = OpenElsewhere | RunHere;

export interface CardConfig<TRecord> {
  title: (record: TRecord) => string;
  badge?: (record: TRecord) => { label: string; tone: BadgeTone } | null;
  fields: readonly CardField<TRecord>[];
  /** A button under the card's own (Receive payment while an invoice is due), or null. */
  action?: (record: TRecord) => OpenElsewhere | null;
  /** More buttons, side by side (Add Follow-up, Convert to Customer, Mark Paid, Payslip). */
  actions?: (record: TRecord) => readonly CardAction[];
}

/** A chip above the list: the list as the server filters it (follow-ups due today), with its own empty text. */
export interface ListView {
  label: string;
  filter: Readonly<Record<string, string>>;
  empty: string;
}

export interface ListConfig<TRecord extends { id: number }, TValues extends FieldValues, TBody> {
  title: string;
  subtitle: string;
  addLabel: string;
  searchPlaceholder: string;
  backTo: { to: string; label: string };
  empty: { searching: string; initial: string; initialHint?: string; initialAction?: string };
  /** Above the list (counters), given every record; and the list's own heading. */
  summary?: (records: readonly TRecord[]) => readonly { label: string; value: string }[];
  listHeading?: string;
  /** Chips that switch the list between server filters (Today, Overdue, All); the first is the default. */
  views?: readonly ListView[];
  /** What a search looks in: the contract's (`vendorsEntity.search`), its fields and the labels
   * of coded ones, so a list searched here while it fits in one page finds what the server finds
   * once it does not. */
  search: SearchSpec;
  /** Extra searchable text of a record (a looked-up vendor name). */
  searchAlso?: (record: TRecord) => readonly (string | null | undefined)[];
  card: CardConfig<TRecord>;
  resource: Resource<TRecord, TBody>;
  form: FormConfig<TRecord, TValues, TBody>;
  /** Shown between the search bar and the list (a payroll run for a month). */
  toolbar?: ReactNode;
  /** A read-only view of one record (DESIGN §3.7 'View Details'); cards then offer Edit and View Details. */
  details?: DetailsConfig<TRecord>;
}

export interface DetailsConfig<TRecord> {
  title: (record: TRecord) => string;
  subtitle: string;
  badge?: (record: TRecord) => { label: string; tone: BadgeTone } | null;
  fields: readonly CardField<TRecord>[];
  /** `empty`: said instead of an empty table. */
  lines: { title: string; empty?: string; columns: readonly { label: string; value: (line: Record<string, unknown>) => string; numeric?: boolean }[] };
  /** Which documents settled it, or which invoices it settled. */
  links?: { title: string; empty: string; rows: (record: TRecord) => readonly { label: string; amount: string }[] };
  /** Links shown with the summary: 'Print / PDF', 'Receive payment'. */
  actions?: (record: TRecord) => readonly { label: string; to: string | OpenElsewhere['to']; icon?: LucideIcon }[];
  /** A card of its own under the summary (a credit applied to another invoice, there). */
  extra?: (record: TRecord) => ReactNode;
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
    voided: `${label} voided successfully`,
    voidFailed: `Failed to void ${lower}`,
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
