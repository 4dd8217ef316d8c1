import {
  compareMoney,
  conflict,
  indiaDate,
  statusOn,
  type InvoiceBodyView,
  type InvoiceChange,
  invoiceChange,
  type InvoiceData,
  type InvoiceDocument,
  invoiceEvent,
  invoiceStatus,
  invoiceTotals,
  MONEY_LIMIT,
  notFound,
  rupees,
  subtractMoney,
  sumMoney,
  toMoney,
  validationError,
} from '@erp/contracts';

import type { Command, Decider, StoredEvent } from '../shared/decider';

export type InvoiceState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'recorded';
      readonly invoice: InvoiceData;
      /** Settling document id → the amount it allocated to this invoice. */
      readonly allocations: Readonly<Record<number, string>>;
    };

export type InvoiceCommand =
  | Command<'Record', { readonly id: number; readonly body: InvoiceBodyView }>
  | Command<'Revise', { readonly id: number; readonly body: InvoiceBodyView }>
  | Command<'Allocate', { readonly id: number; readonly settlementId: number; readonly partyId: number; readonly amount: string; readonly line: number; readonly amountField: string }>
  | Command<'Release', { readonly id: number; readonly settlementId: number }>;

export type InvoiceDecider = Decider<InvoiceState, InvoiceCommand, StoredEvent>;

export const paidOn = (allocations: Readonly<Record<number, string>>) => sumMoney(Object.values(allocations));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An invoice-like document (DESIGN §4): one stream with its lines in its events, and the
 * settling documents' allocations. It refuses an allocation past its total, so no race can
 * overpay it (a concurrent allocation moves the stream and the append conflicts), and a
 * revision that would take the total below what is already paid.
 */
export const invoiceDecider = (doc: InvoiceDocument): InvoiceDecider => {
  const party = doc.party.field;
  const recorded = (id: number, body: InvoiceBodyView, now: Date, previousDate?: string): InvoiceData => {
    const totals = invoiceTotals(body.lines, body.taxAmount);
    // Every amount is capped at ₹1,000 crore (a payment line too, so it could never be paid).
    if (compareMoney(totals.totalAmount, MONEY_LIMIT) > 0) {
      throw validationError('The total cannot be above ₹1,000 crore', [{ path: 'lines', message: 'The total cannot be above ₹1,000 crore' }]);
    }
    return {
      id,
      [party]: body[party],
      invoiceNumber: body.invoiceNumber,
      invoiceDate: body.invoiceDate ?? previousDate ?? indiaDate(now),
      dueDate: body.dueDate,
      subTotal: totals.subTotal,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      ...Object.fromEntries(doc.texts.map((t) => [t, body[t] ?? null])),
      active: body.active,
      lines: totals.lines.map((l) => ({ lineNo: l.lineNo, itemName: l.itemName, description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount })),
    };
  };
  const emit = (change: InvoiceChange) => invoiceEvent(doc, change);
  return {
    initialState: () => ({ status: 'absent' }),
    decode: (stored) => (doc.events.types.includes(stored.type) ? doc.events.event.parse(stored) : null),
    evolve: (state, event) => {
      const change = invoiceChange(doc, event);
      if (!change) return state;
      if (change.kind === 'recorded') return { status: 'recorded', invoice: change.data, allocations: {} };
      if (state.status !== 'recorded') return state;
      switch (change.kind) {
        case 'revised':
          return { ...state, invoice: change.data };
        case 'allocated':
          return { ...state, allocations: { ...state.allocations, [change.settlementId]: change.amount } };
        case 'released': {
          const { [change.settlementId]: _released, ...rest } = state.allocations;
          return { ...state, allocations: rest };
        }
      }
    },
    decide: (command, state) => {
      const { id } = command.data;
      switch (command.type) {
        case 'Record':
          if (state.status !== 'absent') throw conflict(`${doc.label} ${id} already exists`);
          return emit({ kind: 'recorded', data: recorded(id, command.data.body, command.metadata.now) });
        case 'Revise': {
          if (state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
          const next = recorded(id, command.data.body, command.metadata.now, state.invoice.invoiceDate);
          const paid = paidOn(state.allocations);
          if (compareMoney(next.totalAmount, paid) < 0) {
            const message = `${rupees(paid)} is already paid on this invoice: its total cannot be lower than that`;
            throw conflict(message, [{ path: 'lines', message }]);
          }
          if (next[party] !== state.invoice[party] && Object.keys(state.allocations).length > 0) {
            const message = `Payments are allocated to this invoice: its ${doc.party.label.toLowerCase()} cannot change`;
            throw conflict(message, [{ path: party, message }]);
          }
          return same(next, state.invoice) ? [] : emit({ kind: 'revised', data: next });
        }
        case 'Allocate': {
          const { settlementId, partyId, line, amountField } = command.data;
          const amount = toMoney(command.data.amount);
          if (state.status !== 'recorded') {
            const message = `Invoice ${id} not found`;
            throw conflict(message, [{ path: `lines.${line}.invoiceId`, message }]);
          }
          const { invoice, allocations } = state;
          if (invoice[party] !== partyId) {
            const message = `Invoice ${invoice.invoiceNumber} is not from this ${doc.party.label.toLowerCase()}`;
            throw conflict(message, [{ path: `lines.${line}.invoiceId`, message }]);
          }
          if (allocations[settlementId] === amount) return [];
          const byOthers = sumMoney(Object.entries(allocations).filter(([s]) => Number(s) !== settlementId).map(([, a]) => a));
          const due = subtractMoney(invoice.totalAmount, byOthers);
          if (compareMoney(amount, due) > 0) {
            const message = `Only ${rupees(due)} is due on invoice ${invoice.invoiceNumber}`;
            throw conflict(message, [{ path: `lines.${line}.${amountField}`, message }]);
          }
          return emit({ kind: 'allocated', id, settlementId, amount });
        }
        case 'Release':
          if (state.status !== 'recorded' || state.allocations[command.data.settlementId] === undefined) return [];
          return emit({ kind: 'released', id, settlementId: command.data.settlementId });
      }
    },
  };
};

/**
 * The invoice as the API answers it, from its folded stream. Overdue is decided at `now`, as a
 * GET decides it, so a write's answer and the next read agree.
 */
export const invoiceOf = (doc: InvoiceDocument, state: InvoiceState, now: Date) => {
  if (state.status !== 'recorded') return undefined;
  const paid = paidOn(state.allocations);
  const { lines, ...invoice } = state.invoice;
  return {
    ...invoice,
    paidAmount: paid,
    balanceDue: subtractMoney(invoice.totalAmount, paid),
    status: doc.overdue ? statusOn(invoiceStatus(invoice.totalAmount, paid), invoice.dueDate, now) : invoiceStatus(invoice.totalAmount, paid),
    lines,
    allocations: Object.entries(state.allocations).map(([settlementId, amount]) => ({ [doc.settledBy]: Number(settlementId), amount })),
  };
};
