import { z } from 'zod';

import { PAYMENT_METHODS, type PaymentMethod } from '../constants';
import { documentedAs } from '../documented';
import type { SearchSpec } from '../entity';
import { optionalDateInput, optionalTextInput, requiredTextInput, TEXT_MAX } from '../fields';
import { STATE_CODES } from '../gst/states';
import { DateString, Id, INVOICE_STATUSES, moneyOrZero, MoneyString, reference } from './amounts';
import { invoiceEvents } from './invoice-events';
import { type Answer, ANSWERS, GST_NUMBER, type InvoiceBody, type InvoiceDocumentConfig, NOTE_TYPES, type NoteType, TAX_MODES } from './invoice-kind';
import { categoryInput } from './categories';
import { keyed, keyedAll } from './keyed';
import { InvoiceLineSchema, lineBody, type LineBody } from './lines';
import { ANSWERED_STATUSES, CONVERTED_STATUSES, ConvertedToSchema, SourceInput, SourceSchema } from './conversions';
import { noteLineIssues, noteLinesOf, ReturnedLineSchema } from './note-lines';

/** Reads a named property of a parsed object (the party's field, a text) for a schema to check. */
const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const PAYMENT_METHOD_VALUES: readonly PaymentMethod[] = PAYMENT_METHODS.map((m) => m.value);
/** `paidNow` as parsed ('0.00' when blank): null when nothing is paid now. */
const paidNowOf = (input: object): string | null => {
  const value = fieldOf(input, 'paidNow');
  return typeof value === 'string' && value !== '0.00' ? value : null;
};
const NullableText = z.string().nullable();

/**
 * An invoice-like document (DESIGN §4), configured per kind: one stream per document, its lines
 * in its events, amounts computed by the server (GST per line, or tax typed by hand as the seed
 * had it), and the settling documents' allocations keyed by their streams.
 */
export const invoiceDocument = <const P extends string, const S extends string, const T extends string, const N extends string, const D extends string, const Q extends string = never, const O extends false | undefined = undefined, const U extends string = 'dueDate'>(
  config: InvoiceDocumentConfig<P, S, T, N, D, Q, O, U>,
) => {
  const { party, settledBy, numberField, dateField, against } = config;
  // The due date's name: `dueDate` unless the kind names its own (U is then that name).
  const dueField = (config.due?.field ?? 'dueDate') as U;
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
    ...(config.category ? { category: categoryInput(config.category) } : {}),
    ...(config.repeats ? { repeatMonthly: z.boolean({ error: 'Expected true or false' }).optional().default(false) } : {}),
  };
  const header = z.object({
    ...named,
    [dueField]: optionalDateInput(),
    ...(config.answers ? { answer: z.union([z.enum(ANSWERS), z.literal(''), z.null()], { error: 'Choose accepted or declined' }).optional().transform((v) => v || null) } : {}),
    // Converted from another document (an estimate, an order): its kind's stream and id.
    ...(against ? {} : { source: SourceInput.nullable().optional().default(null) }),
    /**
     * `gst`: tax per line from its GST rate; `manual`: the tax amount typed in whole (the seed's
     * way). Default manual; a return's default is its invoice's.
     */
    taxMode: against ? z.enum(TAX_MODES, { error: 'Choose gst or manual' }).optional() : z.enum(TAX_MODES, { error: 'Choose gst or manual' }).optional().default('manual'),
    ...(against
      ? {
          /** `return` (default): goods come back, lines copied from the invoice's; `price`: a price difference, no stock moves. */
          noteType: z.enum(NOTE_TYPES, { error: 'Choose return or price' }).optional().default('return'),
        }
      : {}),
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
    const due = fieldOf(input, dueField);
    if (typeof date === 'string' && typeof due === 'string' && due < date) {
      ctx.addIssue({ code: 'custom', path: [dueField], message: `${config.due?.label ?? 'Due date'} cannot be before the ${config.numberLabel.replace(/ number$/i, '').toLowerCase()} date` });
    }
  };
  const lineInput = lineBody(config.defaultQuantity);
  // A note's lines are checked by its type (noteLineIssues): a price difference's like an invoice's, a return's name invoice lines.
  const noteLine = z.unknown();
  documentedAs.add(noteLine, { input: z.union([lineInput, ReturnedLineSchema]) });
  const lines = z
    .array(against ? noteLine : lineInput, { error: 'At least one line item is required' })
    .min(1, 'At least one line item is required')
    .max(500, 'At most 500 lines');
  const noteTypeOf = (input: object): NoteType | null => (against ? (fieldOf(input, 'noteType') as NoteType) : null);
  const body = header
    .extend({ lines })
    .superRefine((input, ctx) => {
      dueNotBefore(input, ctx);
      const number = fieldOf(input, numberField);
      if (config.side === 'sales' && input.taxMode === 'gst' && typeof number === 'string' && !GST_NUMBER.test(number)) {
        ctx.addIssue({ code: 'custom', path: [numberField], message: 'Up to 16 letters, digits, - and /, starting with a letter or digit' });
      }
      const noteType = noteTypeOf(input);
      if (noteType) {
        for (const issue of noteLineIssues(noteType, input.lines, input.taxMode === 'gst', lineInput)) ctx.addIssue({ code: 'custom', ...issue });
        return;
      }
      (input.lines as LineBody[]).forEach((line, index) => {
        if (input.taxMode === 'gst' && line.gstRate === null) ctx.addIssue({ code: 'custom', path: ['lines', index, 'gstRate'], message: 'Choose a GST rate' });
      });
    })
    .transform((input): InvoiceBody => {
      const noteType = noteTypeOf(input);
      const typed = noteType ? noteLinesOf(noteType, input.lines, lineInput) : { lines: input.lines as LineBody[], returned: [] };
      return {
        partyId: Id.parse(fieldOf(input, party.field)),
        number: NullableText.parse(fieldOf(input, numberField) ?? null),
        date: NullableText.parse(fieldOf(input, dateField) ?? null),
        dueDate: NullableText.parse(fieldOf(input, dueField) ?? null),
        // A return takes its invoice's tax mode unless one is said; anything else is manual by default.
        taxMode: input.taxMode ?? (noteType === 'return' ? null : 'manual'),
        taxAmount: input.taxAmount,
        placeOfSupply: input.placeOfSupply,
        reverseCharge: config.reverseCharge ? input.reverseCharge : false,
        againstId: against ? Id.parse(fieldOf(input, against.field)) : null,
        texts: Object.fromEntries(config.texts.map((t) => [t, NullableText.parse(fieldOf(input, t) ?? null)])),
        active: input.active,
        noteType,
        ...typed,
        paidNow: paidNowOf(input),
        paymentMethod: String(fieldOf(input, 'paymentMethod') ?? 'cash'),
        answer: config.answers ? (fieldOf(input, 'answer') as Answer | null) : null,
        source: against ? null : (fieldOf(input, 'source') as InvoiceBody['source']),
        category: config.category ? String(fieldOf(input, 'category')) : null,
        repeatMonthly: config.repeats ? fieldOf(input, 'repeatMonthly') === true : false,
      };
    });

  // ---------------------------------------------------------------- as answered (the API's shape)
  const data = z.object({
    id: Id,
    ...keyed(party.field, Id),
    ...keyed(numberField, z.string()),
    ...keyed(dateField, DateString),
    ...keyed(dueField, DateString.nullable()),
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
    ...(against ? { ...keyed(against.field, Id), againstNumber: z.string(), noteType: z.enum(NOTE_TYPES).nullable() } : {}),
    ...keyedAll(config.texts, () => z.string().nullable()),
    /** An opening item: the day the books begin (it has no lines and no tax); null for any other. */
    ...(config.opening ? { openingOn: DateString.nullable() } : {}),
    ...(config.answers ? { answer: z.enum(ANSWERS).nullable() } : {}),
    /** The document it was converted from (an estimate, an order); null when typed afresh. */
    ...(against ? {} : { source: SourceSchema.nullable().default(null) }),
    /** The ledger it is booked under (its code). */
    ...(config.category ? { category: z.string() } : {}),
    ...(config.repeats ? { repeatMonthly: z.boolean(), /** The chain's first document this is a monthly copy of; null for a first. */ repeatOf: Id.nullable().default(null) } : {}),
    active: z.boolean(),
  });
  const statuses = config.overdue ? ([...INVOICE_STATUSES, 'overdue'] as const) : INVOICE_STATUSES;
  const owedSummary = data.extend({
    /** Received against it (payments, receipts). */
    paidAmount: MoneyString,
    /** Taken off it by credit or debit notes. */
    creditedAmount: MoneyString,
    balanceDue: MoneyString,
    status: z.enum(statuses),
    ...(against
      ? {
          /** A note's credit applied to invoices (its own first). */
          appliedAmount: MoneyString,
          /** Paid back to the party by refunds. */
          refundedAmount: MoneyString,
          /** Neither applied nor refunded: the party's credit (none while inactive). */
          unappliedAmount: MoneyString,
        }
      : {
          /** The totals of the notes against it (at most its total). */
          notesAmount: MoneyString,
        }),
  });
  /** A quotation or an order: its status from its answer and what it became, and the documents made from it. */
  const quoteSummary = data.extend({
    status: z.enum(config.answers ? ANSWERED_STATUSES : CONVERTED_STATUSES),
    convertedTo: z.array(ConvertedToSchema),
  });
  const allocation = z.object({
    /** The settling document's stream: `receipt-12`, `credit-note-3`. */
    by: z.string(),
    as: z.enum(['paid', 'credited']),
    amount: MoneyString,
    /** Its id when it is the default settling document (`receiptId`). */
    ...keyed(settledBy, Id.optional()),
  });
  const owedRecord = owedSummary.extend({ lines: z.array(InvoiceLineSchema), allocations: z.array(allocation) });
  const quoteRecord = quoteSummary.extend({ lines: z.array(InvoiceLineSchema) });
  /** The owed kind's schema, or the quotation's (`owed: false`). */
  const byOwed = <A, B>(owed: A, quote: B) => (config.owed === false ? quote : owed) as O extends false ? B : A;

  // On a note, `allocations` are where its credit went: invoices (credited) and refunds (paid).
  const events = invoiceEvents(config);

  return {
    ...config,
    fullLabel: config.fullLabel ?? config.label,
    dueField,
    dueLabel: config.due?.label ?? 'Due date',
    /** The header as the form checks it (the due date against the date too). */
    header: header.superRefine(dueNotBefore),
    body,
    summary: byOwed(owedSummary, quoteSummary),
    record: byOwed(owedRecord, quoteRecord),
    line: InvoiceLineSchema,
    lineInput,
    allocation,
    events: { names: events.names, types: events.types },
    read: events.read,
    write: events.write,
    storedData: events.storedData,
    /** What a list search looks in: `searchOn` and the party's name. */
    search: { ...({ fields: config.searchOn, refs: { [party.field]: party.singular } } as SearchSpec<N | T | P>), amounts: ['totalAmount', 'balanceDue'] } as SearchSpec,
    streamOf: (id: number) => `${config.stream}-${id}`,
    /** The claim on a number (DESIGN §4 reservation), per party or business-wide. */
    numberStream: (partyId: number, number: string) =>
      `${config.stream}-number:${config.numberUnique === 'party' ? `${partyId}:` : ''}${number.trim().toLowerCase()}`,
  };
};
