import { z } from 'zod';

import { PAYMENT_METHODS } from '../constants';
import { optionalDateInput, optionalTextInput, requiredTextInput, TEXT_MAX } from '../fields';
import { DateString, Id, MoneyString, reference, requiredMoney } from './amounts';
import type { InvoiceDocument, PartyConfig } from './invoice-document';
import type { SearchSpec } from '../entity';
import { keyed, keyedAll } from './keyed';

export interface SettlementDocumentConfig<P extends string, D extends string, A extends string, T extends string> {
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
  /** A line's amount: `paidAmount` ('Paid amount is required'), `receivedAmount`. */
  readonly lineAmount: { readonly field: A; readonly label: string; readonly missing: string };
  readonly texts: readonly T[];
  /** The fields a list search looks in, besides the party's name (SEED-SPEC list screens). */
  readonly searchOn: readonly (T | 'paymentMethod')[];
  /** The invoices it settles. */
  readonly invoices: InvoiceDocument;
}

const METHODS = PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]];

/**
 * A document that settles invoices (vendor payment, receipt; DESIGN §4): its lines allocate
 * money to invoices of the same party, atomically with the document itself.
 */
export const settlementDocument = <const P extends string, const D extends string, const A extends string, const T extends string>(
  config: SettlementDocumentConfig<P, D, A, T>,
) => {
  const { party, lineAmount } = config;
  const lineBody = z.object({
    invoiceId: reference('Please select an invoice'),
    ...keyed(lineAmount.field, requiredMoney(lineAmount.label, lineAmount.missing, { positive: true })),
    /** Ignored: the server takes them from the invoice. */
    invoiceNumber: z.unknown().optional(),
    invoiceAmount: z.unknown().optional(),
  });
  const body = z.object({
    ...keyed(party.field, reference(party.missing)),
    /** Blank → today in India. */
    ...keyed(config.dateField, optionalDateInput()),
    paymentMethod: z.enum(METHODS, { error: 'Please select a payment method' }),
    // A reference number is short (a cheque or UTR number); notes and descriptions may be long.
    ...keyedAll(config.texts, (name) => optionalTextInput(name === 'referenceNumber' ? TEXT_MAX.reference : TEXT_MAX.long)),
    active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
    /** Empty: a direct payment of `amount`, settling no invoice. */
    lines: z.array(lineBody).max(500, 'At most 500 lines').optional().default([]),
    /** Only without lines; with lines the total is their sum. */
    amount: z.unknown().optional(),
    /** What a GET answers for the same amount: taken as `amount` when that is not given. */
    totalAmount: z.unknown().optional(),
  });
  const line = z.object({
    lineNo: z.number().int().positive(),
    invoiceId: Id,
    invoiceNumber: z.string(),
    invoiceAmount: MoneyString,
    ...keyed(lineAmount.field, MoneyString),
  });
  const data = z.object({
    id: Id,
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
  const summary = data.extend({ invoiceId: Id.nullable(), voidReason: z.string().nullable() });
  const record = summary.extend({ lines: z.array(line) });
  const recorded = data.extend({ lines: z.array(line) });
  const names = { recorded: `${config.events}Recorded`, revised: `${config.events}Revised`, voided: `${config.events}Voided` } as const;
  const event = z.discriminatedUnion('type', [
    z.object({ type: z.literal(names.recorded), data: recorded }),
    z.object({ type: z.literal(names.revised), data: recorded }),
    /** Voided for good: its allocations are released in the same append. */
    z.object({ type: z.literal(names.voided), data: z.object({ id: Id, reason: z.string() }) }),
  ]);
  return {
    ...config,
    body,
    summary,
    record,
    line,
    events: { names, event, types: Object.values(names) as string[], recorded },
    /** What a list search looks in: `searchOn`, the party's name, and the method's label. */
    search: {
      ...({ fields: config.searchOn, refs: { [config.party.field]: config.party.singular } } as SearchSpec<T | 'paymentMethod' | P>),
      labels: { paymentMethod: PAYMENT_METHODS },
    },
    streamOf: (id: number) => `${config.stream}-${id}`,
  };
};

/** The amount of a direct payment or receipt (no lines). */
export const DirectAmountSchema = requiredMoney('Amount', 'Amount is required without invoice lines', { positive: true });

/** Any settlement document, its types erased to what the shared machinery needs. */
export interface SettlementDocument {
  readonly module: string;
  readonly plural: string;
  readonly label: string;
  readonly path: string;
  readonly stream: string;
  readonly listTable: string;
  readonly party: PartyConfig<string>;
  readonly dateField: string;
  readonly lineAmount: { readonly field: string; readonly label: string; readonly missing: string };
  readonly texts: readonly string[];
  readonly search: SearchSpec;
  readonly invoices: InvoiceDocument;
  readonly body: z.ZodType<SettlementBodyView>;
  readonly summary: z.ZodType;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
  readonly events: {
    readonly names: { readonly recorded: string; readonly revised: string; readonly voided: string };
    readonly event: z.ZodType<{ type: string; data: unknown }>;
    readonly types: readonly string[];
  };
  streamOf(id: number): string;
}

/** Why a payment or receipt is voided: said in the form, kept in its history. */
export const VoidBodySchema = z.object({ reason: requiredTextInput('Please give a reason', TEXT_MAX.short) });
export type VoidBody = z.output<typeof VoidBodySchema>;

/** A settlement event, read by kind (what the decider, the projection and the history fold). */
export type SettlementChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: SettlementData }
  | { readonly kind: 'voided'; readonly id: number; readonly reason: string };

/** Reads a stored event through the document's schema; null for another document's event. */
export const readSettlementEvent = (doc: SettlementDocument, stored: { type: string; data: unknown }): SettlementChange | null => {
  if (!doc.events.types.includes(stored.type)) return null;
  const { type, data } = doc.events.event.parse(stored);
  const { names } = doc.events;
  if (type === names.voided) {
    const voided = data as { id: number; reason: string };
    return { kind: 'voided', id: voided.id, reason: voided.reason };
  }
  return { kind: type === names.recorded ? 'recorded' : 'revised', data: data as SettlementData };
};

/** The stored form of a change. */
export const settlementEvent = (doc: SettlementDocument, change: SettlementChange) =>
  change.kind === 'voided'
    ? { type: doc.events.names.voided, data: { id: change.id, reason: change.reason } }
    : { type: doc.events.names[change.kind], data: change.data };

export type SettlementBodyView = {
  readonly paymentMethod: string;
  readonly active: boolean;
  readonly lines: readonly ({ readonly invoiceId: number } & Readonly<Record<string, unknown>>)[];
  readonly amount?: unknown;
  readonly totalAmount?: unknown;
} & Readonly<Record<string, unknown>>;

/** A settlement as recorded: the party and date under their own names, lines with their amounts. */
export type SettlementData = {
  readonly id: number;
  readonly paymentMethod: string;
  readonly totalAmount: string;
  readonly active: boolean;
  readonly lines: readonly ({ readonly lineNo: number; readonly invoiceId: number; readonly invoiceNumber: string; readonly invoiceAmount: string } & Readonly<Record<string, unknown>>)[];
} & Readonly<Record<string, unknown>>;
