import {
  type AllocationKind,
  type Business,
  compareMoney,
  type Converted,
  conflict,
  dueDateFrom,
  indiaDate,
  type InvoiceBody,
  type InvoiceChange,
  type InvoiceData,
  type InvoiceDocument,
  type InvoiceLine,
  legacyNoteCredit,
  type Lodged,
  MONEY_LIMIT,
  notFound,
  placeOfSupplyLabel,
  priceDocument,
  rupees,
  subtractMoney,
  sumMoney,
  type TaxMode,
  toMoney,
  validationError,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';
import { type Asked, checkRevisionUnderConversions, checkSource, convert, markStockMoved, type SourceContext } from './conversions';
import { checkLodge, checkRevisionUnderNotes, returnedLines, type Share } from './returns';

export type { Share } from './returns';

export type InvoiceState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'recorded';
      readonly invoice: InvoiceData;
      /** The settling document's stream (`receipt-12`, `credit-note-3`) → its share. */
      readonly allocations: Readonly<Record<string, Share>>;
      /** A kind that converts: the stream of each document made from it → the lines it took. */
      readonly conversions: Readonly<Record<string, Converted>>;
    };

/** What the command read before deciding (DESIGN: the decision stays pure). */
export interface InvoiceContext {
  /** The business's profile (its state, GSTIN, taxpayer type); null until it is set. */
  readonly business: Pick<Business, 'state' | 'gstin' | 'taxpayerType'> | null;
  /** The party's GSTIN: its state decides the supply. */
  readonly partyGstin: string | null;
  /** The number: as sent, or the next of the business's series. */
  readonly number: string;
  /** A note: the invoice it is against, as it stands (null when it does not exist): its date, its place of supply (the note's), and the lines a return copies. */
  readonly against: {
    readonly id: number;
    readonly partyId: number;
    readonly number: string;
    readonly date: string;
    readonly placeOfSupply: string | null;
    readonly taxMode: TaxMode;
    readonly lines: readonly InvoiceLine[];
  } | null;
  /** The party's payment term in days (its days field, else read from its terms label); null for none. */
  readonly termDays: number | null;
  /** The document it is converted from, as read (null: typed afresh). */
  readonly source?: SourceContext | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-04-10' → '10 Apr 2026', for messages. */
const readable = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

export type InvoiceCommand =
  | Command<'Record', { readonly id: number; readonly body: InvoiceBody; readonly context: InvoiceContext }>
  | Command<'Revise', { readonly id: number; readonly body: InvoiceBody; readonly context: InvoiceContext }>
  | Command<
      'Allocate',
      {
        readonly id: number;
        /** The settling document's stream. */
        readonly by: string;
        readonly as: AllocationKind;
        readonly partyId: number;
        readonly amount: string;
        /** Where the amount was asked for: `lines.2.paidAmount`, or `lines` for a note's total. */
        readonly path: string;
      }
    >
  | Command<
      'Lodge',
      {
        readonly id: number;
        /** The note's stream. */
        readonly by: string;
        readonly partyId: number;
        /** Its total and returned quantities. */
        readonly lodged: Lodged;
        /** Its credit already refunded or applied elsewhere: not applied here. */
        readonly reserved: string;
      }
    >
  | Command<'Release', { readonly id: number; readonly by: string }>
  /** A document made from this one (`by`: its stream) takes these of its lines. */
  | Command<'Convert', { readonly id: number; readonly by: string; readonly number: string; readonly partyId: number; readonly asked: readonly Asked[] }>
  | Command<'Unconvert', { readonly id: number; readonly by: string }>;

export type InvoiceDecider = Decider<InvoiceState, InvoiceCommand, InvoiceChange>;

/**
 * An invoice-like document (DESIGN §4, §5): one stream with its lines in its events, and the
 * settling documents' shares, keyed by their streams. With GST it taxes each line by the place of
 * supply (CGST + SGST within the state, IGST across, nothing on a bill of supply) and rounds the
 * total to the rupee; by hand it takes the tax as typed (the seed's way). It refuses a share past
 * its total, so no race can overpay it, and a revision below what is already settled. An invoice
 * also holds its notes within what it invoiced (returns.ts); a note's own stream holds where its
 * credit went (its invoice, other invoices, refunds), within its total.
 */
export const invoiceDecider = (doc: InvoiceDocument): InvoiceDecider => {
  const partyWord = doc.party.label.toLowerCase();
  const noteWord = doc.label.toLowerCase();
  /** On a note: its own invoice's stream, where its credit is applied first. */
  const ownInvoice = (note: InvoiceData) => (doc.against && note.againstId !== null ? `${doc.against.stream}-${note.againstId}` : null);

  const recorded = (id: number, body: InvoiceBody, context: InvoiceContext, now: Date, previousDate?: string): InvoiceData => {
    const date = body.date ?? previousDate ?? indiaDate(now);
    const against = doc.against ? againstOf(body, context, date) : null;
    const invoicePlaceOfSupply = doc.side === 'sales' && against ? followedPlaceOfSupply(body, against) : null;
    if (doc.taxNeedsGstin && !context.partyGstin) untaxedFromUnregistered(body);
    const priced = priceDocument(doc.side, { ...body, invoicePlaceOfSupply, taxMode: taxModeOf(body, against), lines: linesOf(body, against) }, context.business, context.partyGstin);
    if (!priced) {
      const message = 'Set up your business (Settings: its state and GSTIN) before recording GST documents';
      throw validationError(message, [{ path: 'taxMode', message }]);
    }
    if (compareMoney(priced.totalAmount, MONEY_LIMIT) > 0) {
      throw validationError('The total cannot be above ₹1,000 crore', [{ path: 'lines', message: 'The total cannot be above ₹1,000 crore' }]);
    }
    const source = context.source ?? null;
    checkSource(doc, source, body.partyId, body.lines);
    const lines = body.noteType === 'return' ? priced.lines.map((l, i) => ({ ...l, invoiceLineNo: body.returned[i]!.invoiceLineNo })) : markStockMoved(doc, source, priced.lines);
    return {
      id,
      partyId: body.partyId,
      number: context.number,
      date,
      // Left blank, an invoice is due its party's payment term after its date; a note has no due date of its own.
      dueDate: body.dueDate ?? (doc.against || doc.owed === false ? null : dueDateFrom(date, context.termDays)),
      texts: body.texts,
      active: body.active,
      taxMode: taxModeOf(body, against),
      ...priced,
      lines,
      againstId: against?.id ?? null,
      againstNumber: against?.number ?? null,
      ...(doc.against ? { noteType: body.noteType } : {}),
      // A kind with opening items: this one is not (its own route records those).
      ...(doc.opening ? { openingOn: null } : {}),
      ...(doc.answers ? { answer: body.answer } : {}),
      ...(doc.against ? {} : { source: source && { stream: source.stream, id: source.id, number: source.number } }),
      ...(doc.category ? { category: body.category } : {}),
      // A monthly copy names its first (repeat.decider.ts), kept through revisions.
      ...(doc.repeats ? { repeatMonthly: body.repeatMonthly, repeatOf: null } : {}),
    };
  };

  /** A kind whose tax is input tax credit only from a registered supplier: none without the party's GSTIN (400). */
  const untaxedFromUnregistered = (body: InvoiceBody) => {
    const path = body.taxMode === 'gst' ? 'taxMode' : compareMoney(body.taxAmount, 0) !== 0 ? 'taxAmount' : null;
    const message = `This ${partyWord} has no GSTIN: an unregistered supplier's bill gives no input tax credit, so record it without tax (or add the ${partyWord}'s GSTIN)`;
    if (path) throw validationError(message, [{ path, message }]);
  };

  /** A return is taxed as its invoice was: its tax mode unless another is said (then refused). */
  const taxModeOf = (body: InvoiceBody, against: NonNullable<InvoiceContext['against']> | null): TaxMode => {
    if (body.noteType !== 'return' || !against) return body.taxMode ?? 'manual';
    if (body.taxMode !== null && body.taxMode !== against.taxMode) {
      const message = `A return is taxed as its invoice was (${against.taxMode === 'gst' ? 'GST on each line' : 'tax typed by hand'})`;
      throw validationError(message, [{ path: 'taxMode', message }]);
    }
    return against.taxMode;
  };

  /** A return's lines are its invoice's; anything else's as typed. */
  const linesOf = (body: InvoiceBody, against: NonNullable<InvoiceContext['against']> | null) =>
    body.noteType === 'return' && against ? returnedLines(body.returned, against) : body.lines;

  /** A note names an invoice of the same party that exists, and is not dated before it (nor numbered in an earlier year's series). */
  const againstOf = (body: InvoiceBody, context: InvoiceContext, date: string) => {
    const config = doc.against!;
    const invoice = context.against;
    if (!invoice || invoice.id !== body.againstId) throw validationError(`${config.label} ${body.againstId} not found`, [{ path: config.field, message: config.missing }]);
    if (invoice.partyId !== body.partyId) {
      const message = `${config.label} ${invoice.number} is not from this ${partyWord}`;
      throw validationError(message, [{ path: config.field, message }]);
    }
    if (date < invoice.date) {
      const message = `A ${doc.label.toLowerCase()} cannot be dated before its invoice: ${invoice.number} is dated ${readable(invoice.date)}`;
      throw validationError(message, [{ path: doc.dateField, message }]);
    }
    return invoice;
  };

  /**
   * A credit note adjusts its invoice's supply (CGST Act s.34), so it takes that invoice's place
   * of supply: left blank, the invoice's; typed, it must be the same (400 on placeOfSupply).
   */
  const followedPlaceOfSupply = (body: InvoiceBody, invoice: NonNullable<InvoiceContext['against']>) => {
    const typed = body.placeOfSupply;
    if (typed !== null && invoice.placeOfSupply !== null && typed !== invoice.placeOfSupply) {
      const message = `A ${doc.label.toLowerCase()} is taxed where its invoice was: ${invoice.number}'s place of supply is ${placeOfSupplyLabel(invoice.placeOfSupply)}`;
      throw validationError(message, [{ path: 'placeOfSupply', message }]);
    }
    return invoice.placeOfSupply;
  };

  /** A note recorded before note types: its share on its invoice, read from the note (legacyNoteCredit). */
  const withLegacyCredit = (allocations: Readonly<Record<string, Share>>, data: InvoiceData, previous: InvoiceData | null) => {
    const legacy = legacyNoteCredit(doc, data);
    if (!legacy) return allocations;
    const before = previous ? ownInvoice(previous) : null;
    const { [legacy.key]: _own, ...rest } = Object.fromEntries(Object.entries(allocations).filter(([key]) => key !== before));
    return legacy.amount === null ? rest : { ...rest, [legacy.key]: { amount: legacy.amount, as: 'credited' as const, lodged: null } };
  };

  const evolve = (state: InvoiceState, change: InvoiceChange): InvoiceState => {
    switch (change.kind) {
      case 'recorded':
        return { status: 'recorded', invoice: change.data, allocations: withLegacyCredit({}, change.data, null), conversions: {} };
      case 'revised':
        return state.status === 'recorded' ? { ...state, invoice: change.data, allocations: withLegacyCredit(state.allocations, change.data, state.invoice) } : state;
      case 'allocated':
        return state.status === 'recorded'
          ? { ...state, allocations: { ...state.allocations, [change.by]: { amount: change.amount, as: change.as, lodged: change.lodged } } }
          : state;
      case 'released': {
        if (state.status !== 'recorded') return state;
        const { [change.by]: _released, ...rest } = state.allocations;
        return { ...state, allocations: rest };
      }
      case 'converted':
        return state.status === 'recorded' ? { ...state, conversions: { ...state.conversions, [change.by]: { number: change.number, lines: change.lines } } } : state;
      case 'unconverted': {
        if (state.status !== 'recorded') return state;
        const { [change.by]: _gone, ...rest } = state.conversions;
        return { ...state, conversions: rest };
      }
      default:
        return unreachable(change);
    }
  };

  /** What else the party's money or credit is on: all its shares but `but`'s. */
  const sharesBut = (allocations: Readonly<Record<string, Share>>, but: string | null) =>
    sumMoney(Object.entries(allocations).flatMap(([key, share]) => (key === but ? [] : [share.amount])));

  const revise = (state: Extract<InvoiceState, { status: 'recorded' }>, next: InvoiceData): InvoiceChange[] => {
    // A note's share on its own invoice is decided again with it; the rest of its credit stays used.
    const own = ownInvoice(state.invoice);
    const settled = sharesBut(state.allocations, own);
    if (doc.against && compareMoney(settled, 0) > 0 && (!next.active || compareMoney(next.totalAmount, settled) < 0)) {
      const message = `${rupees(settled)} of this ${noteWord} is refunded or applied to other invoices: undo that first`;
      throw conflict(message, [{ path: next.active ? 'lines' : 'active', message }]);
    }
    if (compareMoney(next.totalAmount, settled) < 0) {
      const message = `${rupees(settled)} is already paid on this invoice: its total cannot be lower than that`;
      throw conflict(message, [{ path: 'lines', message }]);
    }
    if (!doc.against) checkRevisionUnderNotes(next, state.allocations);
    checkRevisionUnderConversions(doc, next, state.conversions);
    if (next.partyId !== state.invoice.partyId && Object.keys(state.allocations).some((key) => key !== own)) {
      const message = `Payments are allocated to this invoice: its ${partyWord} cannot change`;
      throw conflict(message, [{ path: doc.party.field, message }]);
    }
    return sameValue(next, state.invoice) ? [] : [{ kind: 'revised', data: next }];
  };

  /** A settling document's share here, or a note's credit applied here: within what is due (or, on a note, unapplied). */
  const allocate = (state: InvoiceState, command: Extract<InvoiceCommand, { type: 'Allocate' }>): InvoiceChange[] => {
    const { id, by, as, partyId, path } = command.data;
    const amount = toMoney(command.data.amount);
    const { invoice, allocations } = shareable(state, id, partyId, path);
    unowed(invoice, path);
    if (doc.against && !invoice.active) {
      const message = `${doc.label} ${invoice.number} is inactive: it has no credit`;
      throw conflict(message, [{ path, message }]);
    }
    const mine = allocations[by];
    if (mine && mine.amount === amount && mine.as === as) return [];
    const due = subtractMoney(invoice.totalAmount, sharesBut(allocations, by));
    if (compareMoney(amount, due) > 0) {
      const message = doc.against ? `Only ${rupees(due)} of ${noteWord} ${invoice.number} is left to apply or refund` : `Only ${rupees(due)} is due on ${doc.label.toLowerCase()} ${invoice.number}`;
      throw conflict(message, [{ path, message }]);
    }
    return [{ kind: 'allocated', id, by, amount, as, lodged: mine?.lodged ?? null }];
  };

  /**
   * The invoice a share is asked of: recorded, and the same party's (409s on the line that names
   * it: a payment's `lines.2.invoiceId`, a refund's `lines.0.source` on a note; else `invoiceId`).
   */
  const shareable = (state: InvoiceState, id: number, partyId: number, path: string) => {
    const named = path.includes('.') ? path.replace(/\.[^.]+$/, doc.against ? '.source' : '.invoiceId') : 'invoiceId';
    const label = doc.against ? doc.label : 'Invoice';
    if (state.status !== 'recorded') {
      const message = `${label} ${id} not found`;
      throw conflict(message, [{ path: named, message }]);
    }
    if (state.invoice.partyId !== partyId) {
      const message = `${label} ${state.invoice.number} is not from this ${partyWord}`;
      throw conflict(message, [{ path: named, message }]);
    }
    return state;
  };

  /** A note against this invoice: its caps (returns.ts), then its credit applied up to what is due. */
  const lodge = (state: InvoiceState, command: Extract<InvoiceCommand, { type: 'Lodge' }>): InvoiceChange[] => {
    const { id, by, partyId, lodged, reserved } = command.data;
    const { invoice, allocations } = shareable(state, id, partyId, 'invoiceId');
    unowed(invoice, 'invoiceId');
    checkLodge(invoice, allocations, by, lodged);
    const due = subtractMoney(invoice.totalAmount, sharesBut(allocations, by));
    const free = subtractMoney(lodged.total, reserved);
    const amount = compareMoney(free, due) < 0 ? free : due;
    const applied = compareMoney(amount, 0) > 0 ? amount : '0.00';
    const mine = allocations[by];
    if (mine && mine.amount === applied && mine.as === 'credited' && sameValue(mine.lodged, lodged)) return [];
    return [{ kind: 'allocated', id, by, amount: applied, as: 'credited', lodged }];
  };

  /** A quotation or an order is never paid nor credited (409 on the line that asks). */
  const unowed = (invoice: InvoiceData, path: string) => {
    if (doc.owed !== false) return;
    const message = `${doc.label} ${invoice.number} is not paid or credited: convert it into an invoice first`;
    throw conflict(message, [{ path, message }]);
  };

  const decide = (command: InvoiceCommand, state: InvoiceState): InvoiceChange[] => {
    const { id } = command.data;
    switch (command.type) {
      case 'Record':
        if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
        return [{ kind: 'recorded', data: recorded(id, command.data.body, command.data.context, command.metadata.now) }];
      case 'Revise':
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        if (state.invoice.openingOn) {
          const message = `${state.invoice.number} is an opening item: change it under Accounting, Opening Balances`;
          throw validationError(message, [{ path: doc.numberField, message }]);
        }
        return revise(state, { ...recorded(id, command.data.body, command.data.context, command.metadata.now, state.invoice.date), ...(doc.repeats ? { repeatOf: state.invoice.repeatOf ?? null } : {}) });
      case 'Allocate':
        return allocate(state, command);
      case 'Lodge':
        return lodge(state, command);
      case 'Release':
        if (state.status !== 'recorded' || state.allocations[command.data.by] === undefined) return [];
        return [{ kind: 'released', id, by: command.data.by }];
      case 'Convert':
        return convert(doc, state, command.data);
      case 'Unconvert':
        if (state.status !== 'recorded' || state.conversions[command.data.by] === undefined) return [];
        return [{ kind: 'unconverted', id, by: command.data.by }];
      default:
        return unreachable(command);
    }
  };

  return { initialState: () => ({ status: 'absent' }), decode: (stored) => doc.read(stored), evolve, decide };
};

const unreachable = (value: never): never => {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
};
