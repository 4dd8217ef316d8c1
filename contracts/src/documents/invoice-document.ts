import { z } from 'zod';

import { PAYMENT_METHODS, type PaymentMethod } from '../constants';
import type { SearchSpec } from '../entity';
import { optionalDateInput, optionalTextInput, requiredTextInput, TEXT_MAX } from '../fields';
import { STATE_CODES } from '../gst/states';
import { DateString, Id, INVOICE_STATUSES, moneyOrZero, MoneyString, reference } from './amounts';
import { keyed, keyedAll } from './keyed';
import {
  GST_NUMBER,
  type InvoiceBody,
  type InvoiceChange,
  type InvoiceData,
  type InvoiceDocumentConfig,
  TAX_MODES,
} from './invoice-kind';
import { InvoiceLineSchema, lineBody } from './lines';

/** Reads a named property of a parsed object (the party's field, a text) for a schema to check. */
const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const PAYMENT_METHOD_VALUES = PAYMENT_METHODS.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]];
/** `paidNow` as parsed ('0.00' when blank): null when nothing is paid now. */
const paidNowOf = (input: object): string | null => {
  const value = fieldOf(input, 'paidNow');
  return typeof value === 'string' && value !== '0.00' ? value : null;
};
const Text = z.string();
const NullableText = Text.nullable();

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
    // Paid as it is recorded (a sale paid at the counter): a receipt or payment in the same append.
    ...(config.settleNow
      ? {
          paidNow: moneyOrZero(config.settleNow.label),
          paymentMethod: z.enum(PAYMENT_METHOD_VALUES, { error: 'Please select a payment method' }).optional().default('cash'),
        }
      : {}),
  });
  /** A due date before the document's own date is a mistake, said on the due date. */
  const dueNotBefore = (input: object, ctx: z.RefinementCtx) => {
    const date = fieldOf(input, dateField);
    const due = fieldOf(input, 'dueDate');
    if (typeof date === 'string' && typeof due === 'string' && due < date) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: `Due date cannot be before the ${config.numberLabel.replace(/ number$/i, '').toLowerCase()} date` });
    }
  };
  const lineInput = lineBody(config.defaultQuantity);
  const lines = z
    .array(lineInput, { error: 'At least one line item is required' })
    .min(1, 'At least one line item is required')
    .max(500, 'At most 500 lines');
  const body = header
    .extend({ lines })
    .superRefine((input, ctx) => {
      dueNotBefore(input, ctx);
      const number = fieldOf(input, numberField);
      if (config.side === 'sales' && input.taxMode === 'gst' && typeof number === 'string' && !GST_NUMBER.test(number)) {
        ctx.addIssue({ code: 'custom', path: [numberField], message: 'Up to 16 letters, digits, - and /, starting with a letter or digit' });
      }
      input.lines.forEach((line, index) => {
        if (input.taxMode === 'gst' && line.gstRate === null) ctx.addIssue({ code: 'custom', path: ['lines', index, 'gstRate'], message: 'Choose a GST rate' });
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
        paidNow: paidNowOf(input),
        paymentMethod: String(fieldOf(input, 'paymentMethod') ?? 'cash'),
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
      number: Text.parse(fieldOf(raw, numberField)),
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
  // The list and the stock movements read the same events of a batch: each is parsed once.
  const readOnce = new WeakMap<object, InvoiceChange | null>();
  /** Reads a stored event by kind; allocations written before the stream key are upcast. Null for another document's event. */
  const read = (stored: unknown): InvoiceChange | null => {
    if (typeof stored !== 'object' || stored === null) return readEvent(stored);
    const known = readOnce.get(stored);
    if (known !== undefined) return known;
    const change = readEvent(stored);
    readOnce.set(stored, change);
    return change;
  };
  const readEvent = (stored: unknown): InvoiceChange | null => {
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
    /** The header as the form checks it (the due date against the date too). */
    header: header.superRefine(dueNotBefore),
    body,
    summary,
    record,
    line: InvoiceLineSchema,
    lineInput,
    allocation,
    events: { names, types },
    read,
    write,
    storedData,
    /** What a list search looks in: `searchOn` and the party's name. */
    search: { ...({ fields: config.searchOn, refs: { [party.field]: party.singular } } as SearchSpec<N | T | P>), amounts: ['totalAmount', 'balanceDue'] } as SearchSpec,
    streamOf: (id: number) => `${config.stream}-${id}`,
    /** The claim on a number (DESIGN §4 reservation), per party or business-wide. */
    numberStream: (partyId: number, number: string) =>
      `${config.stream}-number:${config.numberUnique === 'party' ? `${partyId}:` : ''}${number.trim().toLowerCase()}`,
  };
};
