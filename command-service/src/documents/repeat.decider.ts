import { conflict, type InvoiceBody, type InvoiceChange, type InvoiceData, type InvoiceDocument, type InvoiceLine, monthLabel, notFound, repeatDate, validationError } from '@erp/contracts';

import { type Command, type Decider, decideAll } from '../shared/decider';
import type { InvoiceContext, InvoiceDecider, InvoiceState } from './invoice.decider';

export type RepeatCommand = Command<
  'Repeat',
  {
    /** The copy's id. */
    readonly id: number;
    /** The document asked to repeat, as read from its stream (null when it does not exist). */
    readonly firstId: number;
    readonly first: InvoiceData | null;
    /** YYYY-MM. */
    readonly month: string;
    /** What the copy's record reads (the business, the party's GSTIN, its number). */
    readonly context: InvoiceContext;
  }
>;

/** A line of the first document as it would be typed again: the same item, quantity, rate, discount and GST. */
const typedAgain = (doc: InvoiceDocument, line: InvoiceLine) =>
  doc.lineInput.parse({
    itemId: line.itemId,
    itemName: line.itemName,
    description: line.description,
    hsn: line.hsn,
    unit: line.unit,
    quantity: line.quantity,
    rate: line.rate,
    discount: line.discount,
    gstRate: line.gstRate,
    gstCategory: line.gstCategory,
  });

/**
 * The rules of a monthly copy (docs/expenses.md): only of a chain's first document (a copy is
 * repeated from its first: 409), active and still saying it repeats monthly (409), and only into a
 * month after its own (400 on month). The copy is what the first says — party, category, lines,
 * tax mode (and the tax typed by hand), texts — dated the same day of that month (its last day when
 * shorter), numbered afresh, not paid, and repeating nothing itself.
 */
export const repeatBody = (doc: InvoiceDocument, firstId: number, first: InvoiceData | null, month: string): InvoiceBody => {
  if (!first) throw notFound(`${doc.label} ${firstId} not found`);
  const named = `${doc.label} ${first.number}`;
  if (first.repeatOf) {
    const message = `${named} is itself a monthly copy: repeat the first of its chain (${doc.label.toLowerCase()} ${first.repeatOf})`;
    throw conflict(message, [{ path: 'id', message }]);
  }
  if (!first.active) {
    const message = `${named} is cancelled: it is not repeated`;
    throw conflict(message, [{ path: 'id', message }]);
  }
  if (!first.repeatMonthly) {
    const message = `${named} does not repeat monthly: tick Repeats Every Month on it first`;
    throw conflict(message, [{ path: 'id', message }]);
  }
  if (month <= first.date.slice(0, 7)) {
    const message = `A copy is for a month after ${named}'s own (${monthLabel(first.date.slice(0, 7))})`;
    throw validationError(message, [{ path: 'month', message }]);
  }
  return {
    partyId: first.partyId,
    number: null,
    date: repeatDate(first.date, month),
    dueDate: null,
    taxMode: first.taxMode,
    taxAmount: first.taxMode === 'manual' ? first.taxAmount : '0.00',
    placeOfSupply: null,
    reverseCharge: first.reverseCharge,
    againstId: null,
    texts: first.texts,
    active: true,
    noteType: null,
    lines: first.lines.map((line) => typedAgain(doc, line)),
    returned: [],
    paidNow: null,
    paymentMethod: 'cash',
    answer: null,
    source: null,
    category: first.category ?? null,
    repeatMonthly: false,
  };
};

/**
 * A monthly copy, decided on the copy's own stream (given its events, when Repeat, then it is
 * recorded): the rules above, then recorded by the kind's own decider as any document is (priced,
 * numbered by its context) with `repeatOf` the first's id. The claim of the month (one copy a
 * month) is the reservation decider's, in the same append (repeat.commands.ts).
 */
export type RepeatDecider = Decider<InvoiceState, RepeatCommand, InvoiceChange>;

export const repeatDecider = (doc: InvoiceDocument, invoices: InvoiceDecider): RepeatDecider => ({
  initialState: invoices.initialState,
  decode: invoices.decode,
  evolve: invoices.evolve,
  decide: (command, state) => {
    const { id, firstId, first, month, context } = command.data;
    const body = repeatBody(doc, firstId, first, month);
    const recorded = decideAll(invoices, { type: 'Record', data: { id, body, context }, metadata: command.metadata }, state);
    return recorded.map((change) => (change.kind === 'recorded' ? { ...change, data: { ...change.data, repeatOf: firstId } } : change));
  },
});
