import {
  conflict,
  indiaDate,
  invoiceTotals,
  notFound,
  type PurchaseInvoice,
  type PurchaseInvoiceBody,
  type PurchaseInvoiceEvent,
  PurchaseInvoiceEventSchema,
  PURCHASE_INVOICE_EVENT_TYPES,
  type PurchaseInvoiceRecordedData,
  invoiceStatus,
  compareMoney,
  rupees,
  subtractMoney,
  sumMoney,
  toMoney,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

export type InvoiceState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'recorded';
      readonly invoice: PurchaseInvoiceRecordedData;
      /** paymentId → amount allocated to this invoice. */
      readonly allocations: Readonly<Record<number, string>>;
    };

export type InvoiceCommand =
  | Command<'Record', { readonly id: number; readonly body: PurchaseInvoiceBody }>
  | Command<'Revise', { readonly id: number; readonly body: PurchaseInvoiceBody }>
  | Command<'Allocate', { readonly id: number; readonly paymentId: number; readonly vendorId: number; readonly amount: string; readonly line: number }>
  | Command<'Release', { readonly id: number; readonly paymentId: number }>;

export const paidOn = (allocations: Readonly<Record<number, string>>) => sumMoney(Object.values(allocations));

const recorded = (id: number, body: PurchaseInvoiceBody, now: Date, previousDate?: string): PurchaseInvoiceRecordedData => {
  const totals = invoiceTotals(body.lines, body.taxAmount);
  return {
    id,
    vendorId: body.vendorId,
    invoiceNumber: body.invoiceNumber,
    invoiceDate: body.invoiceDate ?? previousDate ?? indiaDate(now),
    dueDate: body.dueDate,
    subTotal: totals.subTotal,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    description: body.description,
    active: body.active,
    lines: totals.lines.map((l) => ({ lineNo: l.lineNo, itemName: l.itemName, description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount })),
  };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A purchase invoice (DESIGN §4): one stream with its lines in its events, and the payments
 * allocated to it. It refuses an allocation past its total, so no race can overpay it (a
 * concurrent allocation moves the stream and the append conflicts), and a revision that would
 * take the total below what is already paid.
 */
export const invoiceDecider: Decider<InvoiceState, InvoiceCommand, PurchaseInvoiceEvent> = {
  initialState: () => ({ status: 'absent' }),
  decode: (stored) => ((PURCHASE_INVOICE_EVENT_TYPES as readonly string[]).includes(stored.type) ? PurchaseInvoiceEventSchema.parse(stored) : null),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PurchaseInvoiceRecorded':
        return { status: 'recorded', invoice: event.data, allocations: {} };
      case 'PurchaseInvoiceRevised':
        return state.status === 'recorded' ? { ...state, invoice: event.data } : state;
      case 'PurchaseInvoicePaymentAllocated':
        return state.status === 'recorded' ? { ...state, allocations: { ...state.allocations, [event.data.paymentId]: event.data.amount } } : state;
      case 'PurchaseInvoicePaymentReleased': {
        if (state.status !== 'recorded') return state;
        const { [event.data.paymentId]: _released, ...rest } = state.allocations;
        return { ...state, allocations: rest };
      }
    }
  },
  decide: (command, state) => {
    const { id } = command.data;
    switch (command.type) {
      case 'Record':
        if (state.status !== 'absent') throw conflict(`Invoice ${id} already exists`);
        return { type: 'PurchaseInvoiceRecorded', data: recorded(id, command.data.body, command.metadata.now) };
      case 'Revise': {
        if (state.status !== 'recorded') throw notFound(`Invoice ${id} not found`);
        const next = recorded(id, command.data.body, command.metadata.now, state.invoice.invoiceDate);
        const paid = paidOn(state.allocations);
        if (compareMoney(next.totalAmount, paid) < 0) {
          const message = `${rupees(paid)} is already paid on this invoice: its total cannot be lower than that`;
          throw conflict(message, [{ path: 'lines', message }]);
        }
        if (next.vendorId !== state.invoice.vendorId && Object.keys(state.allocations).length > 0) {
          const message = 'Payments are allocated to this invoice: its vendor cannot change';
          throw conflict(message, [{ path: 'vendorId', message }]);
        }
        return same(next, state.invoice) ? [] : { type: 'PurchaseInvoiceRevised', data: next };
      }
      case 'Allocate': {
        const { paymentId, vendorId, line } = command.data;
        const amount = toMoney(command.data.amount);
        if (state.status !== 'recorded') {
          throw conflict(`Invoice ${id} not found`, [{ path: `lines.${line}.invoiceId`, message: `Invoice ${id} not found` }]);
        }
        const { invoice, allocations } = state;
        if (invoice.vendorId !== vendorId) {
          const message = `Invoice ${invoice.invoiceNumber} is not from this vendor`;
          throw conflict(message, [{ path: `lines.${line}.invoiceId`, message }]);
        }
        if (allocations[paymentId] === amount) return [];
        const byOthers = sumMoney(Object.entries(allocations).filter(([p]) => Number(p) !== paymentId).map(([, a]) => a));
        const due = subtractMoney(invoice.totalAmount, byOthers);
        if (compareMoney(amount, due) > 0) {
          const message = `Only ${rupees(due)} is due on invoice ${invoice.invoiceNumber}`;
          throw conflict(message, [{ path: `lines.${line}.paidAmount`, message }]);
        }
        return { type: 'PurchaseInvoicePaymentAllocated', data: { id, paymentId, amount } };
      }
      case 'Release': {
        if (state.status !== 'recorded' || state.allocations[command.data.paymentId] === undefined) return [];
        return { type: 'PurchaseInvoicePaymentReleased', data: { id, paymentId: command.data.paymentId } };
      }
    }
  },
};

/** The invoice as the API answers it, from its folded stream. */
export const invoiceOf = (state: InvoiceState): PurchaseInvoice | undefined => {
  if (state.status !== 'recorded') return undefined;
  const paid = paidOn(state.allocations);
  const { lines, ...invoice } = state.invoice;
  return {
    ...invoice,
    paidAmount: paid,
    balanceDue: subtractMoney(invoice.totalAmount, paid),
    status: invoiceStatus(invoice.totalAmount, paid),
    lines,
    allocations: Object.entries(state.allocations).map(([paymentId, amount]) => ({ paymentId: Number(paymentId), amount })),
  };
};
