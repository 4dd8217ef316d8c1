import { compareMoney, conflict, type InvoiceChange, type InvoiceData, type InvoiceDocument, notFound, type OpeningItemBody, rupees, sumMoney, validationError } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';
import type { InvoiceDecider, InvoiceState } from './invoice.decider';

export type OpeningCommand = Command<'RecordOpening' | 'ReviseOpening', { readonly id: number; readonly body: OpeningItemBody; readonly booksBegin: string | null }>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const readable = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/**
 * An opening invoice or bill (issue 43): an open item of the books before these began, in the
 * stream of its kind (so receipts and payments settle it, and lists, statements and ageing show
 * it like any other). It has no lines and no tax: its total is the amount outstanding, and it
 * is posted on the day the books begin. It needs that day, and is dated on or before it.
 * Folded with the kind's own decider; changed only as an opening item.
 */
export const openingDecider = (doc: InvoiceDocument, invoices: InvoiceDecider): Decider<InvoiceState, OpeningCommand, InvoiceChange> => {
  const label = doc.opening?.label ?? doc.label;
  const opened = (command: OpeningCommand): InvoiceData => {
    const { id, body, booksBegin } = command.data;
    if (!doc.opening) throw new Error(`${doc.label}: a kind without opening items`);
    if (!booksBegin) {
      const message = 'Set the day your books begin (Settings) before entering opening balances';
      throw validationError(message, [{ path: doc.dateField, message }]);
    }
    if (body.date > booksBegin) {
      const message = `An ${label.toLowerCase()} is dated on or before the day the books begin (${readable(booksBegin)})`;
      throw validationError(message, [{ path: doc.dateField, message }]);
    }
    const zero = '0.00';
    return {
      id,
      partyId: body.partyId,
      number: body.number,
      date: body.date,
      dueDate: body.dueDate,
      texts: Object.fromEntries(doc.texts.map((t) => [t, null])),
      active: body.active,
      taxMode: 'manual',
      supplyType: null,
      placeOfSupply: null,
      reverseCharge: false,
      subTotal: body.amount,
      cgst: zero,
      sgst: zero,
      igst: zero,
      taxAmount: zero,
      roundOff: zero,
      totalAmount: body.amount,
      againstId: null,
      againstNumber: null,
      openingOn: booksBegin,
      lines: [],
    };
  };

  const decide = (command: OpeningCommand, state: InvoiceState): InvoiceChange[] => {
    const { id } = command.data;
    if (command.type === 'RecordOpening') {
      if (state.status !== 'absent') throw conflict(`${label} ${id} already exists`);
      return [{ kind: 'recorded', data: opened(command) }];
    }
    if (state.status !== 'recorded' || !state.invoice.openingOn) throw notFound(`${label} ${id} not found`);
    const next = opened(command);
    const settled = sumMoney(Object.values(state.allocations).map((s) => s.amount));
    if (compareMoney(settled, 0) > 0 && (!next.active || compareMoney(next.totalAmount, settled) < 0)) {
      const message = `${rupees(settled)} is already settled on ${state.invoice.number}: the amount cannot be lower than that`;
      throw conflict(message, [{ path: next.active ? 'amount' : 'active', message }]);
    }
    if (next.partyId !== state.invoice.partyId && compareMoney(settled, 0) > 0) {
      const message = `Money is allocated to ${state.invoice.number}: its ${doc.party.label.toLowerCase()} cannot change`;
      throw conflict(message, [{ path: doc.party.field, message }]);
    }
    return sameValue(next, state.invoice) ? [] : [{ kind: 'revised', data: next }];
  };

  return { initialState: invoices.initialState, decode: invoices.decode, evolve: invoices.evolve, decide };
};
