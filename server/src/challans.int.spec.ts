import { BOOKS_PATHS, byId, customersEntity, deliveryChallans, itemsEntity, purchaseInvoices, purchaseOrders, saleOrders, salesInvoices, STOCK_PATH, vendorsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Line = { lineNo: number; quantity: string; convertedQuantity?: string; remainingQuantity?: string; stockMoved?: boolean };
const leftOf = (doc: Record<string, unknown>) => (doc.lines as Line[]).map((l) => [l.convertedQuantity, l.remainingQuantity]);

/**
 * Issue 45 over HTTP against Postgres: a purchase order posts nothing and moves nothing, and is
 * billed in two parts, never past what is left; a sale order goes out on a delivery challan (its
 * stock moves then, the books do not) and the challan is invoiced in parts without moving the same
 * stock a second time. Stock is worked out here in whole numbers at each step.
 */
describe('purchase orders and delivery challans', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const trial = async () => read<{ rows: { code: string; balance: string }[] }>(BOOKS_PATHS.trialBalance);
  const stockOf = async (itemId: number) => Number((await read<{ itemId: number; currentStock: string }[]>(STOCK_PATH)).find((s) => s.itemId === itemId)?.currentStock ?? '0');

  it('a purchase order is billed in part, then the rest; only the bills bring stock in and post', async () => {
    const vendor = (await write('post', vendorsEntity.path, { name: 'Kiran Suppliers' })).id;
    const kettle = (await write('post', itemsEntity.path, { name: 'Steel kettle', unit: 'NOS', costPrice: '300' })).id;
    const booksBefore = await trial();
    let stock = await stockOf(kettle);
    const lines = [
      { itemId: kettle, itemName: 'Steel kettle', quantity: '10', rate: '300' },
      { itemName: 'Freight', quantity: '1', rate: '200' },
    ];
    const order = await write('post', purchaseOrders.path, { vendorId: vendor, orderDate: '2026-11-20', deliveryDate: '2026-11-30', lines });
    expect(order).toMatchObject({ orderNumber: expect.stringMatching(/^PO\//), deliveryDate: '2026-11-30', status: 'open', convertedTo: [] });
    expect(order).not.toHaveProperty('balanceDue');
    expect(await trial()).toEqual(booksBefore);
    expect(await stockOf(kettle)).toBe(stock);

    const first = await write('post', purchaseInvoices.path, {
      vendorId: vendor,
      invoiceNumber: 'KS-101',
      invoiceDate: '2026-11-22',
      source: { stream: purchaseOrders.stream, id: order.id },
      lines: [{ ...lines[0], quantity: '6', sourceLineNo: 1 }],
    });
    expect(first).toMatchObject({ source: { stream: purchaseOrders.stream, id: order.id, number: order.orderNumber }, totalAmount: '1800.00' });
    stock += 6;
    expect(await stockOf(kettle)).toBe(stock);
    expect(await trial()).not.toEqual(booksBefore);
    const part = await read(byId(purchaseOrders.path, order.id));
    expect(part).toMatchObject({ status: 'part', convertedTo: [{ by: `${purchaseInvoices.stream}-${first.id}`, number: 'KS-101' }] });
    expect(leftOf(part)).toEqual([['6', '4'], ['0', '1']]);

    const over = await t.owner.post(purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'KS-102', source: { stream: purchaseOrders.stream, id: order.id }, lines: [{ ...lines[0], quantity: '5', sourceLineNo: 1 }] });
    expect(over.status, over.text).toBe(409);
    expect(over.body).toMatchObject({ issues: [{ path: 'lines.0.quantity', message: expect.stringMatching(/^Only 4 of Steel kettle \(line 1\) are left on Purchase order/) }] });

    await write('post', purchaseInvoices.path, {
      vendorId: vendor,
      invoiceNumber: 'KS-102',
      invoiceDate: '2026-11-25',
      source: `${purchaseOrders.stream}-${order.id}`,
      lines: [{ ...lines[0], quantity: '4', sourceLineNo: 1 }, { ...lines[1], sourceLineNo: 2 }],
    });
    stock += 4;
    expect(await stockOf(kettle)).toBe(stock);
    const done = await read(byId(purchaseOrders.path, order.id));
    expect(done).toMatchObject({ status: 'done' });
    expect(leftOf(done)).toEqual([['10', '0'], ['1', '0']]);
  }, 120_000);

  it('sale order → challan (stock out, no books) → invoices (books, no second stock move) → the rest of the order invoiced', async () => {
    const customer = (await write('post', customersEntity.path, { name: 'Lata Caterers' })).id;
    const kettle = (await write('post', itemsEntity.path, { name: 'Copper kettle', unit: 'NOS', sellingPrice: '500' })).id;
    const cup = (await write('post', itemsEntity.path, { name: 'Copper cup', unit: 'NOS', sellingPrice: '100' })).id;
    await write('post', '/api/inventory/stock-adjustments', { itemId: kettle, adjustmentType: 'increase', quantity: '20', reason: 'Opening Stock' });
    await write('post', '/api/inventory/stock-adjustments', { itemId: cup, adjustmentType: 'increase', quantity: '30', reason: 'Opening Stock' });
    let kettles = await stockOf(kettle);
    let cups = await stockOf(cup);
    expect([kettles, cups]).toEqual([20, 30]);
    const booksBefore = await trial();

    const lines = [
      { itemId: kettle, itemName: 'Copper kettle', quantity: '10', rate: '500' },
      { itemId: cup, itemName: 'Copper cup', quantity: '12', rate: '100' },
    ];
    const order = await write('post', saleOrders.path, { customerId: customer, orderDate: '2026-11-20', lines });
    expect(await stockOf(kettle)).toBe(kettles);

    // 6 kettles and all 12 cups go out on a challan: stock moves, the books do not.
    const challan = await write('post', deliveryChallans.path, {
      customerId: customer,
      challanDate: '2026-11-21',
      source: { stream: saleOrders.stream, id: order.id },
      lines: [{ ...lines[0], quantity: '6', sourceLineNo: 1 }, { ...lines[1], sourceLineNo: 2 }],
    });
    expect(challan).toMatchObject({ challanNumber: expect.stringMatching(/^DC\//), status: 'open', source: { stream: saleOrders.stream, id: order.id } });
    expect(challan).not.toHaveProperty('balanceDue');
    kettles -= 6;
    cups -= 12;
    expect([await stockOf(kettle), await stockOf(cup)]).toEqual([kettles, cups]);
    expect(await trial()).toEqual(booksBefore);
    expect(leftOf(await read(byId(saleOrders.path, order.id)))).toEqual([['6', '4'], ['12', '0']]);

    // 4 of the kettles and 5 cups invoiced: the books post, the stock stays where the challan left it.
    const first = await write('post', salesInvoices.path, {
      customerId: customer,
      invoiceDate: '2026-11-24',
      source: { stream: deliveryChallans.stream, id: challan.id },
      lines: [{ ...lines[0], quantity: '4', sourceLineNo: 1 }, { ...lines[1], quantity: '5', sourceLineNo: 2 }],
    });
    expect(first).toMatchObject({ totalAmount: '2500.00', source: { stream: deliveryChallans.stream, number: challan.challanNumber } });
    expect((first.lines as Line[]).map((l) => l.stockMoved)).toEqual([true, true]);
    expect([await stockOf(kettle), await stockOf(cup)]).toEqual([kettles, cups]);
    expect(await trial()).not.toEqual(booksBefore);
    const half = await read(byId(deliveryChallans.path, challan.id));
    expect(half).toMatchObject({ status: 'part' });
    expect(leftOf(half)).toEqual([['4', '2'], ['5', '7']]);

    const over = await t.owner.post(salesInvoices.path, { customerId: customer, source: { stream: deliveryChallans.stream, id: challan.id }, lines: [{ ...lines[0], quantity: '3', sourceLineNo: 1 }] });
    expect(over.status, over.text).toBe(409);
    expect(over.body).toMatchObject({ issues: [{ path: 'lines.0.quantity', message: expect.stringMatching(/^Only 2 of Copper kettle \(line 1\) are left on Delivery challan/) }] });

    const swapped = await t.owner.post(salesInvoices.path, { customerId: customer, source: { stream: deliveryChallans.stream, id: challan.id }, lines: [{ ...lines[1], quantity: '1', sourceLineNo: 1 }] });
    expect(swapped.status, swapped.text).toBe(400);
    expect(swapped.body).toMatchObject({ issues: [{ path: 'lines.0.itemId' }] });

    // The rest of the challan, with a cup typed besides it (that one moves): only the typed cup goes out.
    await write('post', salesInvoices.path, {
      customerId: customer,
      invoiceDate: '2026-11-25',
      source: { stream: deliveryChallans.stream, id: challan.id },
      lines: [{ ...lines[0], quantity: '2', sourceLineNo: 1 }, { ...lines[1], quantity: '7', sourceLineNo: 2 }, { itemId: cup, itemName: 'Copper cup', quantity: '1', rate: '100' }],
    });
    cups -= 1;
    expect([await stockOf(kettle), await stockOf(cup)]).toEqual([kettles, cups]);
    expect(await read(byId(deliveryChallans.path, challan.id))).toMatchObject({ status: 'done' });

    // The 4 kettles the challan did not take, invoiced from the order: they move now.
    await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-11-26', source: { stream: saleOrders.stream, id: order.id }, lines: [{ ...lines[0], quantity: '4', sourceLineNo: 1 }] });
    kettles -= 4;
    expect([await stockOf(kettle), await stockOf(cup)]).toEqual([kettles, cups]);
    expect([kettles, cups]).toEqual([10, 17]);
    const order2 = await read(byId(saleOrders.path, order.id));
    expect(order2).toMatchObject({ status: 'done' });
    expect((order2.convertedTo as { by: string }[]).map((c) => c.by.replace(/-\d+$/, '')).sort()).toEqual([deliveryChallans.stream, salesInvoices.stream]);

    // A challan with goods invoiced stays: it cannot be made inactive.
    const inactive = await t.owner.put(byId(deliveryChallans.path, challan.id), { customerId: customer, challanDate: '2026-11-21', active: false, lines: challan.lines });
    expect(inactive.status, inactive.text).toBe(409);
  }, 120_000);
});
