import { z } from 'zod';

import { optionalDateInput, optionalTextInput, requiredTextInput, TEXT_MAX } from '../fields';
import { DateString, Id, INVOICE_STATUSES, moneyOrZero, MoneyString, quantity, reference, requiredMoney } from './amounts';
import type { SearchSpec } from '../entity';
import { keyed, keyedAll } from './keyed';

/** Who a document is with: the vendor of a purchase, the customer of a sale. */
export interface PartyConfig<F extends string> {
  readonly field: F;
  /** The party's master-data entity (`vendor`): its list holds the name a search looks in. */
  readonly singular: string;
  readonly label: string;
  /** The seed's message for a missing one: 'Please select a vendor'. */
  readonly missing: string;
}

export interface InvoiceDocumentConfig<P extends string, S extends string, T extends string> {
  readonly module: string;
  readonly plural: string;
  /** 'Invoice', 'Sales invoice': toasts, messages, OpenAPI tags. */
  readonly label: string;
  readonly path: string;
  /** Stream prefix: `purchase-invoice` → `purchase-invoice-7`; also the id sequence. */
  readonly stream: string;
  /** Event name prefix: `PurchaseInvoice` → `PurchaseInvoiceRecorded`. */
  readonly events: string;
  readonly listTable: string;
  readonly party: PartyConfig<P>;
  /** Names the settling document in allocations: `paymentId`, `receiptId`. */
  readonly settledBy: S;
  /** A bill number is unique per vendor (purchase) or in the whole business (sales). */
  readonly numberUnique: 'party' | 'business';
  /** Free-text fields besides the number: `description`, `notes`. */
  readonly texts: readonly T[];
  /** The fields a list search looks in, besides the party's name (SEED-SPEC list screens). */
  readonly searchOn: readonly ('invoiceNumber' | T)[];
  /** A line's quantity when left blank (sales: 1); none → required. */
  readonly defaultQuantity?: string;
  /** Overdue is decided when read, from the due date (sales, DESIGN §4). */
  readonly overdue: boolean;
}

const lineBody = (defaultQuantity: string | undefined) =>
  z.object({
    itemName: requiredTextInput('Item name is required'),
    description: optionalTextInput(TEXT_MAX.lineDescription),
    quantity: defaultQuantity
      ? z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? defaultQuantity : v), quantity())
      : quantity(),
    rate: requiredMoney('Rate', 'Rate is required'),
    /** Ignored: the server computes every amount (DESIGN §4). */
    amount: z.unknown().optional(),
  });

export const InvoiceLineSchema = z.object({
  lineNo: z.number().int().positive(),
  itemName: z.string(),
  description: z.string().nullable(),
  quantity: z.string(),
  rate: MoneyString,
  amount: MoneyString,
});
export type InvoiceLine = z.output<typeof InvoiceLineSchema>;

/**
 * An invoice-like document (DESIGN §4), configured per kind: one stream per invoice, its lines
 * in its events, amounts computed by the server, and the settling documents' allocations.
 */
export const invoiceDocument = <const P extends string, const S extends string, const T extends string>(
  config: InvoiceDocumentConfig<P, S, T>,
) => {
  const { party, settledBy } = config;
  const body = z.object({
    ...keyed(party.field, reference(party.missing)),
    invoiceNumber: requiredTextInput('Invoice number is required', TEXT_MAX.reference),
    /** Blank → today in India. */
    invoiceDate: optionalDateInput(),
    dueDate: optionalDateInput(),
    taxAmount: moneyOrZero('Tax amount'),
    ...keyedAll(config.texts, () => optionalTextInput(TEXT_MAX.long)),
    active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
    lines: z
      .array(lineBody(config.defaultQuantity), { error: 'At least one line item is required' })
      .min(1, 'At least one line item is required')
      .max(500, 'At most 500 lines'),
  });
  const data = z.object({
    id: Id,
    ...keyed(party.field, Id),
    invoiceNumber: z.string(),
    invoiceDate: DateString,
    dueDate: DateString.nullable(),
    subTotal: MoneyString,
    taxAmount: MoneyString,
    totalAmount: MoneyString,
    ...keyedAll(config.texts, () => z.string().nullable()),
    active: z.boolean(),
  });
  const statuses = config.overdue ? ([...INVOICE_STATUSES, 'overdue'] as const) : INVOICE_STATUSES;
  const summary = data.extend({
    paidAmount: MoneyString,
    balanceDue: MoneyString,
    status: z.enum(statuses),
  });
  const allocation = z.object({ ...keyed(settledBy, Id), amount: MoneyString });
  const record = summary.extend({ lines: z.array(InvoiceLineSchema), allocations: z.array(allocation) });
  const recorded = data.extend({ lines: z.array(InvoiceLineSchema) });
  const names = {
    recorded: `${config.events}Recorded`,
    revised: `${config.events}Revised`,
    allocated: `${config.events}Allocated`,
    released: `${config.events}AllocationReleased`,
  } as const;
  const share = z.object({ id: Id, settlementId: Id, amount: MoneyString });
  const event = z.discriminatedUnion('type', [
    z.object({ type: z.literal(names.recorded), data: recorded }),
    /** A revision carries the whole invoice again (its new lines replace the old). */
    z.object({ type: z.literal(names.revised), data: recorded }),
    /** A settling document's share of this invoice, set to `amount` (a re-allocation replaces it). */
    z.object({ type: z.literal(names.allocated), data: share }),
    z.object({ type: z.literal(names.released), data: share.omit({ amount: true }) }),
  ]);
  return {
    ...config,
    body,
    summary,
    record,
    line: InvoiceLineSchema,
    allocation,
    events: { names, event, types: Object.values(names) as string[], recorded },
    /** What a list search looks in: `searchOn` and the party's name. */
    search: { fields: config.searchOn, refs: { [config.party.field]: config.party.singular } } as SearchSpec<'invoiceNumber' | T | P>,
    streamOf: (id: number) => `${config.stream}-${id}`,
    /** The claim on a bill number (DESIGN §4 reservation), per party or business-wide. */
    numberStream: (partyId: number, invoiceNumber: string) =>
      `${config.stream}-number:${config.numberUnique === 'party' ? `${partyId}:` : ''}${invoiceNumber.trim().toLowerCase()}`,
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
  readonly settledBy: string;
  readonly numberUnique: 'party' | 'business';
  readonly texts: readonly string[];
  readonly search: SearchSpec;
  readonly overdue: boolean;
  readonly body: z.ZodType<InvoiceBodyView>;
  readonly summary: z.ZodType;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
  readonly events: {
    readonly names: { readonly recorded: string; readonly revised: string; readonly allocated: string; readonly released: string };
    readonly event: z.ZodType<StoredDocumentEvent>;
    readonly types: readonly string[];
  };
  streamOf(id: number): string;
  numberStream(partyId: number, invoiceNumber: string): string;
}

/** An invoice body as the shared machinery reads it (the party under its own name). */
export type InvoiceBodyView = {
  readonly invoiceNumber: string;
  readonly invoiceDate: string | null;
  readonly dueDate: string | null;
  readonly taxAmount: string;
  readonly active: boolean;
  readonly lines: readonly { readonly itemName: string; readonly description: string | null; readonly quantity: string; readonly rate: string }[];
} & Readonly<Record<string, unknown>>;

export type InvoiceData = {
  readonly id: number;
  readonly invoiceNumber: string;
  readonly invoiceDate: string;
  readonly dueDate: string | null;
  readonly subTotal: string;
  readonly taxAmount: string;
  readonly totalAmount: string;
  readonly active: boolean;
  readonly lines: readonly InvoiceLine[];
} & Readonly<Record<string, unknown>>;

/** An invoice event, read by kind (DESIGN §4): what the decider, projection and history fold. */
export type InvoiceChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: InvoiceData }
  | { readonly kind: 'allocated'; readonly id: number; readonly settlementId: number; readonly amount: string }
  | { readonly kind: 'released'; readonly id: number; readonly settlementId: number };

export interface StoredDocumentEvent {
  readonly type: string;
  readonly data: unknown;
}

/** An event already read through the document's schema, by kind. */
export const invoiceChange = (doc: InvoiceDocument, event: StoredDocumentEvent): InvoiceChange | null => {
  const { names } = doc.events;
  const data = event.data as InvoiceData & { settlementId: number; amount: string };
  switch (event.type) {
    case names.recorded:
      return { kind: 'recorded', data };
    case names.revised:
      return { kind: 'revised', data };
    case names.allocated:
      return { kind: 'allocated', id: data.id, settlementId: data.settlementId, amount: data.amount };
    case names.released:
      return { kind: 'released', id: data.id, settlementId: data.settlementId };
    default:
      return null;
  }
};

/** Reads a stored event through the document's schema; null for another document's event. */
export const readInvoiceEvent = (doc: InvoiceDocument, stored: StoredDocumentEvent): InvoiceChange | null =>
  doc.events.types.includes(stored.type) ? invoiceChange(doc, doc.events.event.parse(stored)) : null;

/** The stored form of a change. */
export const invoiceEvent = (doc: InvoiceDocument, change: InvoiceChange): StoredDocumentEvent => {
  const { names } = doc.events;
  switch (change.kind) {
    case 'recorded':
    case 'revised':
      return { type: names[change.kind], data: change.data };
    case 'allocated':
      return { type: names.allocated, data: { id: change.id, settlementId: change.settlementId, amount: change.amount } };
    case 'released':
      return { type: names.released, data: { id: change.id, settlementId: change.settlementId } };
  }
};
