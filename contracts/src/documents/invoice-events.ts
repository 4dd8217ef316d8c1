import { z } from 'zod';

import { DateString, Id, MoneyString } from './amounts';
import { ANSWERS, type InvoiceChange, type InvoiceData, type InvoiceDocumentConfig, type Lodged, NOTE_TYPES, TAX_MODES } from './invoice-kind';
import { InvoiceLineSchema } from './lines';

/** Reads a named property of a parsed object (the party's field, a text). */
const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const Text = z.string();
const NullableText = Text.nullable();

const LodgedSchema = z.object({ total: MoneyString, lines: z.array(z.object({ lineNo: z.number().int().positive(), quantity: z.string() })) });
// Version 3 says what a note lodges (null for money alone); version 2 has no `lodged`: a note's
// credit then was its whole total, and no line named; version 1 is keyed by the settlement's id.
const allocationV3 = z.object({ id: Id, by: z.string(), amount: MoneyString, as: z.enum(['paid', 'credited']), lodged: LodgedSchema.nullable() });
const allocationV2 = z.object({ id: Id, by: z.string(), amount: MoneyString, as: z.enum(['paid', 'credited']) });
const allocationV1 = z.object({ id: Id, settlementId: Id, amount: MoneyString });
const releaseV2 = z.object({ id: Id, by: z.string() });
const releaseV1 = z.object({ id: Id, settlementId: Id });

const StoredSource = z.object({ stream: z.string(), id: Id, number: z.string() });
const ConvertedV1 = z.object({ id: Id, by: z.string(), number: z.string(), lines: z.array(z.object({ lineNo: z.number().int().positive(), quantity: z.string() })) });

const StoredInvoice = z.looseObject({
  id: Id,
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
  noteType: z.enum(NOTE_TYPES).nullable().optional(),
  openingOn: DateString.nullable().optional(),
  answer: z.enum(ANSWERS).nullable().optional(),
  source: StoredSource.nullable().optional(),
  category: z.string().optional(),
  repeatMonthly: z.boolean().optional(),
  repeatOf: Id.nullable().optional(),
});

type EventConfig = Pick<InvoiceDocumentConfig<string, string, string, string, string, string, false | undefined, string>, 'events' | 'party' | 'numberField' | 'dateField' | 'texts' | 'against' | 'settledByStream' | 'opening' | 'answers' | 'due' | 'converts' | 'category' | 'repeats'>;

/**
 * An invoice document's events (DESIGN §4): the stored shape under the kind's own names, read
 * back by kind, older versions upcast on read (events are never rewritten).
 */
export const invoiceEvents = (config: EventConfig) => {
  const { party, numberField, dateField, against } = config;
  const dueField = config.due?.field ?? 'dueDate';
  const names = {
    recorded: `${config.events}Recorded`,
    revised: `${config.events}Revised`,
    allocated: `${config.events}Allocated`,
    released: `${config.events}AllocationReleased`,
    converted: `${config.events}Converted`,
    unconverted: `${config.events}ConversionReleased`,
  } as const;
  // Only a kind that converts has conversion events.
  const types: readonly string[] = Object.values(names).filter((t) => config.converts || (t !== names.converted && t !== names.unconverted));

  /** The stored data of a recorded or revised event → the domain's view (older events default). */
  const readData = (stored: unknown): InvoiceData => {
    const raw = StoredInvoice.parse(stored);
    return {
      id: raw.id,
      partyId: Id.parse(fieldOf(raw, party.field)),
      number: Text.parse(fieldOf(raw, numberField)),
      date: DateString.parse(fieldOf(raw, dateField)),
      dueDate: DateString.nullable().parse(fieldOf(raw, dueField) ?? null),
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
      ...(against ? { noteType: raw.noteType ?? null } : {}),
      ...(config.opening ? { openingOn: raw.openingOn ?? null } : {}),
      ...(config.answers ? { answer: raw.answer ?? null } : {}),
      ...(against ? {} : { source: raw.source ?? null }),
      ...(config.category ? { category: raw.category ?? null } : {}),
      ...(config.repeats ? { repeatMonthly: raw.repeatMonthly ?? false, repeatOf: raw.repeatOf ?? null } : {}),
      lines: raw.lines,
    };
  };

  /** The domain's view → the stored (and answered) shape, under the document's own field names. */
  const storedData = (d: InvoiceData) => ({
    id: d.id,
    [party.field]: d.partyId,
    [numberField]: d.number,
    [dateField]: d.date,
    [dueField]: d.dueDate,
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
    ...(against ? { [against.field]: d.againstId, againstNumber: d.againstNumber, noteType: d.noteType ?? null } : {}),
    ...d.texts,
    ...(config.opening ? { openingOn: d.openingOn ?? null } : {}),
    ...(config.answers ? { answer: d.answer ?? null } : {}),
    // Only a converted document says where it came from (older events stay as they were).
    ...(d.source ? { source: d.source } : {}),
    ...(config.category ? { category: d.category ?? null } : {}),
    ...(config.repeats ? { repeatMonthly: d.repeatMonthly ?? false, repeatOf: d.repeatOf ?? null } : {}),
    active: d.active,
    lines: d.lines,
  });

  /** A version 2 share: a credit was a note's, its whole total lodged and no line named. */
  const lodgedOf = (amount: string, as: 'paid' | 'credited'): Lodged | null => (as === 'credited' ? { total: amount, lines: [] } : null);

  const Envelope = z.object({ type: z.string(), data: z.unknown() });
  const readEvent = (stored: unknown): InvoiceChange | null => {
    const { type, data: raw } = Envelope.parse(stored);
    switch (type) {
      case names.recorded:
        return { kind: 'recorded', data: readData(raw) };
      case names.revised:
        return { kind: 'revised', data: readData(raw) };
      case names.allocated: {
        const v3 = allocationV3.safeParse(raw);
        if (v3.success) return { kind: 'allocated', ...v3.data };
        const v2 = allocationV2.safeParse(raw);
        if (v2.success) return { kind: 'allocated', ...v2.data, lodged: lodgedOf(v2.data.amount, v2.data.as) };
        const v1 = allocationV1.parse(raw);
        return { kind: 'allocated', id: v1.id, by: `${config.settledByStream}-${v1.settlementId}`, amount: v1.amount, as: 'paid', lodged: null };
      }
      case names.released: {
        const v2 = releaseV2.safeParse(raw);
        if (v2.success) return { kind: 'released', ...v2.data };
        const v1 = releaseV1.parse(raw);
        return { kind: 'released', id: v1.id, by: `${config.settledByStream}-${v1.settlementId}` };
      }
      case names.converted:
        return config.converts ? { kind: 'converted', ...ConvertedV1.parse(raw) } : null;
      case names.unconverted:
        return config.converts ? { kind: 'unconverted', ...releaseV2.parse(raw) } : null;
      default:
        return null;
    }
  };

  // The list and the stock movements read the same events of a batch: each is parsed once.
  const readOnce = new WeakMap<object, InvoiceChange | null>();
  /** Reads a stored event by kind; older allocations are upcast. Null for another document's event. */
  const read = (stored: unknown): InvoiceChange | null => {
    if (typeof stored !== 'object' || stored === null) return readEvent(stored);
    const known = readOnce.get(stored);
    if (known !== undefined) return known;
    const change = readEvent(stored);
    readOnce.set(stored, change);
    return change;
  };

  /** The stored form of a change (allocations in their third version). */
  const write = (change: InvoiceChange): { readonly type: string; readonly data: unknown } => {
    switch (change.kind) {
      case 'recorded':
      case 'revised':
        return { type: names[change.kind], data: storedData(change.data) };
      case 'allocated':
        return { type: names.allocated, data: { id: change.id, by: change.by, amount: change.amount, as: change.as, lodged: change.lodged } };
      case 'released':
        return { type: names.released, data: { id: change.id, by: change.by } };
      case 'converted':
        return { type: names.converted, data: { id: change.id, by: change.by, number: change.number, lines: change.lines } };
      case 'unconverted':
        return { type: names.unconverted, data: { id: change.id, by: change.by } };
    }
  };

  return { names, types, read, write, storedData };
};
