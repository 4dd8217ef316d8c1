import {
  api,
  applyPath,
  BOOKS_PATHS,
  BUSINESS_PATH,
  byId,
  creditNotes,
  creditsPath,
  customerRefunds,
  debitNotes,
  HEADERS,
  purchaseInvoices,
  receipts,
  salesInvoices,
  STOCK_PATH,
  subtractMoney,
  sumMoney,
  unapplyPath,
  vendorRefunds,
  voidPath,
} from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;
type Balance = { code: string; balance: string };

/**
 * Issue 42 over HTTP, against the product as it runs: a return after the invoice was paid leaves
 * the customer a credit, refunded in cash or applied to a later invoice; advances applied and
 * refunded; notes within what was sold, line by line, even when two race; a price difference
 * moves no stock; voiding a refund gives the credit back; and whatever is refused appends nothing.
 */
describe('returns, refunds and advances', () => {
  const t = signedInOneProcess();
  const { write, read, position } = readYourWrites(() => t.owner);
  const head = async () => z.object({ store: z.object({ head: z.string() }) }).parse((await t.owner.get(api.health)).body).store.head;
  /** A write that must be refused with `status` on `path`, appending nothing. */
  const refused = async (post: () => Promise<{ status: number; body: unknown; text: string }>, status: number, path: string, message?: RegExp) => {
    const before = await head();
    const res = await post();
    expect(res.status, res.text).toBe(status);
    expect(res.body).toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ path, ...(message ? { message: expect.stringMatching(message) } : {}) })]) });
    expect(await head()).toBe(before);
    return res;
  };
  const trial = async (asOf: string) => (await read<{ rows: Balance[] }>(`${BOOKS_PATHS.trialBalance}?asOf=${asOf}`)).rows;
  const balanceOf = (rows: readonly Balance[], code: string) => rows.find((r) => r.code === code)?.balance ?? '0.00';
  const credits = (customerId: number) => read<{ available: string; credits: { source: string; unappliedAmount: string }[] }>(creditsPath('/api/sales/customers', customerId));
  const stockOf = async (itemId: number) => (await read<{ itemId: number; currentStock: string }[]>(STOCK_PATH)).find((s) => s.itemId === itemId)?.currentStock;

  let customer: number;
  let pipe: number;
  let sale: Row;
  let note: Row;
  let refund: Row;

  it('a return after full payment leaves the customer a credit, refunded in cash: the customer\'s ledger and the cash agree', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    customer = (await write('post', '/api/sales/customers', { name: 'Patil Hardware' })).id;
    pipe = (await write('post', '/api/inventory/items', { name: 'PVC pipe 3m', unit: 'NOS', hsnCode: '3917', taxRate: '18', reorderLevel: 10 })).id;
    await write('post', '/api/inventory/stock-adjustments', { itemId: pipe, adjustmentType: 'increase', quantity: '105', reason: 'Opening Stock', adjustmentDate: '2026-05-01' });
    sale = await write('post', salesInvoices.path, {
      customerId: customer,
      invoiceDate: '2026-05-02',
      taxMode: 'gst',
      lines: [{ itemId: pipe, itemName: 'PVC pipe 3m', hsn: '3917', unit: 'NOS', quantity: '2', rate: '250', gstRate: '18' }, { itemName: 'Solvent cement', quantity: '1', rate: '120', gstRate: '18' }],
    });
    await write('post', receipts.path, { customerId: customer, receiptDate: '2026-05-02', paymentMethod: 'cash', lines: [{ invoiceId: sale.id, receivedAmount: sale.totalAmount }] });

    note = await write('post', creditNotes.path, { customerId: customer, invoiceId: sale.id, noteDate: '2026-05-05', reason: 'One pipe cracked', lines: [{ invoiceLineNo: 1, quantity: '1' }] });
    // The line comes from the invoice: its item, HSN, unit, rate and GST; taxed as the invoice was.
    expect(note).toMatchObject({ noteType: 'return', taxMode: 'gst', subTotal: '250.00', appliedAmount: '0.00', refundedAmount: '0.00', unappliedAmount: note.totalAmount });
    expect(note.lines).toEqual([expect.objectContaining({ invoiceLineNo: 1, itemId: pipe, itemName: 'PVC pipe 3m', hsn: '3917', unit: 'NOS', quantity: '1', rate: '250.00', gstRate: '18' })]);
    const paid = await read(byId(salesInvoices.path, sale.id));
    expect(paid).toMatchObject({ status: 'paid', balanceDue: '0.00', creditedAmount: '0.00', notesAmount: note.totalAmount });
    expect((paid.lines as { returnedQuantity: string }[]).map((l) => l.returnedQuantity)).toEqual(['1', '0']);
    expect(await credits(customer)).toEqual({ available: note.totalAmount, credits: [expect.objectContaining({ source: `credit-note-${note.id}`, unappliedAmount: note.totalAmount })] });
    expect(await stockOf(pipe)).toBe('104');

    refund = await write('post', customerRefunds.path, { customerId: customer, refundDate: '2026-05-06', paymentMethod: 'cash', lines: [{ source: `credit-note-${note.id}`, amount: note.totalAmount }] });
    expect(refund).toMatchObject({ refundNumber: 'RFD/2026-27/0001', totalAmount: note.totalAmount, lines: [{ source: `credit-note-${note.id}`, sourceNumber: note.noteNumber }] });
    expect(await read(byId(creditNotes.path, note.id))).toMatchObject({ refundedAmount: note.totalAmount, unappliedAmount: '0.00' });
    expect((await credits(customer)).available).toBe('0.00');

    const statement = await read<{ closing: string; entries: { voucherType: string }[] }>(`${BOOKS_PATHS.statement(`customer-${customer}`)}?from=2026-05-01&to=2026-05-31`);
    expect(statement.entries.map((e) => e.voucherType)).toEqual(['Sales invoice', 'Receipt', 'Credit note', 'Refund']);
    expect(statement.closing).toBe('0.00');
    const may = await trial('2026-05-31');
    expect(balanceOf(may, 'cash')).toBe(subtractMoney(String(sale.totalAmount), String(note.totalAmount)));
    expect(balanceOf(may, 'debtors')).toBe('0.00');
  });

  it('voiding the refund gives the customer the credit back, and the cash', async () => {
    await write('post', voidPath(byId(customerRefunds.path, refund.id)), { reason: 'Customer took a replacement instead' }, 200);
    expect(await read(byId(creditNotes.path, note.id))).toMatchObject({ refundedAmount: '0.00', unappliedAmount: note.totalAmount });
    expect((await credits(customer)).available).toBe(note.totalAmount);
    expect(balanceOf(await trial('2026-05-31'), 'cash')).toBe(sale.totalAmount);
    // A voided refund cannot be voided again, and nothing is written.
    await refused(() => t.owner.post(voidPath(byId(customerRefunds.path, refund.id)), { reason: 'again' }), 409, 'id');
  });

  it('the credit applied to a later invoice, within what is due there and what is left of it; taken back, it is credit again', async () => {
    const later = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-06-02', taxMode: 'manual', lines: [{ itemName: 'Bend', quantity: '10', rate: '20' }] });
    const applied = await write('post', applyPath(byId(creditNotes.path, note.id)), { invoiceId: later.id, amount: '200' }, 200);
    expect(applied).toMatchObject({ appliedAmount: '200.00', unappliedAmount: subtractMoney(String(note.totalAmount), '200') });
    expect(await read(byId(salesInvoices.path, later.id))).toMatchObject({ status: 'paid', creditedAmount: '200.00', balanceDue: '0.00' });
    await refused(() => t.owner.post(applyPath(byId(creditNotes.path, note.id)), { invoiceId: later.id, amount: '0.01' }), 409, 'amount', /Only ₹200\.00 is due/);
    const big = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-06-02', taxMode: 'manual', lines: [{ itemName: 'Tank', quantity: '1', rate: '5000' }] });
    await refused(() => t.owner.post(applyPath(byId(creditNotes.path, note.id)), { invoiceId: big.id, amount: '95.01' }), 409, 'amount', /left to apply or refund/);
    const other = (await write('post', '/api/sales/customers', { name: 'Someone Else' })).id;
    const foreign = await write('post', salesInvoices.path, { customerId: other, taxMode: 'manual', lines: [{ itemName: 'x', quantity: '1', rate: '10' }] });
    await refused(() => t.owner.post(applyPath(byId(creditNotes.path, note.id)), { invoiceId: foreign.id, amount: '1' }), 409, 'invoiceId', /not from this customer/);

    await write('post', unapplyPath(byId(creditNotes.path, note.id)), { invoiceId: later.id }, 200);
    expect(await read(byId(salesInvoices.path, later.id))).toMatchObject({ status: 'pending', balanceDue: '200.00' });
    expect(await read(byId(creditNotes.path, note.id))).toMatchObject({ appliedAmount: '0.00', unappliedAmount: note.totalAmount });
  });

  it('an advance received, applied to an invoice later; another refunded, which then cannot be voided under it', async () => {
    const advance = await write('post', receipts.path, { customerId: customer, receiptDate: '2026-06-03', paymentMethod: 'upi', amount: '500' });
    expect(advance).toMatchObject({ totalAmount: '500.00', appliedAmount: '0.00', unappliedAmount: '500.00', lines: [] });
    const bill = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-06-04', taxMode: 'manual', lines: [{ itemName: 'Tee', quantity: '15', rate: '20' }] });
    expect(await write('post', applyPath(byId(receipts.path, advance.id)), { invoiceId: bill.id, amount: '300' }, 200)).toMatchObject({ totalAmount: '500.00', appliedAmount: '300.00', unappliedAmount: '200.00', lines: [expect.objectContaining({ invoiceId: bill.id, receivedAmount: '300.00' })] });
    expect(await read(byId(salesInvoices.path, bill.id))).toMatchObject({ status: 'paid', paidAmount: '300.00' });
    await refused(() => t.owner.post(applyPath(byId(receipts.path, advance.id)), { invoiceId: bill.id, amount: '200.01' }), 409, 'amount', /Only ₹200\.00 of receipt/);
    await refused(() => t.owner.post(applyPath(byId(receipts.path, advance.id)), { invoiceId: bill.id, amount: '1' }), 409, 'amount', /Only ₹0\.00 is due on sales invoice/);
    // A receipt's amount cannot be less than its lines.
    await refused(() => t.owner.post(receipts.path, { customerId: customer, paymentMethod: 'cash', amount: '10', lines: [{ invoiceId: bill.id, receivedAmount: '20' }] }), 400, 'amount');

    const onAccount = await write('post', receipts.path, { customerId: customer, receiptDate: '2026-06-05', paymentMethod: 'cash', amount: '150' });
    const back = await write('post', customerRefunds.path, { customerId: customer, refundDate: '2026-06-06', paymentMethod: 'cash', lines: [{ source: `receipt-${onAccount.id}`, amount: '150' }] });
    expect(back).toMatchObject({ refundNumber: 'RFD/2026-27/0002', totalAmount: '150.00' });
    expect(await read(byId(receipts.path, onAccount.id))).toMatchObject({ refundedAmount: '150.00', unappliedAmount: '0.00', refunds: [{ by: `refund-${back.id}`, amount: '150.00' }] });
    await refused(() => t.owner.post(voidPath(byId(receipts.path, onAccount.id)), { reason: 'mistake' }), 409, 'id', /was refunded: void that refund first/);
    await refused(() => t.owner.post(customerRefunds.path, { customerId: customer, paymentMethod: 'cash', lines: [{ source: `receipt-${advance.id}`, amount: '200.01' }] }), 409, 'lines.0.amount');
    expect(await credits(customer)).toMatchObject({ available: sumMoney(['200', String(note.totalAmount)]) });
  });

  it('a line comes back at most as many times as it was sold: one note over it is refused, two together too', async () => {
    const sold = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-06-07', taxMode: 'manual', lines: [{ itemName: 'Valve', quantity: '5', rate: '100' }] });
    const ret = (quantity: string) => t.owner.post(creditNotes.path, { customerId: customer, invoiceId: sold.id, lines: [{ invoiceLineNo: 1, quantity }] });
    await refused(() => ret('6'), 400, 'lines.0.quantity', /Only 5 of Valve \(line 1\) were invoiced/);
    await refused(() => t.owner.post(creditNotes.path, { customerId: customer, invoiceId: sold.id, lines: [{ invoiceLineNo: 2, quantity: '1' }] }), 400, 'lines.0.invoiceLineNo', /has no line 2/);
    expect((await ret('3')).status).toBe(201);
    await refused(() => ret('2.001'), 409, 'lines.0.quantity', /Only 2 of Valve \(line 1\) can still be returned on invoice .*: 5 sold, 3 returned/);
  });

  it('two notes racing for the last of a line: one is recorded, the other refused', async () => {
    const sold = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-06-08', taxMode: 'manual', lines: [{ itemName: 'Meter', quantity: '1', rate: '900' }] });
    const race = await Promise.all([1, 2].map(() => t.owner.post(creditNotes.path, { customerId: customer, invoiceId: sold.id, lines: [{ invoiceLineNo: 1, quantity: '1' }] })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.status === 409)!.body).toMatchObject({ issues: [{ path: 'lines.0.quantity', message: expect.stringMatching(/Only 0 of Meter/) }] });
    const won = race.find((r) => r.status === 201)!.headers.get(HEADERS.eventPosition)!;
    const after = (await t.owner.get<{ lines: { returnedQuantity: string }[] }>(byId(salesInvoices.path, sold.id), { headers: { [HEADERS.minPosition]: won } })).body;
    expect(after.lines[0]!.returnedQuantity).toBe('1');
  });

  it('a price difference moves no stock: 50 pipes billed ₹10 too much', async () => {
    const bill = await write('post', salesInvoices.path, { customerId: customer, invoiceDate: '2026-06-09', taxMode: 'gst', lines: [{ itemId: pipe, itemName: 'PVC pipe 3m', hsn: '3917', unit: 'NOS', quantity: '50', rate: '250', gstRate: '18' }] });
    const stock = await stockOf(pipe);
    const price = await write('post', creditNotes.path, { customerId: customer, invoiceId: bill.id, noteType: 'price', taxMode: 'gst', reason: 'Billed ₹10 too much', lines: [{ itemId: pipe, itemName: 'PVC pipe 3m (₹10 less)', hsn: '3917', unit: 'NOS', quantity: '50', rate: '10', gstRate: '18' }] });
    expect(price).toMatchObject({ noteType: 'price', subTotal: '500.00' });
    expect(await stockOf(pipe)).toBe(stock);
    expect(await read(byId(salesInvoices.path, bill.id))).toMatchObject({ creditedAmount: price.totalAmount, balanceDue: subtractMoney(String(bill.totalAmount), String(price.totalAmount)) });
  });

  it('the mirror on a paid bill: a debit note leaves us a credit with the vendor, and the vendor\'s refund comes into the bank', async () => {
    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Ambuja Distributors' })).id;
    const bill = await write('post', purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'AD/77', invoiceDate: '2026-06-10', taxMode: 'manual', lines: [{ itemName: 'Cement bag', quantity: '10', rate: '380' }], paidNow: '3800', paymentMethod: 'bank_transfer' });
    expect(bill).toMatchObject({ status: 'paid' });
    const debit = await write('post', debitNotes.path, { vendorId: vendor, invoiceId: bill.id, noteDate: '2026-06-11', reason: 'Two bags wet', lines: [{ invoiceLineNo: 1, quantity: '2' }] });
    expect(debit).toMatchObject({ noteType: 'return', totalAmount: '760.00', unappliedAmount: '760.00' });
    expect(await read(creditsPath('/api/purchase/vendors', vendor))).toMatchObject({ available: '760.00' });
    const back = await write('post', vendorRefunds.path, { vendorId: vendor, refundDate: '2026-06-12', paymentMethod: 'bank_transfer', referenceNumber: 'UTR-991', lines: [{ source: `debit-note-${debit.id}`, amount: '760' }] });
    expect(back).toMatchObject({ refundNumber: 'VRF/2026-27/0001', totalAmount: '760.00' });
    expect(await read(byId(debitNotes.path, debit.id))).toMatchObject({ refundedAmount: '760.00', unappliedAmount: '0.00' });
    const statement = await read<{ closing: string; entries: { voucherType: string }[] }>(`${BOOKS_PATHS.statement(`vendor-${vendor}`)}?from=2026-06-01&to=2026-06-30`);
    expect(statement.entries.map((e) => e.voucherType)).toEqual(['Invoice', 'Payment', 'Debit note', 'Vendor refund']);
    expect(statement.closing).toBe('0.00');
    const ledger = await read<{ entries: { voucherType: string; debit: string; credit: string }[] }>(`${BOOKS_PATHS.ledger('bank')}?from=2026-06-10&to=2026-06-12`);
    expect(ledger.entries.map((e) => `${e.voucherType} ${e.debit}/${e.credit}`)).toEqual(['Payment 0.00/3800.00', 'Vendor refund 760.00/0.00']);
  });

  it('refused: a refund of more than a note has left, of another customer\'s credit, or of a credit that does not exist', async () => {
    const other = (await write('post', '/api/sales/customers', { name: 'Third Party' })).id;
    await refused(() => t.owner.post(customerRefunds.path, { customerId: customer, paymentMethod: 'cash', lines: [{ source: `credit-note-${note.id}`, amount: sumMoney([String(note.totalAmount), '0.01']) }] }), 409, 'lines.0.amount');
    await refused(() => t.owner.post(customerRefunds.path, { customerId: other, paymentMethod: 'cash', lines: [{ source: `credit-note-${note.id}`, amount: '1' }] }), 409, 'lines.0.source', /not from this customer/);
    await refused(() => t.owner.post(customerRefunds.path, { customerId: customer, paymentMethod: 'cash', lines: [{ source: 'credit-note-999999', amount: '1' }] }), 409, 'lines.0.source', /not found/);
    await refused(() => t.owner.post(customerRefunds.path, { customerId: customer, paymentMethod: 'cash', lines: [{ source: 'sales-invoice-1', amount: '1' }] }), 400, 'lines.0.source');
    expect((await t.owner.get(creditsPath('/api/sales/customers', 999999), { headers: { [HEADERS.minPosition]: position() } })).status).toBe(404);
  });
});
