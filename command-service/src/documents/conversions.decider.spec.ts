import { DomainError, estimates, type InvoiceChange, type InvoiceData, quoteAnswer, saleOrders, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { askedOf } from './conversions';
import { INVOICE_SLICES } from './index';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';

/**
 * Issue 45: an estimate or an order converted into other documents. The source's decider gives
 * each document made from it no more of a line than is left, and keeps what was taken.
 */
const metadata = { now: new Date('2026-11-22T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const slice = (doc: { stream: string }) => INVOICE_SLICES.find((s) => s.doc.stream === doc.stream)!;
const estimate = slice(estimates);
const order = slice(saleOrders);
const invoice = slice(salesInvoices);
const context = (number: string, source: InvoiceContext['source'] = null): InvoiceContext => ({ business: null, partyGstin: null, number, against: null, termDays: 30, source });
const conflictOn = (path: string, message: RegExp) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect(e).toMatchObject({ kind: 'conflict', issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};
const invalidOn = (path: string, message: RegExp) => (e: unknown) => {
  expect(e).toMatchObject({ kind: 'validation', issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};

// 5 kettles at ₹400 and 2 packets of tea at ₹50, valid until 30 Nov 2026.
const lines = [
  { itemId: 7, itemName: 'Kettle', quantity: '5', rate: '400' },
  { itemName: 'Tea', quantity: '2', rate: '50' },
];
const estimateBody = (input: Record<string, unknown> = {}) => estimates.body.parse({ customerId: 4, estimateDate: '2026-11-20', validUntil: '2026-11-30', lines, ...input });
const record = (input: Record<string, unknown> = {}): InvoiceCommand => ({ type: 'Record', data: { id: 3, body: estimateBody(input), context: context('EST-3') }, metadata });
const revise = (input: Record<string, unknown>): InvoiceCommand => ({ type: 'Revise', data: { id: 3, body: estimateBody(input), context: context('EST-3') }, metadata });
const [recorded] = estimate.decider.decide(record(), estimate.decider.initialState()) as InvoiceChange[];
const data = (recorded as { data: InvoiceData }).data;

const convert = (by: string, asked: { lineNo: number; quantity: string; at: number }[], partyId = 4): InvoiceCommand => ({
  type: 'Convert',
  data: { id: 3, by, number: by.toUpperCase(), partyId, asked },
  metadata,
});
const converted = (by: string, taken: { lineNo: number; quantity: string }[]): InvoiceChange => ({ kind: 'converted', id: 3, by, number: by.toUpperCase(), lines: taken });

describe('an estimate records what it offers, and posts nothing', () => {
  it('keeps its valid-until day under its own name, no due date from the customer\'s terms, and no answer yet', () => {
    expect(data).toMatchObject({ dueDate: '2026-11-30', answer: null, source: null, totalAmount: '2100.00' });
    expect(estimates.write(recorded!).data).toMatchObject({ validUntil: '2026-11-30', estimateNumber: 'EST-3' });
    const [blank] = estimate.decider.decide(record({ validUntil: '' }), estimate.decider.initialState()) as InvoiceChange[];
    expect((blank as { data: InvoiceData }).data.dueDate).toBeNull();
  });

  it('is never paid: a receipt allocated to it is refused', () =>
    DeciderSpecification.for(estimate.decider)
      .given([recorded!])
      .when({ type: 'Allocate', data: { id: 3, by: 'receipt-1', as: 'paid', partyId: 4, amount: '10.00', path: 'lines.0.amount' }, metadata })
      .thenThrows(conflictOn('lines.0.amount', /Estimate EST-3 is not paid or credited/)));
});

describe('a source gives each document made from it no more than is left', () => {
  const spec = DeciderSpecification.for(estimate.decider);

  it('a document takes part of a line', () =>
    spec.given([recorded!]).when(convert('sale-order-1', [{ lineNo: 1, quantity: '3', at: 0 }])).then([converted('sale-order-1', [{ lineNo: 1, quantity: '3' }])]));

  it('a second document takes the rest, and no more: the refusal names its line and says what is left', () => {
    spec.given([recorded!, converted('sale-order-1', [{ lineNo: 1, quantity: '3' }])]).when(convert('sales-invoice-2', [{ lineNo: 1, quantity: '2', at: 0 }, { lineNo: 2, quantity: '2', at: 1 }])).then([
      converted('sales-invoice-2', [{ lineNo: 1, quantity: '2' }, { lineNo: 2, quantity: '2' }]),
    ]);
    spec
      .given([recorded!, converted('sale-order-1', [{ lineNo: 1, quantity: '3' }])])
      .when(convert('sales-invoice-2', [{ lineNo: 2, quantity: '1', at: 0 }, { lineNo: 1, quantity: '2.5', at: 1 }]))
      .thenThrows(conflictOn('lines.1.quantity', /^Only 2 of Kettle \(line 1\) are left on Estimate EST-3: 5 on it, 3 already converted$/));
  });

  it('a document revised asks again: its own earlier share does not count against it; the same ask changes nothing', () => {
    const given = [recorded!, converted('sale-order-1', [{ lineNo: 1, quantity: '3' }])];
    spec.given(given).when(convert('sale-order-1', [{ lineNo: 1, quantity: '5', at: 0 }])).then([converted('sale-order-1', [{ lineNo: 1, quantity: '5' }])]);
    spec.given(given).when(convert('sale-order-1', [{ lineNo: 1, quantity: '3', at: 0 }])).thenNothingHappened();
  });

  it('a line the source does not have, another customer, a declined or inactive source: refused', () => {
    spec.given([recorded!]).when(convert('sale-order-1', [{ lineNo: 9, quantity: '1', at: 0 }])).thenThrows(conflictOn('lines.0.sourceLineNo', /EST-3 has no line 9/));
    spec.given([recorded!]).when(convert('sale-order-1', [{ lineNo: 1, quantity: '1', at: 0 }], 5)).thenThrows(invalidOn('source', /is not this customer's/));
    const declined: InvoiceChange = { kind: 'revised', data: { ...data, answer: 'declined' } };
    spec.given([recorded!, declined]).when(convert('sale-order-1', [{ lineNo: 1, quantity: '1', at: 0 }])).thenThrows(conflictOn('source', /EST-3 is declined/));
    const inactive: InvoiceChange = { kind: 'revised', data: { ...data, active: false } };
    spec.given([recorded!, inactive]).when(convert('sale-order-1', [{ lineNo: 1, quantity: '1', at: 0 }])).thenThrows(conflictOn('source', /EST-3 is inactive/));
  });

  it('a document made inactive gives its share back', () => {
    spec.given([recorded!, converted('sale-order-1', [{ lineNo: 1, quantity: '3' }])]).when({ type: 'Unconvert', data: { id: 3, by: 'sale-order-1' }, metadata }).then([{ kind: 'unconverted', id: 3, by: 'sale-order-1' }]);
    spec.given([recorded!]).when({ type: 'Unconvert', data: { id: 3, by: 'sale-order-1' }, metadata }).thenNothingHappened();
  });

  it('the source keeps what was taken: not below it, nor inactive', () => {
    const given = [recorded!, converted('sale-order-1', [{ lineNo: 1, quantity: '3' }])];
    spec.given(given).when(revise({ lines: [{ ...lines[0], quantity: '2' }, lines[1]] })).thenThrows(conflictOn('lines', /3 of line 1 went into SALE-ORDER-1/));
    spec.given(given).when(revise({ active: false })).thenThrows(conflictOn('active', /SALE-ORDER-1 was made from this estimate: it stays active/));
    spec.given(given).when(revise({ answer: 'accepted' })).then([{ kind: 'revised', data: { ...data, answer: 'accepted' } }]);
  });
});

describe('a document made from a source', () => {
  const spec = DeciderSpecification.for(invoice.decider);
  const body = (input: Record<string, unknown>) => salesInvoices.body.parse({ customerId: 4, invoiceDate: '2026-11-22', source: { stream: 'sale-order', id: 3 }, lines: [{ ...lines[0], sourceLineNo: 1 }], ...input });
  const recordFrom = (input: Record<string, unknown>, source: InvoiceContext['source']): InvoiceCommand => ({ type: 'Record', data: { id: 8, body: body(input), context: context('INV-8', source) }, metadata });
  const from = { stream: 'sale-order', id: 3, number: 'SO-3', partyId: 4 };

  it('records its source and each line the source line it takes', () => {
    const [made] = invoice.decider.decide(recordFrom({}, from), invoice.decider.initialState()) as InvoiceChange[];
    expect((made as { data: InvoiceData }).data).toMatchObject({ source: { stream: 'sale-order', id: 3, number: 'SO-3' }, lines: [{ lineNo: 1, sourceLineNo: 1, quantity: '5' }] });
  });

  it('is refused for another customer\'s source, or lines naming a source line without a source', () => {
    spec.given([]).when(recordFrom({}, { ...from, partyId: 5 })).thenThrows(invalidOn('source', /SO-3 is not this customer's/));
    spec.given([]).when(recordFrom({ source: null }, null)).thenThrows(invalidOn('lines.0.sourceLineNo', /names no source/));
  });

  it('asks of its source each source line once, summed over its lines', () =>
    expect(askedOf([{ quantity: '2', sourceLineNo: 1 }, { quantity: '1', sourceLineNo: null }, { quantity: '1.5', sourceLineNo: 1 }, { quantity: '2', sourceLineNo: 2 }])).toEqual([
      { lineNo: 1, quantity: '3.5', at: 0 },
      { lineNo: 2, quantity: '2', at: 3 },
    ]));
});

describe('the status of an estimate or an order, as of a day', () => {
  const day = (date: string) => new Date(`${date}T06:00:00Z`);
  const taken = (quantity: string) => ({ 'sales-invoice-2': { number: 'INV-2', lines: [{ lineNo: 1, quantity }, { lineNo: 2, quantity: '2' }] } });

  it('an estimate: open until its day, then expired; accepted when answered so or converted; declined', () => {
    expect(quoteAnswer(estimates, data, {}, day('2026-11-30')).status).toBe('open');
    expect(quoteAnswer(estimates, data, {}, day('2026-12-01')).status).toBe('expired');
    expect(quoteAnswer(estimates, { ...data, answer: 'declined' }, {}, day('2026-11-25')).status).toBe('declined');
    expect(quoteAnswer(estimates, data, taken('1'), day('2026-12-05')).status).toBe('accepted');
  });

  it('an order: open, part or done, each line with what was converted and what is left', () => {
    expect(quoteAnswer(saleOrders, data, {}, metadata.now).status).toBe('open');
    const part = quoteAnswer(saleOrders, data, taken('2'), metadata.now);
    expect(part).toMatchObject({ status: 'part', convertedTo: [{ by: 'sales-invoice-2', number: 'INV-2' }] });
    expect(part.lines.map((l) => [l.convertedQuantity, l.remainingQuantity])).toEqual([['2', '3'], ['2', '0']]);
    expect(quoteAnswer(saleOrders, data, taken('5'), metadata.now).status).toBe('done');
  });
});

describe('the order kind', () => {
  it('records what was ordered with no due date from terms', () => {
    const [made] = order.decider.decide(
      { type: 'Record', data: { id: 3, body: saleOrders.body.parse({ customerId: 4, orderDate: '2026-11-20', lines }), context: context('SO-3') }, metadata },
      order.decider.initialState(),
    ) as InvoiceChange[];
    expect((made as { data: InvoiceData }).data).toMatchObject({ dueDate: null, source: null, totalAmount: '2100.00' });
  });
});
