import { BOOKS_PATHS, byId, customersEntity, estimates, itemsEntity, receipts, saleOrders, salesInvoices, STOCK_PATH } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;
type Line = { lineNo: number; quantity: string; convertedQuantity?: string; remainingQuantity?: string; sourceLineNo?: number };

/**
 * Issue 45 over HTTP against Postgres: an estimate and a sale order post nothing and move no
 * stock; an order is invoiced in two parts (each invoice moves stock and posts), never past what
 * is left; both ends show the link.
 */
describe('estimate → sale order → invoices', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const trial = async () => read<{ rows: { code: string; balance: string }[] }>(BOOKS_PATHS.trialBalance);
  const stockOf = async (itemId: number) => (await read<{ itemId: number; currentStock: string }[]>(STOCK_PATH)).find((s) => s.itemId === itemId)?.currentStock ?? '0';

  it('posts nothing and moves no stock until invoiced; invoices take no more than is left', async () => {
    const customer = (await write('post', customersEntity.path, { name: 'Asha Traders' })).id;
    const other = (await write('post', customersEntity.path, { name: 'Ravi Stores' })).id;
    const kettle = (await write('post', itemsEntity.path, { name: 'Kettle', unit: 'NOS', sellingPrice: '400' })).id;
    await write('post', '/api/inventory/stock-adjustments', { itemId: kettle, adjustmentType: 'increase', quantity: '20', reason: 'Opening Stock' });
    const booksBefore = await trial();
    const stockBefore = await stockOf(kettle);

    const lines = [
      { itemId: kettle, itemName: 'Kettle', quantity: '10', rate: '400' },
      { itemName: 'Fitting', quantity: '1', rate: '150' },
    ];
    const estimate = await write('post', estimates.path, { customerId: customer, estimateDate: '2026-11-20', validUntil: '2026-11-30', lines });
    expect(estimate).toMatchObject({ estimateNumber: expect.stringMatching(/^EST\//), validUntil: '2026-11-30', status: 'open', convertedTo: [], source: null });
    const order = await write('post', saleOrders.path, {
      customerId: customer,
      orderDate: '2026-11-21',
      source: { stream: estimates.stream, id: estimate.id },
      lines: lines.map((l, i) => ({ ...l, sourceLineNo: i + 1 })),
    });
    expect(order).toMatchObject({ orderNumber: expect.stringMatching(/^SO\//), status: 'open', source: { stream: 'estimate', id: estimate.id, number: estimate.estimateNumber } });
    const quoted = await read(byId(estimates.path, estimate.id));
    expect(quoted).toMatchObject({ status: 'accepted', convertedTo: [{ by: `sale-order-${order.id}`, number: order.orderNumber }] });
    expect((quoted.lines as Line[]).map((l) => l.remainingQuantity)).toEqual(['0', '0']);

    // Nothing in the books or the stock yet; the estimate and order are not owed.
    expect(await trial()).toEqual(booksBefore);
    expect(await stockOf(kettle)).toBe(stockBefore);
    const listed = await read<Row[]>(saleOrders.path);
    expect(listed.find((o) => o.id === order.id)).not.toHaveProperty('balanceDue');

    // Part of the order invoiced: stock goes out, the books post.
    const part = await write('post', salesInvoices.path, {
      customerId: customer,
      invoiceDate: '2026-11-22',
      source: { stream: saleOrders.stream, id: order.id },
      lines: [{ ...lines[0], quantity: '4', sourceLineNo: 1 }],
    });
    expect(part).toMatchObject({ source: { stream: 'sale-order', id: order.id }, totalAmount: '1600.00' });
    expect(await stockOf(kettle)).toBe(String(Number(stockBefore) - 4));
    expect(await trial()).not.toEqual(booksBefore);
    const half = await read(byId(saleOrders.path, order.id));
    expect(half).toMatchObject({ status: 'part' });
    expect((half.lines as Line[]).map((l) => [l.convertedQuantity, l.remainingQuantity])).toEqual([['4', '6'], ['0', '1']]);

    // More than is left: 409 naming the line; another customer's order: 400 on the source.
    const over = await t.owner.post(salesInvoices.path, { customerId: customer, source: { stream: 'sale-order', id: order.id }, lines: [{ ...lines[0], quantity: '7', sourceLineNo: 1 }] });
    expect(over.status, over.text).toBe(409);
    expect(over.body).toMatchObject({ issues: [{ path: 'lines.0.quantity', message: expect.stringMatching(/^Only 6 of Kettle \(line 1\) are left on Sale order/) }] });
    const stranger = await t.owner.post(salesInvoices.path, { customerId: other, source: { stream: 'sale-order', id: order.id }, lines: [{ ...lines[0], quantity: '1', sourceLineNo: 1 }] });
    expect(stranger.status, stranger.text).toBe(400);
    expect(stranger.body).toMatchObject({ issues: [{ path: 'source' }] });
    const unknownKind = await t.owner.post(salesInvoices.path, { customerId: customer, source: { stream: 'purchase-invoice', id: 1 }, lines });
    expect(unknownKind.status, unknownKind.text).toBe(400);
    expect(unknownKind.body).toMatchObject({ issues: [{ path: 'source.stream' }] });

    // The rest, and a receipt for the whole: the order is done, both invoices link back.
    const rest = await write('post', salesInvoices.path, {
      customerId: customer,
      invoiceDate: '2026-11-23',
      source: { stream: 'sale-order', id: order.id },
      lines: [{ ...lines[0], quantity: '6', sourceLineNo: 1 }, { ...lines[1], sourceLineNo: 2 }],
      paidNow: '2550.00',
    });
    expect(rest).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    expect(await stockOf(kettle)).toBe(String(Number(stockBefore) - 10));
    const done = await read(byId(saleOrders.path, order.id));
    expect(done).toMatchObject({ status: 'done' });
    expect((done.convertedTo as { number: string }[]).map((c) => c.number).sort()).toEqual([part.invoiceNumber, rest.invoiceNumber].sort());
    const receipt = await write('post', receipts.path, { customerId: customer, paymentMethod: 'cash', lines: [{ invoiceId: part.id, receivedAmount: '1600.00' }] });
    expect(receipt).toMatchObject({ totalAmount: '1600.00' });
    expect(await read(byId(salesInvoices.path, part.id))).toMatchObject({ status: 'paid' });

  }, 120_000);

  it('an estimate declined, or past its day unanswered, is converted into nothing', async () => {
    const customer = (await write('post', customersEntity.path, { name: 'Meena Textiles' })).id;
    const lines = [{ itemName: 'Cloth', quantity: '3', rate: '120' }];
    const old = await write('post', estimates.path, { customerId: customer, estimateDate: '2025-01-01', validUntil: '2025-01-15', lines });
    expect(await read(byId(estimates.path, old.id))).toMatchObject({ status: 'expired' });
    const declined = await write('put', byId(estimates.path, old.id), { customerId: customer, estimateDate: '2025-01-01', validUntil: '2025-01-15', answer: 'declined', lines });
    expect(declined).toMatchObject({ status: 'declined', answer: 'declined' });
    const refused = await t.owner.post(salesInvoices.path, { customerId: customer, source: { stream: 'estimate', id: old.id }, lines: [{ ...lines[0], sourceLineNo: 1 }] });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ issues: [{ path: 'source', message: expect.stringMatching(/is declined/) }] });
    const invalid = await t.owner.post(estimates.path, { customerId: customer, estimateDate: '2026-11-20', validUntil: '2026-11-10', lines });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ issues: [{ path: 'validUntil' }] });
  }, 60_000);
});
