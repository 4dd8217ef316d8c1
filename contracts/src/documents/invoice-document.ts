import { z } from 'zod';

import type { SearchSpec } from '../entity';
import { optionalDateInput, optionalTextInput, requiredTextInput, TEXT_MAX } from '../fields';
import { STATE_CODES } from '../gst/states';
import { decimal, lineAmount } from '../money';
import type { TaxRegime } from '../gst/tax';
import { DateString, Id, INVOICE_STATUSES, moneyOrZero, MoneyString, reference } from './amounts';
import { keyed, keyedAll } from './keyed';
import { InvoiceLineSchema, type InvoiceLine, lineBody, type LineBody } from './lines';

/** Who a document is with: the vendor of a purchase, the customer of a sale. */
export interface PartyConfig<F extends string> {
  readonly field: F;
  /** The party's master-data entity (`vendor`): its list holds the name a search looks in. */
  readonly singular: string;
  readonly label: string;
  /** The seed's message for a missing one: 'Please select a vendor'. */
  readonly missing: string;
}

/** A note is against one invoice: `invoiceId` names it, and the note's total settles it. */
export interface AgainstConfig {
  readonly field: string;
  readonly label: string;
  readonly missing: string;
  /** The stream prefix of the invoices it is against (`sales-invoice`). */
  readonly stream: string;
}

export type TaxMode = 'manual' | 'gst';
export const TAX_MODES = ['manual', 'gst'] as const;
/** How the money of a settling document counts on an invoice: received (paid) or credited (a note). */
export type AllocationKind = 'paid' | 'credited';

export interface InvoiceDocumentConfig<P extends string, S extends string, T extends string, N extends string, D extends string> {
  readonly module: string;
  readonly plural: string;
  /** 'Invoice', 'Sales invoice', 'Credit note': toasts, messages, OpenAPI tags. */
  readonly label: string;
  readonly path: string;
  /** Stream prefix: `purchase-invoice` → `purchase-invoice-7`; also the id sequence. */
  readonly stream: string;
  /** Event name prefix: `PurchaseInvoice` → `PurchaseInvoiceRecorded`. */
  readonly events: string;
  readonly listTable: string;
  readonly party: PartyConfig<P>;
  /** Sales side: tax by the place of supply (the customer's state); purchase side: by the vendor's state. */
  readonly side: 'sales' | 'purchase';
  /** The document's number and date as the API names them: `invoiceNumber`, `noteDate`. */
  readonly numberField: N;
  readonly dateField: D;
  /** 'Invoice number', for its messages. */
  readonly numberLabel: string;
  /** Names the default settling document in allocations (`paymentId`, `receiptId`). */
  readonly settledBy: S;
  /** The stream prefix of that settling document: allocations written before they were keyed by stream are its. */
  readonly settledByStream: string;
  /** A number is unique per party (a vendor's bill numbers) or in the whole business. */
  readonly numberUnique: 'party' | 'business';
  /** The business profile's series prefix that numbers it when its number is left blank. */
  readonly series?: 'invoicePrefix' | 'creditNotePrefix' | 'debitNotePrefix';
  /** Free-text fields besides the number: `description`, `notes`. */
  readonly texts: readonly T[];
  /** The fields a list search looks in, besides the party's name (SEED-SPEC list screens). */
  readonly searchOn: readonly (N | T)[];
  /** A line's quantity when left blank (sales: 1); none → required. */
  readonly defaultQuantity?: string;
  /** Overdue is decided when read, from the due date (sales, DESIGN §4). */
  readonly overdue: boolean;
  /** Lines with an item move its stock: out (a sale, a debit note) or in (a purchase, a credit note). */
  readonly stock?: 'in' | 'out';
  /** A note: against which invoice, and that its total is credited there. */
  readonly against?: AgainstConfig;
  /** Purchases: tax payable by the recipient (reverse charge); the vendor is owed the taxable value only. */
  readonly reverseCharge?: boolean;
}

/** CGST Rule 46(b): at most 16 characters, letters and digits first, then letters, digits, - and /. */
export const GST_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$/;

/** A document as the decider and the projections see it: fixed names, every amount computed. */
export interface InvoiceData {
  readonly id: number;
  readonly partyId: number;
  readonly number: string;
  readonly date: string;
  readonly dueDate: string | null;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly taxMode: TaxMode;
  /** intra (CGST + SGST), inter (IGST), none (a bill of supply); null when tax was typed by hand. */
  readonly supplyType: TaxRegime | null;
  /** The state code of the place of supply; null when tax was typed by hand. */
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  /** Taxable value: the lines' amounts less their discounts. */
  readonly subTotal: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  readonly taxAmount: string;
  readonly roundOff: string;
  /** What the party owes (or is owed, for a note): the rounded total (without the tax on reverse charge). */
  readonly totalAmount: string;
  /** A note: the invoice it is against. */
  readonly againstId: number | null;
  readonly againstNumber: string | null;
  readonly lines: readonly InvoiceLine[];
}

/** An invoice event, read through the document's schema by kind (DESIGN §4). */
export type InvoiceChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: InvoiceData }
  /** A settling document's share of this invoice, keyed by that document's stream (`receipt-12`). */
  | { readonly kind: 'allocated'; readonly id: number; readonly by: string; readonly amount: string; readonly as: AllocationKind }
  | { readonly kind: 'released'; readonly id: number; readonly by: string };

/** What a person or integrator sends, as the decider reads it. */
export interface InvoiceBody {
  readonly partyId: number;
  /** Blank with a series: the next number of the series. */
  readonly number: string | null;
  readonly date: string | null;
  readonly dueDate: string | null;
  readonly taxMode: TaxMode;
  /** Typed by hand (manual mode only). */
  readonly taxAmount: string;
  /** A state for an unregistered party (sales: where the goods go; purchase: the vendor's state). */
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly againstId: number | null;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly lines: readonly LineBody[];
}

/** Reads a named property of a parsed object (the party's field, a text) for a schema to check. */
const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const NullableText = z.string().nullable();

const allocationV2 = z.object({ id: Id, by: z.string(), amount: MoneyString, as: z.enum(['paid', 'credited']) });
const allocationV1 = z.object({ id: Id, settlementId: Id, amount: MoneyString });
const releaseV2 = z.object({ id: Id, by: z.string() });
const releaseV1 = z.object({ id: Id, settlementId: Id });

const StoredInvoice = z.looseObject({
  id: Id,
  dueDate: DateString.nullable(),
  subTotal: MoneyString,
  taxAmount: MoneyString,
  totalAmount: MoneyString,
  active: z.boolean(),
  lines: z.array(InvoiceLineSchema),
  taxMode: z.enum(TAX_MODES).optional(),
  supplyType: z.enum(['intra', 'inter', 'none']).nullable().optional(),
  placeOfSupply: z.string().nullable().optional(),
  reverseCharge: z.boolean().optional(),
  cgst: MoneyString.optional(),
  sgst: MoneyString.optional(),
  igst: MoneyString.optional(),
  roundOff: z.string().regex(/^-?\d+\.\d{2}$/).optional(),
  againstNumber: z.string().nullable().optional(),
});

/**
 * An invoice-like document (DESIGN §4), configured per kind: one stream per document, its lines
 * in its events, amounts computed by the server (GST per line, or tax typed by hand as the seed
 * had it), and the settling documents' allocations keyed by their streams.
 */
export const invoiceDocument = <const P extends string, const S extends string, const T extends string, const N extends string, const D extends string>(
  config: InvoiceDocumentConfig<P, S, T, N, D>,
) => {
  const { party, settledBy, numberField, dateField, against } = config;
  const numberInput = config.series
    ? optionalTextInput(TEXT_MAX.reference)
    : requiredTextInput(`${config.numberLabel} is required`, TEXT_MAX.reference);
  /**
   * The header fields of the form (the UI validates them with this; lines are edited apart).
   * Fields named by the kind (its party, number, date, note's invoice, texts) and the common ones.
   */
  const named: Record<string, z.ZodType> = {
    [party.field]: reference(party.missing),
    [numberField]: numberInput,
    /** Blank → today in India. */
    [dateField]: optionalDateInput(),
    ...(against ? { [against.field]: reference(against.missing) } : {}),
    ...Object.fromEntries(config.texts.map((t) => [t, optionalTextInput(TEXT_MAX.long)])),
  };
  const header = z.object({
    ...named,
    dueDate: optionalDateInput(),
    /** `gst`: tax per line from its GST rate; `manual` (default): the tax amount typed in whole (the seed's way). */
    taxMode: z.enum(TAX_MODES, { error: 'Choose gst or manual' }).optional().default('manual'),
    taxAmount: moneyOrZero('Tax amount'),
    placeOfSupply: z
      .union([z.enum(STATE_CODES), z.literal(''), z.null()], { error: 'Choose a state from the list' })
      .optional()
      .transform((v) => v || null),
    reverseCharge: z.boolean({ error: 'Expected true or false' }).optional().default(false),
    active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
  });
  const lines = z
    .array(lineBody(config.defaultQuantity), { error: 'At least one line item is required' })
    .min(1, 'At least one line item is required')
    .max(500, 'At most 500 lines');
  const body = header
    .extend({ lines })
    .superRefine((input, ctx) => {
      const number = fieldOf(input, numberField);
      if (config.side === 'sales' && input.taxMode === 'gst' && typeof number === 'string' && !GST_NUMBER.test(number)) {
        ctx.addIssue({ code: 'custom', path: [numberField], message: 'Up to 16 letters, digits, - and /, starting with a letter or digit' });
      }
      input.lines.forEach((line, index) => {
        if (input.taxMode === 'gst' && line.gstRate === null) ctx.addIssue({ code: 'custom', path: ['lines', index, 'gstRate'], message: 'Choose a GST rate' });
        if (decimal(line.discount).gt(decimal(lineAmount(line.quantity, line.rate)))) {
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'discount'], message: 'The discount cannot be more than the line amount' });
        }
      });
    })
    .transform(
      (input): InvoiceBody => ({
        partyId: Id.parse(fieldOf(input, party.field)),
        number: NullableText.parse(fieldOf(input, numberField) ?? null),
        date: NullableText.parse(fieldOf(input, dateField) ?? null),
        dueDate: input.dueDate,
        taxMode: input.taxMode,
        taxAmount: input.taxAmount,
        placeOfSupply: input.placeOfSupply,
        reverseCharge: config.reverseCharge ? input.reverseCharge : false,
        againstId: against ? Id.parse(fieldOf(input, against.field)) : null,
        texts: Object.fromEntries(config.texts.map((t) => [t, NullableText.parse(fieldOf(input, t) ?? null)])),
        active: input.active,
        lines: input.lines,
      }),
    );

  // ---------------------------------------------------------------- as answered (the API's shape)
  const data = z.object({
    id: Id,
    ...keyed(party.field, Id),
    ...keyed(numberField, z.string()),
    ...keyed(dateField, DateString),
    dueDate: DateString.nullable(),
    taxMode: z.enum(TAX_MODES),
    supplyType: z.enum(['intra', 'inter', 'none']).nullable(),
    placeOfSupply: z.string().nullable(),
    reverseCharge: z.boolean(),
    subTotal: MoneyString,
    cgst: MoneyString,
    sgst: MoneyString,
    igst: MoneyString,
    taxAmount: MoneyString,
    roundOff: z.string(),
    totalAmount: MoneyString,
    ...(against ? { ...keyed(against.field, Id), againstNumber: z.string() } : {}),
    ...keyedAll(config.texts, () => z.string().nullable()),
    active: z.boolean(),
  });
  const statuses = config.overdue ? ([...INVOICE_STATUSES, 'overdue'] as const) : INVOICE_STATUSES;
  const summary = data.extend({
    /** Received against it (payments, receipts). */
    paidAmount: MoneyString,
    /** Taken off it by credit or debit notes. */
    creditedAmount: MoneyString,
    balanceDue: MoneyString,
    status: z.enum(statuses),
  });
  const allocation = z.object({
    /** The settling document's stream: `receipt-12`, `credit-note-3`. */
    by: z.string(),
    as: z.enum(['paid', 'credited']),
    amount: MoneyString,
    /** Its id when it is the default settling document (`receiptId`). */
    ...keyed(settledBy, Id.optional()),
  });
  const record = summary.extend({ lines: z.array(InvoiceLineSchema), allocations: z.array(allocation) });

  // ---------------------------------------------------------------- events
  const names = {
    recorded: `${config.events}Recorded`,
    revised: `${config.events}Revised`,
    allocated: `${config.events}Allocated`,
    released: `${config.events}AllocationReleased`,
  } as const;
  const types: readonly string[] = Object.values(names);

  /** The stored data of a recorded or revised event → the domain's view (older events default). */
  const readData = (stored: unknown): InvoiceData => {
    const raw = StoredInvoice.parse(stored);
    return {
      id: raw.id,
      partyId: Id.parse(fieldOf(raw, party.field)),
      number: z.string().parse(fieldOf(raw, numberField)),
      date: DateString.parse(fieldOf(raw, dateField)),
      dueDate: raw.dueDate,
      texts: Object.fromEntries(config.texts.map((t) => [t, NullableText.parse(fieldOf(raw, t) ?? null)])),
      active: raw.active,
      taxMode: raw.taxMode ?? 'manual',
      supplyType: raw.supplyType ?? null,
      placeOfSupply: raw.placeOfSupply ?? null,
      reverseCharge: raw.reverseCharge ?? false,
      subTotal: raw.subTotal,
      cgst: raw.cgst ?? '0.00',
      sgst: raw.sgst ?? '0.00',
      igst: raw.igst ?? '0.00',
      taxAmount: raw.taxAmount,
      roundOff: raw.roundOff ?? '0.00',
      totalAmount: raw.totalAmount,
      againstId: against ? Id.parse(fieldOf(raw, against.field)) : null,
      againstNumber: against ? (raw.againstNumber ?? null) : null,
      lines: raw.lines,
    };
  };

  /** The domain's view → the stored (and answered) shape, under the document's own field names. */
  const storedData = (d: InvoiceData) => ({
    id: d.id,
    [party.field]: d.partyId,
    [numberField]: d.number,
    [dateField]: d.date,
    dueDate: d.dueDate,
    taxMode: d.taxMode,
    supplyType: d.supplyType,
    placeOfSupply: d.placeOfSupply,
    reverseCharge: d.reverseCharge,
    subTotal: d.subTotal,
    cgst: d.cgst,
    sgst: d.sgst,
    igst: d.igst,
    taxAmount: d.taxAmount,
    roundOff: d.roundOff,
    totalAmount: d.totalAmount,
    ...(against ? { [against.field]: d.againstId, againstNumber: d.againstNumber } : {}),
    ...d.texts,
    active: d.active,
    lines: d.lines,
  });

  const Envelope = z.object({ type: z.string(), data: z.unknown() });
  /** Reads a stored event by kind; allocations written before the stream key are upcast. Null for another document's event. */
  const read = (stored: unknown): InvoiceChange | null => {
    const { type, data: raw } = Envelope.parse(stored);
    switch (type) {
      case names.recorded:
        return { kind: 'recorded', data: readData(raw) };
      case names.revised:
        return { kind: 'revised', data: readData(raw) };
      case names.allocated: {
        const v2 = allocationV2.safeParse(raw);
        if (v2.success) return { kind: 'allocated', ...v2.data };
        const v1 = allocationV1.parse(raw);
        return { kind: 'allocated', id: v1.id, by: `${config.settledByStream}-${v1.settlementId}`, amount: v1.amount, as: 'paid' };
      }
      case names.released: {
        const v2 = releaseV2.safeParse(raw);
        if (v2.success) return { kind: 'released', ...v2.data };
        const v1 = releaseV1.parse(raw);
        return { kind: 'released', id: v1.id, by: `${config.settledByStream}-${v1.settlementId}` };
      }
      default:
        return null;
    }
  };

  /** The stored form of a change (allocations in their second version: keyed by stream). */
  const write = (change: InvoiceChange): { readonly type: string; readonly data: unknown } => {
    switch (change.kind) {
      case 'recorded':
      case 'revised':
        return { type: names[change.kind], data: storedData(change.data) };
      case 'allocated':
        return { type: names.allocated, data: { id: change.id, by: change.by, amount: change.amount, as: change.as } };
      case 'released':
        return { type: names.released, data: { id: change.id, by: change.by } };
    }
  };

  return {
    ...config,
    header,
    body,
    summary,
    record,
    line: InvoiceLineSchema,
    allocation,
    events: { names, types },
    read,
    write,
    storedData,
    /** What a list search looks in: `searchOn` and the party's name. */
    search: { fields: config.searchOn, refs: { [party.field]: party.singular } } as SearchSpec<N | T | P>,
    streamOf: (id: number) => `${config.stream}-${id}`,
    /** The claim on a number (DESIGN §4 reservation), per party or business-wide. */
    numberStream: (partyId: number, number: string) =>
      `${config.stream}-number:${config.numberUnique === 'party' ? `${partyId}:` : ''}${number.trim().toLowerCase()}`,
  };
};

/** Any invoice document, its types erased to what the shared machinery needs. */
export interface InvoiceDocument {
  readonly module: string;
  readonly plural: string;
  readonly label: string;
  readonly path: string;
  readonly stream: string;
  readonly listTable: string;
  readonly party: PartyConfig<string>;
  readonly side: 'sales' | 'purchase';
  readonly numberField: string;
  readonly dateField: string;
  readonly numberLabel: string;
  readonly settledBy: string;
  readonly settledByStream: string;
  readonly numberUnique: 'party' | 'business';
  readonly series?: 'invoicePrefix' | 'creditNotePrefix' | 'debitNotePrefix';
  readonly texts: readonly string[];
  readonly search: SearchSpec;
  readonly overdue: boolean;
  readonly stock?: 'in' | 'out';
  readonly against?: AgainstConfig;
  readonly reverseCharge?: boolean;
  readonly header: z.ZodType;
  readonly body: z.ZodType<InvoiceBody>;
  readonly summary: z.ZodType;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
  readonly events: {
    readonly names: { readonly recorded: string; readonly revised: string; readonly allocated: string; readonly released: string };
    readonly types: readonly string[];
  };
  read(stored: unknown): InvoiceChange | null;
  write(change: InvoiceChange): { readonly type: string; readonly data: unknown };
  storedData(data: InvoiceData): { readonly id: number } & Readonly<Record<string, unknown>>;
  streamOf(id: number): string;
  numberStream(partyId: number, number: string): string;
}
