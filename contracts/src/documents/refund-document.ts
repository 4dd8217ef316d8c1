import { z } from 'zod';

import { PAYMENT_METHODS } from '../constants';
import type { SearchSpec } from '../entity';
import { optionalDateInput, optionalTextInput, serverFilledInput, TEXT_MAX } from '../fields';
import { DateString, Id, MoneyString, reference, requiredMoney } from './amounts';
import type { InvoiceDocument, PartyConfig } from './invoice-kind';
import { keyed, keyedAll } from './keyed';
import type { DocumentSeries } from './series';
import type { SettlementDocument } from './settlement-kind';

export interface RefundDocumentConfig<P extends string, D extends string, T extends string, N extends string, Q extends string = string> {
  readonly module: string;
  readonly plural: string;
  /** 'Refund', 'Vendor refund'. */
  readonly label: string;
  readonly path: string;
  readonly stream: string;
  readonly events: string;
  readonly listTable: string;
  readonly party: PartyConfig<P>;
  readonly side: 'sales' | 'purchase';
  /** `refundDate`. */
  readonly dateField: D;
  /** `refundNumber`: the next of its series (`RFD/2026-27/0001`), given by the server. */
  readonly numberField: N;
  readonly numberLabel: string;
  readonly series: DocumentSeries<Q>;
  readonly texts: readonly T[];
  readonly searchOn: readonly (T | 'paymentMethod')[];
  /** Money out to the party (a customer's refund) or in from it (a vendor's refund to us). */
  readonly money: 'in' | 'out';
  /** The credits its lines draw from: the party's notes, and its payments' or receipts' advances. */
  readonly sources: { readonly notes: InvoiceDocument; readonly settlements: SettlementDocument };
  /** 'Choose a credit note or receipt of this customer'. */
  readonly sourceMissing: string;
}

/** A line of a refund: the credit it draws from (its stream and number) and how much. */
export interface RefundLine {
  readonly lineNo: number;
  readonly source: string;
  readonly sourceNumber: string;
  readonly amount: string;
}

export interface RefundData {
  readonly id: number;
  readonly number: string | null;
  readonly partyId: number;
  readonly date: string;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly totalAmount: string;
  readonly active: boolean;
  readonly lines: readonly RefundLine[];
}

export type RefundChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: RefundData }
  | { readonly kind: 'voided'; readonly id: number; readonly reason: string };

export interface RefundBody {
  readonly partyId: number;
  readonly date: string | null;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly lines: readonly { readonly source: string; readonly amount: string }[];
}

const METHODS = PAYMENT_METHODS.map((m) => m.value);
const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const NullableText = z.string().nullable();
const Envelope = z.object({ type: z.string(), data: z.unknown() });
const escape = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/**
 * Money paid back to a party out of its credit (sales: a customer refund, money out, Dr Sundry
 * Debtors / Cr Cash or Bank; purchase: a vendor's refund, money in, Dr Cash or Bank / Cr Sundry
 * Creditors). Its lines name the credits it draws from — a note's unapplied credit, a receipt's
 * or payment's advance — whose own deciders refuse more than is unapplied, in the same append.
 * Voided (with a reason) or made inactive, it draws nothing.
 */
export const refundDocument = <const P extends string, const D extends string, const T extends string, const N extends string, const Q extends string>(config: RefundDocumentConfig<P, D, T, N, Q>) => {
  const { party, sources } = config;
  const sourcePattern = new RegExp(`^(${escape(sources.notes.stream)}|${escape(sources.settlements.stream)})-[1-9]\\d{0,9}$`);
  const lineBody = z.object({
    /** The credit's stream: `credit-note-3`, `receipt-12`. */
    source: z.string({ error: config.sourceMissing }).max(60, config.sourceMissing).regex(sourcePattern, config.sourceMissing),
    amount: requiredMoney('Amount', 'Amount is required', { positive: true }),
    /** Ignored: the server takes it from the credit. */
    sourceNumber: serverFilledInput("The credit's number, taken from the credit; a value sent is ignored"),
  });
  const header = z.object({
    [party.field]: reference(party.missing),
    /** Blank → today in India. */
    [config.dateField]: optionalDateInput(),
    ...Object.fromEntries(config.texts.map((t) => [t, optionalTextInput(t === 'referenceNumber' ? TEXT_MAX.reference : TEXT_MAX.long)])),
    paymentMethod: z.enum(METHODS, { error: 'Please select a payment method' }),
    active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
  });
  const body = header
    .extend({ lines: z.array(lineBody, { error: 'At least one credit is required' }).min(1, 'At least one credit is required').max(500, 'At most 500 lines') })
    .transform(
      (input): RefundBody => ({
        partyId: Id.parse(fieldOf(input, party.field)),
        date: NullableText.parse(fieldOf(input, config.dateField) ?? null),
        paymentMethod: input.paymentMethod,
        texts: Object.fromEntries(config.texts.map((t) => [t, NullableText.parse(fieldOf(input, t) ?? null)])),
        active: input.active,
        lines: input.lines.map((l) => ({ source: l.source, amount: l.amount })),
      }),
    );
  const line = z.object({ lineNo: z.number().int().positive(), source: z.string(), sourceNumber: z.string(), amount: MoneyString });
  const data = z.object({
    id: Id,
    ...keyed(config.numberField, z.string().nullable()),
    ...keyed(party.field, Id),
    ...keyed(config.dateField, DateString),
    paymentMethod: z.enum(METHODS),
    ...keyedAll(config.texts, () => z.string().nullable()),
    totalAmount: MoneyString,
    active: z.boolean(),
  });
  /** `voidReason`: why it was voided (then it draws nothing and is not active), or null. */
  const summary = data.extend({ voidReason: z.string().nullable() });
  const record = summary.extend({ lines: z.array(line) });
  const names = { recorded: `${config.events}Recorded`, revised: `${config.events}Revised`, voided: `${config.events}Voided` } as const;

  const Stored = z.looseObject({ id: Id, paymentMethod: z.string(), totalAmount: MoneyString, active: z.boolean(), lines: z.array(line) });
  const Voided = z.object({ id: Id, reason: z.string() });
  const readData = (stored: unknown): RefundData => {
    const raw = Stored.parse(stored);
    return {
      id: raw.id,
      number: NullableText.parse(fieldOf(raw, config.numberField) ?? null),
      partyId: Id.parse(fieldOf(raw, party.field)),
      date: DateString.parse(fieldOf(raw, config.dateField)),
      paymentMethod: raw.paymentMethod,
      texts: Object.fromEntries(config.texts.map((t) => [t, NullableText.parse(fieldOf(raw, t) ?? null)])),
      totalAmount: raw.totalAmount,
      active: raw.active,
      lines: raw.lines,
    };
  };
  const storedData = (d: RefundData) => ({
    id: d.id,
    [config.numberField]: d.number,
    [party.field]: d.partyId,
    [config.dateField]: d.date,
    paymentMethod: d.paymentMethod,
    ...d.texts,
    totalAmount: d.totalAmount,
    active: d.active,
    lines: d.lines,
  });
  const read = (stored: unknown): RefundChange | null => {
    const { type, data: raw } = Envelope.parse(stored);
    if (type === names.recorded) return { kind: 'recorded', data: readData(raw) };
    if (type === names.revised) return { kind: 'revised', data: readData(raw) };
    if (type === names.voided) return { kind: 'voided', ...Voided.parse(raw) };
    return null;
  };
  const write = (change: RefundChange): { readonly type: string; readonly data: unknown } =>
    change.kind === 'voided' ? { type: names.voided, data: { id: change.id, reason: change.reason } } : { type: names[change.kind], data: storedData(change.data) };
  const types: readonly string[] = Object.values(names);

  return {
    ...config,
    header,
    body,
    summary,
    record,
    line,
    /** A line as a body sends it. */
    lineInput: lineBody,
    events: { names, types },
    read,
    write,
    storedData,
    search: { fields: [config.numberField, ...config.searchOn], refs: { [party.field]: party.singular }, amounts: ['totalAmount'], labels: { paymentMethod: PAYMENT_METHODS } } as SearchSpec,
    streamOf: (id: number) => `${config.stream}-${id}`,
    /** Which kind of credit a line's source is. */
    sourceKind: (source: string): 'note' | 'settlement' => (source.startsWith(`${sources.notes.stream}-`) ? 'note' : 'settlement'),
  };
};

/** Any refund document, its types erased to what the shared machinery needs. */
export interface RefundDocument {
  readonly module: string;
  readonly plural: string;
  readonly label: string;
  readonly path: string;
  readonly stream: string;
  readonly listTable: string;
  readonly party: PartyConfig<string>;
  readonly side: 'sales' | 'purchase';
  readonly money: 'in' | 'out';
  readonly dateField: string;
  readonly numberField: string;
  readonly numberLabel: string;
  readonly series: DocumentSeries;
  readonly texts: readonly string[];
  readonly search: SearchSpec;
  readonly sources: { readonly notes: InvoiceDocument; readonly settlements: SettlementDocument };
  /** The header as the form checks it: the form's values in. */
  readonly header: z.ZodType<unknown, Record<string, unknown>>;
  readonly body: z.ZodType<RefundBody>;
  /** A list entry as answered: an object of the kind's fields. */
  readonly summary: z.ZodType<Readonly<Record<string, unknown>>>;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
  readonly events: { readonly names: { readonly recorded: string; readonly revised: string; readonly voided: string }; readonly types: readonly string[] };
  read(stored: unknown): RefundChange | null;
  write(change: RefundChange): { readonly type: string; readonly data: unknown };
  storedData(data: RefundData): { readonly id: number } & Readonly<Record<string, unknown>>;
  streamOf(id: number): string;
  sourceKind(source: string): 'note' | 'settlement';
}
