import {
  type AllocationKind,
  type Business,
  compareMoney,
  conflict,
  dueDateFrom,
  indiaDate,
  type InvoiceBody,
  type InvoiceChange,
  type InvoiceData,
  type InvoiceDocument,
  invoiceStatus,
  MONEY_LIMIT,
  notFound,
  placeOfSupplyLabel,
  priceDocument,
  rupees,
  statusOn,
  subtractMoney,
  sumMoney,
  toMoney,
  validationError,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

/** A settling document's share of an invoice: how much, and whether received or credited. */
export interface Share {
  readonly amount: string;
  readonly as: AllocationKind;
}

export type InvoiceState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'recorded';
      readonly invoice: InvoiceData;
      /** The settling document's stream (`receipt-12`, `credit-note-3`) → its share. */
      readonly allocations: Readonly<Record<string, Share>>;
    };

/** What the command read before deciding (DESIGN: the decision stays pure). */
export interface InvoiceContext {
  /** The business's profile (its state, GSTIN, taxpayer type); null until it is set. */
  readonly business: Pick<Business, 'state' | 'gstin' | 'taxpayerType'> | null;
  /** The party's GSTIN: its state decides the supply. */
  readonly partyGstin: string | null;
  /** The number: as sent, or the next of the business's series. */
  readonly number: string;
  /** A note: the invoice it is against, as it stands (null when it does not exist); its place of supply is the note's. */
  readonly against: { readonly id: number; readonly partyId: number; readonly number: string; readonly date: string; readonly placeOfSupply: string | null } | null;
  /** The party's payment term in days (its days field, else read from its terms label); null for none. */
  readonly termDays: number | null;
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
  | Command<'Release', { readonly id: number; readonly by: string }>;

export type InvoiceDecider = Decider<InvoiceState, InvoiceCommand, InvoiceChange>;

/** Every share, whatever its kind. */
export const settledOn = (allocations: Readonly<Record<string, Share>>, as?: AllocationKind) =>
  sumMoney(Object.values(allocations).filter((s) => as === undefined || s.as === as).map((s) => s.amount));

/**
 * An invoice-like document (DESIGN §4, §5): one stream with its lines in its events, and the
 * settling documents' shares, keyed by their streams. With GST it taxes each line by the place of
 * supply (CGST + SGST within the state, IGST across, nothing on a bill of supply) and rounds the
 * total to the rupee; by hand it takes the tax as typed (the seed's way). It refuses a share past
 * its total, so no race can overpay it, and a revision below what is already settled.
 */
export const invoiceDecider = (doc: InvoiceDocument): InvoiceDecider => {
  const partyWord = doc.party.label.toLowerCase();

  const recorded = (id: number, body: InvoiceBody, context: InvoiceContext, now: Date, previousDate?: string): InvoiceData => {
    const date = body.date ?? previousDate ?? indiaDate(now);
    const against = doc.against ? againstOf(body, context, date) : null;
    const invoicePlaceOfSupply = doc.side === 'sales' && against ? followedPlaceOfSupply(body, against) : null;
    const priced = priceDocument(doc.side, { ...body, invoicePlaceOfSupply }, context.business, context.partyGstin);
    if (!priced) {
      const message = 'Set up your business (Settings: its state and GSTIN) before recording GST documents';
      throw validationError(message, [{ path: 'taxMode', message }]);
    }
    if (compareMoney(priced.totalAmount, MONEY_LIMIT) > 0) {
      throw validationError('The total cannot be above ₹1,000 crore', [{ path: 'lines', message: 'The total cannot be above ₹1,000 crore' }]);
    }
    return {
      id,
      partyId: body.partyId,
      number: context.number,
      date,
      // Left blank, an invoice is due its party's payment term after its date; a note has no due date of its own.
      dueDate: body.dueDate ?? (doc.against ? null : dueDateFrom(date, context.termDays)),
      texts: body.texts,
      active: body.active,
      taxMode: body.taxMode,
      ...priced,
      againstId: against?.id ?? null,
      againstNumber: against?.number ?? null,
    };
  };

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

  const evolve = (state: InvoiceState, change: InvoiceChange): InvoiceState => {
    switch (change.kind) {
      case 'recorded':
        return { status: 'recorded', invoice: change.data, allocations: {} };
      case 'revised':
        return state.status === 'recorded' ? { ...state, invoice: change.data } : state;
      case 'allocated':
        return state.status === 'recorded' ? { ...state, allocations: { ...state.allocations, [change.by]: { amount: change.amount, as: change.as } } } : state;
      case 'released': {
        if (state.status !== 'recorded') return state;
        const { [change.by]: _released, ...rest } = state.allocations;
        return { ...state, allocations: rest };
      }
      default:
        return unreachable(change);
    }
  };

  const decide = (command: InvoiceCommand, state: InvoiceState): InvoiceChange[] => {
    const { id } = command.data;
    switch (command.type) {
      case 'Record':
        if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
        return [{ kind: 'recorded', data: recorded(id, command.data.body, command.data.context, command.metadata.now) }];
      case 'Revise': {
        if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
        const next = recorded(id, command.data.body, command.data.context, command.metadata.now, state.invoice.date);
        const settled = settledOn(state.allocations);
        if (compareMoney(next.totalAmount, settled) < 0) {
          const message = `${rupees(settled)} is already paid on this invoice: its total cannot be lower than that`;
          throw conflict(message, [{ path: 'lines', message }]);
        }
        if (next.partyId !== state.invoice.partyId && Object.keys(state.allocations).length > 0) {
          const message = `Payments are allocated to this invoice: its ${partyWord} cannot change`;
          throw conflict(message, [{ path: doc.party.field, message }]);
        }
        return sameValue(next, state.invoice) ? [] : [{ kind: 'revised', data: next }];
      }
      case 'Allocate': {
        const { by, as, partyId, path } = command.data;
        const amount = toMoney(command.data.amount);
        const invoicePath = path.replace(/\.[^.]+$/, '.invoiceId');
        if (state.status !== 'recorded') {
          const message = `Invoice ${id} not found`;
          throw conflict(message, [{ path: invoicePath, message }]);
        }
        const { invoice, allocations } = state;
        if (invoice.partyId !== partyId) {
          const message = `Invoice ${invoice.number} is not from this ${partyWord}`;
          throw conflict(message, [{ path: invoicePath, message }]);
        }
        const mine = allocations[by];
        if (mine && mine.amount === amount && mine.as === as) return [];
        const byOthers = sumMoney(Object.entries(allocations).filter(([key]) => key !== by).map(([, share]) => share.amount));
        const due = subtractMoney(invoice.totalAmount, byOthers);
        if (compareMoney(amount, due) > 0) {
          const message = `Only ${rupees(due)} is due on invoice ${invoice.number}`;
          throw conflict(message, [{ path, message }]);
        }
        return [{ kind: 'allocated', id, by, amount, as }];
      }
      case 'Release':
        if (state.status !== 'recorded' || state.allocations[command.data.by] === undefined) return [];
        return [{ kind: 'released', id, by: command.data.by }];
      default:
        return unreachable(command);
    }
  };

  return { initialState: () => ({ status: 'absent' }), decode: (stored) => doc.read(stored), evolve, decide };
};

const unreachable = (value: never): never => {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
};

/**
 * The invoice as the API answers it, from its folded stream. Overdue is decided at `now`, as a
 * GET decides it, so a write's answer and the next read agree.
 */
export const invoiceOf = (doc: InvoiceDocument, state: InvoiceState, now: Date) => {
  if (state.status !== 'recorded') return undefined;
  const { invoice, allocations } = state;
  const paid = settledOn(allocations, 'paid');
  const credited = settledOn(allocations, 'credited');
  const settled = settledOn(allocations);
  const status = invoiceStatus(invoice.totalAmount, settled);
  return {
    ...doc.storedData(invoice),
    paidAmount: paid,
    creditedAmount: credited,
    balanceDue: subtractMoney(invoice.totalAmount, settled),
    status: doc.overdue ? statusOn(status, invoice.dueDate, now) : status,
    allocations: allocationsOf(doc, allocations),
  };
};

/** Shares as the API lists them: by stream, with the default settling document's id under its own name. */
export const allocationsOf = (doc: InvoiceDocument, allocations: Readonly<Record<string, Share>>) =>
  Object.entries(allocations).map(([by, share]) => {
    const own = by.startsWith(`${doc.settledByStream}-`) ? Number(by.slice(doc.settledByStream.length + 1)) : null;
    return { by, as: share.as, amount: share.amount, ...(own !== null && Number.isInteger(own) ? { [doc.settledBy]: own } : {}) };
  });
