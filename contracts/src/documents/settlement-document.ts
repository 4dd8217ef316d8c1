import { z } from 'zod';

import { PAYMENT_METHODS } from '../constants';
import type { SearchSpec } from '../entity';
import { optionalDateInput, optionalTextInput, requiredTextInput, serverFilledInput, TEXT_MAX, uncheckedMoneyInput } from '../fields';
import { DateString, Id, MoneyString, reference, requiredMoney } from './amounts';
import type { InvoiceDocument, PartyConfig } from './invoice-kind';
import { keyed, keyedAll } from './keyed';
import type { DocumentSeries } from './series';

export interface SettlementDocumentConfig<P extends string, D extends string, A extends string, T extends string, N extends string, Q extends string = string> {
  readonly module: string;
  readonly plural: string;
  /** 'Payment', 'Receipt'. */
  readonly label: string;
  readonly path: string;
  readonly stream: string;
  readonly events: string;
  readonly listTable: string;
  readonly party: PartyConfig<P>;
  /** `paymentDate`, `receiptDate`. */
  readonly dateField: D;
  /**
   * `receiptNumber`, `paymentNumber`: the next of the business's series for this kind
   * (`RCT/2026-27/0001`), taken in the same append as the document, so a refused attempt uses
   * up no number. Read-only (the server gives it); null on documents recorded before series.
   */
  readonly numberField: N;
  readonly numberLabel: string;
  /** The business profile's prefix of the series. */
  readonly series: DocumentSeries<Q>;
  /** A line's amount: `paidAmount` ('Paid amount is required'), `receivedAmount`. */
  readonly lineAmount: { readonly field: A; readonly label: string; readonly missing: string };
  readonly texts: readonly T[];
  /** The fields a list search looks in, besides the party's name (SEED-SPEC list screens). */
  readonly searchOn: readonly (T | 'paymentMethod')[];
  /** The invoices it settles. */
  readonly invoices: InvoiceDocument;
}

const METHODS = PAYMENT_METHODS.map((m) => m.value);

/** A line of a payment or receipt as the domain sees it (its amount under a fixed name). */
export interface SettlementLine {
  readonly lineNo: number;
  readonly invoiceId: number;
  readonly invoiceNumber: string;
  readonly invoiceAmount: string;
  readonly amount: string;
}

/** A payment or receipt as recorded, under fixed names. */
export interface SettlementData {
  readonly id: number;
  readonly number: string | null;
  readonly partyId: number;
  readonly date: string;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly totalAmount: string;
  readonly active: boolean;
  readonly lines: readonly SettlementLine[];
}

/**
 * A settlement event, read by kind (what the decider, the projection and the history fold). Its
 * money beyond its lines (an advance) may be drawn by a refund: `allocated`, keyed by that
 * refund's stream, and `released` when the refund no longer draws it.
 */
export type SettlementChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: SettlementData }
  | { readonly kind: 'voided'; readonly id: number; readonly reason: string }
  | { readonly kind: 'allocated'; readonly id: number; readonly by: string; readonly amount: string }
  | { readonly kind: 'released'; readonly id: number; readonly by: string };

/** What a person or integrator sends, as the command reads it. */
export interface SettlementBody {
  readonly partyId: number;
  readonly date: string | null;
  readonly paymentMethod: string;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly lines: readonly { readonly invoiceId: number; readonly amount: string }[];
  /** A direct payment's amount (`amount`, or `totalAmount` as a GET answers it), checked by the command. */
  readonly amount: unknown;
}

const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const NullableText = z.string().nullable();
const Envelope = z.object({ type: z.string(), data: z.unknown() });

/**
 * A document that settles invoices (vendor payment, receipt; DESIGN §4): its lines allocate
 * money to invoices of the same party, atomically with the document itself.
 */
export const settlementDocument = <const P extends string, const D extends string, const A extends string, const T extends string, const N extends string, const Q extends string>(
  config: SettlementDocumentConfig<P, D, A, T, N, Q>,
) => {
  const { party, lineAmount } = config;
  const lineBody = z.object({
    invoiceId: reference('Please select an invoice'),
    ...keyed(lineAmount.field, requiredMoney(lineAmount.label, lineAmount.missing, { positive: true })),
    /** Ignored: the server takes them from the invoice. */
    invoiceNumber: serverFilledInput("The invoice's number, taken from the invoice; a value sent is ignored"),
    invoiceAmount: serverFilledInput("The invoice's total, taken from the invoice; a value sent is ignored"),
  });
  const header = z.object({
    [party.field]: reference(party.missing),
    /** Blank → today in India. */
    [config.dateField]: optionalDateInput(),
    // A reference number is short (a cheque or UTR number); notes and descriptions may be long.
    ...Object.fromEntries(config.texts.map((t) => [t, optionalTextInput(t === 'referenceNumber' ? TEXT_MAX.reference : TEXT_MAX.long)])),
    paymentMethod: z.enum(METHODS, { error: 'Please select a payment method' }),
    active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
    /**
     * The money received or paid. Without lines it is needed; with lines it is at least their
     * total (blank: their total), and the rest is kept as an advance, applied or refunded later.
     */
    amount: uncheckedMoneyInput('The money received or paid; blank: the lines\' total. At least the lines\' total; the rest is an advance'),
    /** What a GET answers for the same amount: taken as `amount` when that is not given. */
    totalAmount: uncheckedMoneyInput('What a GET answers for the amount: taken as `amount` when that is not given'),
  });
  const body = header
    .extend({
      /** Empty: a direct payment of `amount`, settling no invoice. */
      lines: z.array(lineBody).max(500, 'At most 500 lines').optional().default([]),
    })
    .transform(
      (input): SettlementBody => ({
        partyId: Id.parse(fieldOf(input, party.field)),
        date: NullableText.parse(fieldOf(input, config.dateField) ?? null),
        paymentMethod: input.paymentMethod,
        texts: Object.fromEntries(config.texts.map((t) => [t, NullableText.parse(fieldOf(input, t) ?? null)])),
        active: input.active,
        lines: input.lines.map((line) => ({ invoiceId: Id.parse(fieldOf(line, 'invoiceId')), amount: MoneyString.parse(fieldOf(line, lineAmount.field)) })),
        amount: input.amount ?? input.totalAmount,
      }),
    );
  const line = z.object({
    lineNo: z.number().int().positive(),
    invoiceId: Id,
    invoiceNumber: z.string(),
    invoiceAmount: MoneyString,
    ...keyed(lineAmount.field, MoneyString),
  });
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
  /**
   * `invoiceId`: the first line's invoice (the seed's cards show one), or null. `voidReason`:
   * why it was voided (then it settles nothing and is not active), or null.
   */
  const summary = data.extend({
    invoiceId: Id.nullable(),
    voidReason: z.string().nullable(),
    /** What its lines settle. */
    appliedAmount: MoneyString,
    /** Drawn by refunds. */
    refundedAmount: MoneyString,
    /** Neither on its lines nor refunded: an advance or on account (none while inactive). */
    unappliedAmount: MoneyString,
  });
  const record = summary.extend({ lines: z.array(line), refunds: z.array(z.object({ by: z.string(), amount: MoneyString })) });
  const names = {
    recorded: `${config.events}Recorded`,
    revised: `${config.events}Revised`,
    voided: `${config.events}Voided`,
    allocated: `${config.events}Allocated`,
    released: `${config.events}AllocationReleased`,
  } as const;
  const types: readonly string[] = Object.values(names);

  const StoredLine = z.looseObject({ lineNo: z.number().int().positive(), invoiceId: Id, invoiceNumber: z.string(), invoiceAmount: MoneyString });
  const Stored = z.looseObject({ id: Id, paymentMethod: z.string(), totalAmount: MoneyString, active: z.boolean(), lines: z.array(StoredLine) });
  const Voided = z.object({ id: Id, reason: z.string() });
  const Drawn = z.object({ id: Id, by: z.string(), amount: MoneyString });
  const Released = z.object({ id: Id, by: z.string() });

  const readData = (stored: unknown): SettlementData => {
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
      lines: raw.lines.map((l) => ({ lineNo: l.lineNo, invoiceId: l.invoiceId, invoiceNumber: l.invoiceNumber, invoiceAmount: l.invoiceAmount, amount: MoneyString.parse(fieldOf(l, lineAmount.field)) })),
    };
  };

  /** The domain's view → the stored (and answered) shape, under the document's own field names. */
  const storedData = (d: SettlementData) => ({
    id: d.id,
    [config.numberField]: d.number,
    [party.field]: d.partyId,
    [config.dateField]: d.date,
    paymentMethod: d.paymentMethod,
    ...d.texts,
    totalAmount: d.totalAmount,
    active: d.active,
    lines: d.lines.map((l) => ({ lineNo: l.lineNo, invoiceId: l.invoiceId, invoiceNumber: l.invoiceNumber, invoiceAmount: l.invoiceAmount, [lineAmount.field]: l.amount })),
  });

  const read = (stored: unknown): SettlementChange | null => {
    const { type, data: raw } = Envelope.parse(stored);
    switch (type) {
      case names.recorded:
        return { kind: 'recorded', data: readData(raw) };
      case names.revised:
        return { kind: 'revised', data: readData(raw) };
      case names.voided:
        return { kind: 'voided', ...Voided.parse(raw) };
      case names.allocated:
        return { kind: 'allocated', ...Drawn.parse(raw) };
      case names.released:
        return { kind: 'released', ...Released.parse(raw) };
      default:
        return null;
    }
  };

  const write = (change: SettlementChange): { readonly type: string; readonly data: unknown } => {
    switch (change.kind) {
      case 'voided':
        return { type: names.voided, data: { id: change.id, reason: change.reason } };
      case 'allocated':
        return { type: names.allocated, data: { id: change.id, by: change.by, amount: change.amount } };
      case 'released':
        return { type: names.released, data: { id: change.id, by: change.by } };
      default:
        return { type: names[change.kind], data: storedData(change.data) };
    }
  };
  const side = config.invoices.side;

  return {
    ...config,
    side,
    /** Money in from the party (a receipt) or out to it (a payment). */
    money: side === 'sales' ? ('in' as const) : ('out' as const),
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
    /** What a list search looks in: `searchOn`, the party's name, and the method's label. */
    search: {
      ...({ fields: [config.numberField, ...config.searchOn], refs: { [config.party.field]: config.party.singular } } as SearchSpec),
      amounts: ['totalAmount'],
      labels: { paymentMethod: PAYMENT_METHODS },
    },
    streamOf: (id: number) => `${config.stream}-${id}`,
  };
};

/** The amount of a direct payment or receipt (no lines). */
export const DirectAmountSchema = requiredMoney('Amount', 'Amount is required without invoice lines', { positive: true });

/** Why a payment or receipt is voided: said in the form, kept in its history. */
export const VoidBodySchema = z.object({ reason: requiredTextInput('Please give a reason', TEXT_MAX.short) });
export type VoidBody = z.output<typeof VoidBodySchema>;
