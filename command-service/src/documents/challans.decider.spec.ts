import { deliveryChallans, DomainError, type InvoiceChange, type InvoiceData, purchaseInvoices, purchaseOrders, quoteAnswer, saleOrders, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { markStockMoved, type SourceContext } from './conversions';
import { INVOICE_SLICES } from './index';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';

/**
 * Issue 45: a delivery challan moves its goods out; an invoice made from it does not move them a
 * second time (its lines taken from the challan are `stockMoved`), while an invoice made from an
 * order, or typed afresh, moves its own. A purchase order gives its bills no more than is left.
 */
const metadata = { now: new Date('2026-11-22T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const slice = (doc: { stream: string }) => INVOICE_SLICES.find((s) => s.doc.stream === doc.stream)!;
const challan = slice(deliveryChallans);
const invoice = slice(salesInvoices);
const order = slice(purchaseOrders);
const context = (number: string, source: SourceContext | null = null): InvoiceContext => ({ business: null, partyGstin: null, number, against: null, termDays: 30, source });
const fromChallan: SourceContext = { stream: deliveryChallans.stream, id: 3, number: 'DC-3', partyId: 4, stock: 'out', lines: [{ lineNo: 1, itemId: 7, itemName: 'Kettle' }, { lineNo: 2, itemId: null, itemName: 'Tea' }] };
const fromOrder: SourceContext = { stream: saleOrders.stream, id: 2, number: 'SO-2', partyId: 4, stock: null };

// 5 kettles (an item) and 2 packets of tea (typed).
const lines = [
  { itemId: 7, itemName: 'Kettle', quantity: '5', rate: '400' },
  { itemName: 'Tea', quantity: '2', rate: '50' },
];
const recordInvoice = (source: SourceContext | null, sent: readonly Record<string, unknown>[]): InvoiceCommand => ({
  type: 'Record',
  data: {
    id: 9,
    body: salesInvoices.body.parse({ customerId: 4, invoiceDate: '2026-11-21', lines: sent, ...(source ? { source: { stream: source.stream, id: source.id } } : {}) }),
    context: context('INV-9', source),
  },
  metadata,
});
const linesOf = (changes: readonly InvoiceChange[]) => (changes[0] as { data: InvoiceData }).data.lines;

describe('a delivery challan moves its stock; its invoice does not move it again', () => {
  it('the challan is recorded with its lines as they are: it moves their stock out, posts nothing, is owed by no one', () => {
    const changes = [challan.decider.decide({ type: 'Record', data: { id: 3, body: deliveryChallans.body.parse({ customerId: 4, challanDate: '2026-11-20', lines }), context: context('DC-3') }, metadata }, challan.decider.initialState())].flat();
    expect(linesOf(changes).map((l) => l.stockMoved)).toEqual([undefined, undefined]);
    expect(deliveryChallans).toMatchObject({ stock: 'out', books: { posts: false }, owed: false });
    expect(deliveryChallans.gst).toBeUndefined();
    expect((changes[0] as { data: InvoiceData }).data.dueDate).toBeNull();
  });

  it('an invoice made from a challan: the lines it takes from the challan moved already; a line typed besides them moves', () =>
    DeciderSpecification.for(invoice.decider)
      .given([])
      .when(recordInvoice(fromChallan, [{ ...lines[0], quantity: '3', sourceLineNo: 1 }, { itemId: 8, itemName: 'Cup', quantity: '1', rate: '20' }]))
      .thenMatches((changes) => {
        expect(linesOf(changes).map((l) => [l.itemName, l.stockMoved ?? false])).toEqual([['Kettle', true], ['Cup', false]]);
      }));

  it('a line taken from a challan line is that line\'s item: another item is refused on the line (its stock would not move)', () =>
    DeciderSpecification.for(invoice.decider)
      .given([])
      .when(recordInvoice(fromChallan, [{ itemId: 8, itemName: 'Cup', quantity: '1', rate: '20', sourceLineNo: 1 }]))
      .thenThrows((e: unknown) => {
        expect(e).toMatchObject({ kind: 'validation', issues: [{ path: 'lines.0.itemId', message: expect.stringMatching(/takes line 1 of DC-3 \(Kettle\)/) }] });
        return true;
      }));

  it('an invoice made from an order (which moved nothing) moves its stock as any invoice does', () =>
    DeciderSpecification.for(invoice.decider)
      .given([])
      .when(recordInvoice(fromOrder, [{ ...lines[0], sourceLineNo: 1 }]))
      .thenMatches((changes) => expect(linesOf(changes)[0]!.stockMoved).toBeUndefined()));

  it('the rule itself: only a kind that moves stock the same way as its source, and only its taken lines', () => {
    const taken = [{ lineNo: 1, sourceLineNo: 1, itemId: 7 }, { lineNo: 2, itemId: 8 }];
    expect(markStockMoved(salesInvoices, fromChallan, taken)).toEqual([{ lineNo: 1, sourceLineNo: 1, itemId: 7, stockMoved: true }, { lineNo: 2, itemId: 8 }]);
    expect(markStockMoved(salesInvoices, null, taken)).toEqual(taken);
    expect(markStockMoved(salesInvoices, fromOrder, taken)).toEqual(taken);
    // A challan made from an order moves its goods: the order moved none.
    expect(markStockMoved(deliveryChallans, fromOrder, taken)).toEqual(taken);
    // A bill made from a purchase order brings its goods in.
    expect(markStockMoved(purchaseInvoices, { ...fromOrder, stream: purchaseOrders.stream, stock: null }, taken)).toEqual(taken);
  });
});

describe('a challan or a purchase order converts within what is left of its lines', () => {
  const recordOrder: InvoiceCommand = { type: 'Record', data: { id: 3, body: purchaseOrders.body.parse({ vendorId: 4, orderDate: '2026-11-20', lines: [{ ...lines[0], quantity: '10' }] }), context: context('PO-3') }, metadata };
  const [recorded] = order.decider.decide(recordOrder, order.decider.initialState()) as InvoiceChange[];
  const convert = (by: string, quantity: string): InvoiceCommand => ({ type: 'Convert', data: { id: 3, by, number: by.toUpperCase(), partyId: 4, asked: [{ lineNo: 1, quantity, at: 0 }] }, metadata });
  const converted = (by: string, quantity: string): InvoiceChange => ({ kind: 'converted', id: 3, by, number: by.toUpperCase(), lines: [{ lineNo: 1, quantity }] });

  it('a first bill takes 6 of 10; the order shows 4 pending billing', () => {
    DeciderSpecification.for(order.decider).given([recorded!]).when(convert('purchase-invoice-1', '6')).then([converted('purchase-invoice-1', '6')]);
    const answer = quoteAnswer(purchaseOrders, (recorded as { data: InvoiceData }).data, { 'purchase-invoice-1': { number: 'B-1', lines: [{ lineNo: 1, quantity: '6' }] } }, metadata.now);
    expect(answer).toMatchObject({ status: 'part', lines: [{ convertedQuantity: '6', remainingQuantity: '4' }] });
  });

  it('a second bill may take the 4 left, and not 5 (409 on its line, saying what is left)', () => {
    const spec = DeciderSpecification.for(order.decider).given([recorded!, converted('purchase-invoice-1', '6')]);
    spec.when(convert('purchase-invoice-2', '4')).then([converted('purchase-invoice-2', '4')]);
    DeciderSpecification.for(order.decider)
      .given([recorded!, converted('purchase-invoice-1', '6')])
      .when(convert('purchase-invoice-2', '5'))
      .thenThrows((e: unknown) => {
        expect(e).toBeInstanceOf(DomainError);
        expect(e).toMatchObject({ kind: 'conflict', issues: [{ path: 'lines.0.quantity', message: expect.stringMatching(/Only 4 of Kettle \(line 1\) are left on Purchase order PO-3/) }] });
        return true;
      });
  });
});
