import {
  api,
  byId,
  compareMoney,
  HEADERS,
  historyOf,
  HomeSummarySchema,
  ItemStockSchema,
  STOCK_PATH,
  stockAdjustmentsEntity,
  indiaDate,
  MASTER_DATA_ENTITIES,
  RecordedEventSchema,
  purchaseInvoices,
  receipts,
  salesInvoices,
  SETTLEMENT_DOCUMENTS,
  type SettlementDocument,
  sumMoney,
  voidPath,
} from '@erp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { HttpClient } from './testing/http-client';
import { type Mode, type RunningSystem, startSystem } from './testing/run-modes';
import { TEST_SETUP_CODE } from './testing/processes';

/**
 * Invoices and the documents that settle them over HTTP (DESIGN §3.5, §4), purchase and sales,
 * in both run modes: the server computes amounts, payments and receipts settle invoices
 * atomically, status follows the money, and no race can overpay an invoice.
 */
const Invoice = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  balanceDue: z.string(),
  status: z.string(),
  lines: z.array(z.object({ itemName: z.string(), amount: z.string() }).loose()),
  allocations: z.array(z.record(z.string(), z.union([z.number(), z.string()]))),
}).loose();
type Invoice = z.infer<typeof Invoice>;
const Settlement = z.object({ id: z.number(), totalAmount: z.string(), invoiceId: z.number().nullable(), lines: z.array(z.record(z.string(), z.unknown())) }).loose();

const documents = (mode: Mode) => {
  describe(`documents, ${mode} mode`, () => {
    let system: RunningSystem;
    let owner: HttpClient;

    beforeAll(async () => {
      system = await startSystem(mode);
      owner = new HttpClient(system.baseUrl);
      expect((await owner.post(api.auth.setup, { username: 'owner', password: 'correct horse battery staple', setupCode: TEST_SETUP_CODE })).status).toBe(201);
    }, 180_000);
    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    const head = async () => z.object({ store: z.object({ head: z.string() }) }).parse((await owner.get(api.health)).body).store.head;

    // Bills and invoices (their fields are named so here); an expense and its payments, by the same generic code, in expenses.int.spec.ts.
    describe.each(SETTLEMENT_DOCUMENTS.filter((doc) => !doc.invoices.category).map((doc) => ({ doc, label: `${doc.invoices.path} settled by ${doc.path}` })))('$label', ({ doc }: { doc: SettlementDocument }) => {
      const invoices = doc.invoices;
      const party = doc.party.field;
      const amountField = doc.lineAmount.field;
      const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.label === doc.party.label)!;
      let numbers = 0;
      const number = (prefix: string) => `${prefix}-${mode}-${++numbers}`;

      const newParty = async (name: string) => {
        const res = await owner.post(partyEntity.path, { name });
        expect(res.status, res.text).toBe(201);
        return partyEntity.record.parse(res.body).id as number;
      };
      const invoice = async (partyId: number, invoiceNumber: string, lines: Record<string, unknown>[], taxAmount = '0') => {
        const res = await owner.post(invoices.path, { [party]: partyId, invoiceNumber, taxAmount, lines });
        expect(res.status, res.text).toBe(201);
        return Invoice.parse(res.body);
      };
      const settle = (partyId: number, lines: { invoiceId: number; amount: string }[]) =>
        owner.post(doc.path, { [party]: partyId, paymentMethod: 'upi', referenceNumber: 'UTR-1', lines: lines.map((l) => ({ invoiceId: l.invoiceId, [amountField]: l.amount })) });
      const readInvoice = async (id: number, position?: string | null) => {
        const res = await owner.get(byId(invoices.path, id), position ? { headers: { [HEADERS.minPosition]: position } } : {});
        expect(res.status, res.text).toBe(200);
        return Invoice.parse(invoices.record.parse(res.body));
      };
      const sharesOf = (inv: Invoice) => inv.allocations.map((a) => ({ id: Number(a[invoices.settledBy]), amount: String(a.amount) }));

      it('an invoice with two lines: amounts computed by the server, listed pending, lines readable', async () => {
        const partyId = await newParty(`Lines ${mode}`);
        const created = await invoice(partyId, number('L'), [
          { itemName: 'Rice', quantity: '2.5', rate: '40.10' },
          { itemName: 'Dal', quantity: 3, rate: 33.5 },
        ], '18.25');
        expect(created).toMatchObject({ subTotal: '200.75', taxAmount: '18.25', totalAmount: '219.00', paidAmount: '0.00', balanceDue: '219.00', status: 'pending' });
        expect(created.lines.map((l) => l.amount)).toEqual(['100.25', '100.50']);
        const list = await owner.get(invoices.path, { headers: { [HEADERS.minPosition]: await head() } });
        const entry = z.array(invoices.summary).parse(list.body).find((i) => (i as { id: number }).id === created.id);
        expect(entry).toMatchObject({ invoiceNumber: created.invoiceNumber, status: 'pending', totalAmount: '219.00' });
        const lines = await owner.get(`${byId(invoices.path, created.id)}/lines`);
        expect(z.array(invoices.line).parse(lines.body).map((l) => (l as { amount: string }).amount)).toEqual(['100.25', '100.50']);
      });

      it('part paid → partial; the rest → paid; one paisa more is refused on its line and appends nothing', async () => {
        const partyId = await newParty(`Settling ${mode}`);
        const bill = await invoice(partyId, number('S'), [{ itemName: 'Oil', quantity: 10, rate: '150' }]);
        const first = await settle(partyId, [{ invoiceId: bill.id, amount: '600' }]);
        expect(first.status, first.text).toBe(201);
        expect(Settlement.parse(doc.record.parse(first.body))).toMatchObject({ totalAmount: '600.00', invoiceId: bill.id, lines: [{ invoiceNumber: bill.invoiceNumber, invoiceAmount: '1500.00', [amountField]: '600.00' }] });
        expect(await readInvoice(bill.id, first.headers.get(HEADERS.eventPosition))).toMatchObject({ status: 'partial', paidAmount: '600.00', balanceDue: '900.00' });

        const rest = await settle(partyId, [{ invoiceId: bill.id, amount: '900.00' }]);
        expect(rest.status, rest.text).toBe(201);
        expect(await readInvoice(bill.id, rest.headers.get(HEADERS.eventPosition))).toMatchObject({ status: 'paid', balanceDue: '0.00' });

        const before = await head();
        const extra = await settle(partyId, [{ invoiceId: bill.id, amount: '0.01' }]);
        expect(extra.status).toBe(409);
        expect(extra.body).toMatchObject({ error: 'conflict', issues: [{ path: `lines.0.${amountField}`, message: `Only ₹0.00 is due on ${invoices.label.toLowerCase()} ${bill.invoiceNumber}` }] });
        expect(await head()).toBe(before);
      });

      it('editing re-allocates in one append: moved to another invoice, the first is released', async () => {
        const partyId = await newParty(`Moving ${mode}`);
        const a = await invoice(partyId, number('M'), [{ itemName: 'A', quantity: 1, rate: '100' }]);
        const b = await invoice(partyId, number('M'), [{ itemName: 'B', quantity: 1, rate: '100' }]);
        const created = await settle(partyId, [{ invoiceId: a.id, amount: '100' }]);
        const id = Settlement.parse(created.body).id;
        const moved = await owner.put(byId(doc.path, id), { [party]: partyId, paymentMethod: 'cash', lines: [{ invoiceId: b.id, [amountField]: '40' }] }, { headers: { 'if-match': '"1"' } });
        expect(moved.status, moved.text).toBe(200);
        expect(moved.headers.get('etag')).toBe('"2"');
        const position = moved.headers.get(HEADERS.eventPosition)!;
        expect(await readInvoice(a.id, position)).toMatchObject({ status: 'pending', allocations: [] });
        const movedTo = await readInvoice(b.id, position);
        expect(movedTo.status).toBe('partial');
        expect(sharesOf(movedTo)).toEqual([{ id, amount: '40.00' }]);
        const events = z.array(RecordedEventSchema).parse((await owner.get(`${api.events}?after=${BigInt(position) - 3n}&limit=10`)).body);
        expect(events.map((e) => e.type).sort()).toEqual([invoices.events.names.allocated, invoices.events.names.released, doc.events.names.revised].sort());
        const list = z.array(doc.summary).parse((await owner.get(doc.path, { headers: { [HEADERS.minPosition]: position } })).body);
        expect(list.find((p) => (p as { id: number }).id === id)).toMatchObject({ paymentMethod: 'cash', totalAmount: '40.00', invoiceId: b.id });
      });

      it('made inactive it settles nothing (its invoices are released); active again, it settles them again', async () => {
        const partyId = await newParty(`Inactive ${mode}`);
        const bill = await invoice(partyId, number('I'), [{ itemName: 'A', quantity: 1, rate: '100' }]);
        const created = await settle(partyId, [{ invoiceId: bill.id, amount: '100' }]);
        const id = Settlement.parse(created.body).id;
        const body = { [party]: partyId, paymentMethod: 'upi', referenceNumber: 'UTR-1', lines: [{ invoiceId: bill.id, [amountField]: '100' }] };
        const off = await owner.put(byId(doc.path, id), { ...body, active: false });
        expect(off.status, off.text).toBe(200);
        expect(doc.record.parse(off.body)).toMatchObject({ active: false, totalAmount: '100.00' });
        expect(await readInvoice(bill.id, off.headers.get(HEADERS.eventPosition))).toMatchObject({ status: 'pending', paidAmount: '0.00', allocations: [] });
        const on = await owner.put(byId(doc.path, id), { ...body, active: true });
        expect(on.status, on.text).toBe(200);
        expect(await readInvoice(bill.id, on.headers.get(HEADERS.eventPosition))).toMatchObject({ status: 'paid', paidAmount: '100.00' });
      });

      it('voided with a reason: its invoices are released, the reason is in its history, and it cannot be revised or voided again', async () => {
        const partyId = await newParty(`Void ${mode}`);
        const bill = await invoice(partyId, number('V'), [{ itemName: 'A', quantity: 2, rate: '100' }]);
        const created = await settle(partyId, [{ invoiceId: bill.id, amount: '150' }]);
        const id = Settlement.parse(created.body).id;
        const noReason = await owner.post(voidPath(byId(doc.path, id)), { reason: '  ' });
        expect(noReason.status).toBe(400);
        expect(noReason.body).toMatchObject({ issues: [{ path: 'reason', message: 'Please give a reason' }] });
        const voided = await owner.post(voidPath(byId(doc.path, id)), { reason: 'Entered twice by mistake' });
        expect(voided.status, voided.text).toBe(200);
        expect(doc.record.parse(voided.body)).toMatchObject({ active: false, voidReason: 'Entered twice by mistake' });
        const position = voided.headers.get(HEADERS.eventPosition)!;
        expect(await readInvoice(bill.id, position)).toMatchObject({ status: 'pending', paidAmount: '0.00', balanceDue: '200.00' });
        const listed = z.array(doc.summary).parse((await owner.get(doc.path, { headers: { [HEADERS.minPosition]: position } })).body);
        expect(listed.find((p) => (p as { id: number }).id === id)).toMatchObject({ active: false, voidReason: 'Entered twice by mistake' });
        const history = z.array(z.object({ type: z.string(), changes: z.array(z.object({ field: z.string(), to: z.unknown() })) }).loose()).parse((await owner.get(historyOf(doc.path, id))).body);
        expect(history.at(-1)).toMatchObject({ type: doc.events.names.voided, changes: expect.arrayContaining([{ field: 'voidReason', from: null, to: 'Entered twice by mistake' }]) });
        const before = await head();
        const revise = await owner.put(byId(doc.path, id), { [party]: partyId, paymentMethod: 'cash', lines: [{ invoiceId: bill.id, [amountField]: '10' }] });
        expect(revise.status).toBe(409);
        expect((await owner.post(voidPath(byId(doc.path, id)), { reason: 'again' })).status).toBe(409);
        expect(await head()).toBe(before);
        // The invoice can be settled by another document now.
        expect((await settle(partyId, [{ invoiceId: bill.id, amount: '200' }])).status).toBe(201);
      });

      it('a direct payment read with GET is accepted back by PUT unchanged (totalAmount stands for amount)', async () => {
        const partyId = await newParty(`Direct ${mode}`);
        const created = await owner.post(doc.path, { [party]: partyId, paymentMethod: 'cash', amount: '250.50' });
        expect(created.status, created.text).toBe(201);
        const id = Settlement.parse(created.body).id;
        const got = await owner.get(byId(doc.path, id), { headers: { [HEADERS.minPosition]: created.headers.get(HEADERS.eventPosition)! } });
        const before = await head();
        const put = await owner.put(byId(doc.path, id), got.body);
        expect(put.status, put.text).toBe(200);
        expect(put.body).toEqual(got.body);
        expect(await head()).toBe(before);
      });

      it('a total below what is paid is a 409 saying how much; a bill number twice is a 409 on invoiceNumber', async () => {
        const partyId = await newParty(`Rules ${mode}`);
        const bill = await invoice(partyId, number('R'), [{ itemName: 'A', quantity: 1, rate: '500' }]);
        await settle(partyId, [{ invoiceId: bill.id, amount: '300' }]);
        const lower = await owner.put(byId(invoices.path, bill.id), { [party]: partyId, invoiceNumber: bill.invoiceNumber, lines: [{ itemName: 'A', quantity: 1, rate: '299.99' }] });
        expect(lower.status).toBe(409);
        expect(lower.body).toMatchObject({ message: expect.stringContaining('₹300.00 is already paid') });
        const again = await owner.post(invoices.path, { [party]: partyId, invoiceNumber: bill.invoiceNumber.toLowerCase(), lines: [{ itemName: 'B', quantity: 1, rate: '1' }] });
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ issues: [{ path: 'invoiceNumber' }] });
        const other = await newParty(`Other ${mode}`);
        const elsewhere = await owner.post(invoices.path, { [party]: other, invoiceNumber: bill.invoiceNumber, lines: [{ itemName: 'B', quantity: 1, rate: '1' }] });
        // A vendor's bill numbers are the vendor's own; a business numbers its sales once.
        expect(elsewhere.status).toBe(invoices.numberUnique === 'party' ? 201 : 409);
        const history = z.array(z.object({ type: z.string() }).loose()).parse((await owner.get(historyOf(invoices.path, bill.id))).body);
        expect(history.map((h) => h.type)).toEqual([invoices.events.names.recorded, invoices.events.names.allocated]);
      });

      it('many concurrent settlements against a few invoices never overpay one; every 201 is reflected, every 409 appended nothing', async () => {
        const partyId = await newParty(`Race ${mode}`);
        const bills: Invoice[] = [];
        for (let i = 0; i < 3; i++) bills.push(await invoice(partyId, number('RACE'), [{ itemName: 'Stock', quantity: 1, rate: '1000' }]));
        const accepted: { id: number; lines: { invoiceId: number; amount: string }[] }[] = [];
        const counts = { created: 0, refused: 0 };
        for (let round = 0; round < 3; round++) {
          const attempts = Array.from({ length: 16 }, () =>
            [...bills]
              .sort(() => Math.random() - 0.5)
              .slice(0, 1 + Math.floor(Math.random() * 2))
              .map((b) => ({ invoiceId: b.id, amount: (50 + Math.floor(Math.random() * 20000) / 100).toFixed(2) })),
          );
          const before = BigInt(await head());
          const answers = await Promise.all(attempts.map((lines) => settle(partyId, lines)));
          expect(answers.every((a) => a.status === 201 || a.status === 409), answers.map((a) => a.status).join()).toBe(true);
          const created = answers.flatMap((a, i) => (a.status === 201 ? [{ id: Settlement.parse(a.body).id, lines: attempts[i]! }] : []));
          counts.created += created.length;
          counts.refused += answers.length - created.length;
          accepted.push(...created);
          const appended = z.array(RecordedEventSchema).parse((await owner.get(`${api.events}?after=${before}&limit=1000`)).body);
          // A settlement's own event, its number's in the series, and one allocation per line; a refused one adds nothing.
          expect(appended.length).toBe(created.reduce((n, p) => n + 2 + p.lines.length, 0));
          const position = String(appended.at(-1)?.position ?? before);
          for (const bill of bills) {
            const read = await readInvoice(bill.id, position);
            expect(compareMoney(read.paidAmount, read.totalAmount), `${bill.invoiceNumber} paid ${read.paidAmount}`).toBeLessThanOrEqual(0);
            const expected = accepted.flatMap((p) => p.lines.filter((l) => l.invoiceId === bill.id).map((l) => ({ id: p.id, amount: l.amount })));
            expect(sharesOf(read).sort((x, y) => x.id - y.id)).toEqual(expected.sort((x, y) => x.id - y.id));
            expect(read.paidAmount).toBe(sumMoney(expected.map((e) => e.amount)));
          }
        }
        expect(counts.created).toBeGreaterThan(0);
        expect(counts.refused).toBeGreaterThan(0);
      }, 120_000);
    });

    describe('stock: the exact sum of an item’s active adjustments', () => {
      it('moves with adjustments made, edited (type, quantity, item) and made inactive; status by the reorder level', async () => {
        const item = async (name: string) => {
          const res = await owner.post('/api/inventory/items', { name, unit: 'KG', reorderLevel: 5 });
          expect(res.status, res.text).toBe(201);
          return Number((res.body as { id: number }).id);
        };
        const stockOf = async (position: string, itemId: number) => {
          const res = await owner.get(STOCK_PATH, { headers: { [HEADERS.minPosition]: position } });
          expect(res.status, res.text).toBe(200);
          return z.array(ItemStockSchema).parse(res.body).find((s) => s.itemId === itemId);
        };
        const adjust = async (body: Record<string, unknown>, id?: number) => {
          const res = id ? await owner.put(byId(stockAdjustmentsEntity.path, id), body) : await owner.post(stockAdjustmentsEntity.path, body);
          expect(res.status, res.text).toBe(id ? 200 : 201);
          return { id: Number((res.body as { id: number }).id), position: res.headers.get(HEADERS.eventPosition)! };
        };
        const rice = await item(`Rice ${mode}`);
        const dal = await item(`Dal ${mode}`);
        const base = { adjustmentType: 'increase', reason: 'Opening Stock' };
        let last = await adjust({ ...base, itemId: rice, quantity: '10.10' });
        expect(await stockOf(last.position, rice)).toEqual({ itemId: rice, currentStock: '10.1', status: 'in-stock' });
        const sale = await adjust({ itemId: rice, adjustmentType: 'decrease', quantity: '5.1', reason: 'Sale' });
        expect(await stockOf(sale.position, rice)).toMatchObject({ currentStock: '5', status: 'low-stock' });
        last = await adjust({ itemId: rice, adjustmentType: 'decrease', quantity: '12.35', reason: 'Sale' }, sale.id);
        expect(await stockOf(last.position, rice)).toMatchObject({ currentStock: '-2.25', status: 'out-of-stock' });
        last = await adjust({ itemId: dal, adjustmentType: 'decrease', quantity: '12.35', reason: 'Sale' }, sale.id);
        expect(await stockOf(last.position, rice)).toMatchObject({ currentStock: '10.1' });
        expect(await stockOf(last.position, dal)).toMatchObject({ currentStock: '-12.35', status: 'out-of-stock' });
        last = await adjust({ itemId: dal, adjustmentType: 'decrease', quantity: '12.35', reason: 'Sale', active: false }, sale.id);
        expect(await stockOf(last.position, dal)).toMatchObject({ currentStock: '0', status: 'out-of-stock' });
      });

      it('an adjustment for an item that does not exist is refused on its field, and nothing is appended', async () => {
        const before = await head();
        const missing = await owner.post(stockAdjustmentsEntity.path, { itemId: 2147483000, adjustmentType: 'increase', quantity: '1', reason: 'Opening Stock' });
        expect(missing.status, missing.text).toBe(400);
        expect(missing.body).toMatchObject({ issues: [{ path: 'itemId', message: 'Please select an item' }] });
        expect(await head()).toBe(before);
      });
    });

    describe('sales: overdue from the calendar, and the home figures', () => {
      const customer = async (name: string) => {
        const res = await owner.post('/api/sales/customers', { name });
        expect(res.status, res.text).toBe(201);
        return Number((res.body as { id: number }).id);
      };
      const sale = async (customerId: number, invoiceNumber: string, rate: string, extra: Record<string, unknown> = {}) => {
        const res = await owner.post(salesInvoices.path, { customerId, invoiceNumber, lines: [{ itemName: 'Shirt', rate }], ...extra });
        expect(res.status, res.text).toBe(201);
        return res;
      };
      const summary = async (position: string) =>
        HomeSummarySchema.parse((await owner.get(api.homeSummary, { headers: { [HEADERS.minPosition]: position } })).body);

      it('a sales invoice past its due date and not fully paid reads overdue; paid, it does not', async () => {
        const customerId = await customer(`Late Payer ${mode}`);
        const res = await sale(customerId, `OD-${mode}`, '250', { dueDate: '2020-01-31' });
        const id = Number((res.body as { id: number }).id);
        const position = res.headers.get(HEADERS.eventPosition)!;
        const read = await owner.get(byId(salesInvoices.path, id), { headers: { [HEADERS.minPosition]: position } });
        expect(read.body).toMatchObject({ status: 'overdue', dueDate: '2020-01-31' });
        const listed = z.array(salesInvoices.summary).parse((await owner.get(salesInvoices.path)).body).find((i) => i.id === id);
        expect(listed?.status).toBe('overdue');
        const paid = await owner.post(receipts.path, { customerId, paymentMethod: 'cash', lines: [{ invoiceId: id, receivedAmount: '250' }] });
        expect(paid.status, paid.text).toBe(201);
        const after = await owner.get(byId(salesInvoices.path, id), { headers: { [HEADERS.minPosition]: paid.headers.get(HEADERS.eventPosition)! } });
        expect(after.body).toMatchObject({ status: 'paid' });
      });

      it('home: this month’s sales total and count (India’s month), and the invoices not fully paid', async () => {
        const before = await summary(await head());
        const customerId = await customer(`Home Figures ${mode}`);
        const today = indiaDate(new Date());
        const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
        const a = await sale(customerId, `H1-${mode}`, '1000.50', { invoiceDate: today });
        await sale(customerId, `H2-${mode}`, '200', { invoiceDate: today });
        await sale(customerId, `H3-${mode}`, '999', { invoiceDate: lastYear });
        const receipt = await owner.post(receipts.path, {
          customerId,
          paymentMethod: 'upi',
          lines: [{ invoiceId: (a.body as { id: number }).id, receivedAmount: '1000.50' }],
        });
        expect(receipt.status, receipt.text).toBe(201);
        const after = await summary(receipt.headers.get(HEADERS.eventPosition)!);
        expect(after.invoicesThisMonth - before.invoicesThisMonth).toBe(2);
        expect(compareMoney(after.salesThisMonth, sumMoney([before.salesThisMonth, '1200.50']))).toBe(0);
        // H2 (this month) and H3 (last year) are unpaid; H1 is paid: ₹1,199.00 more to collect.
        expect(after.unpaidInvoices - before.unpaidInvoices).toBe(2);
        expect(compareMoney(after.toCollect, sumMoney([before.toCollect, '1199.00']))).toBe(0);
        expect(after.toPay).toBe(before.toPay);
      });

      it('a purchase bill past its due date reads overdue; what we owe it is on home as to pay', async () => {
        const before = await summary(await head());
        const vendor = await owner.post('/api/purchase/vendors', { name: `Late Bill ${mode}` });
        const vendorId = (vendor.body as { id: number }).id;
        const res = await owner.post(purchaseInvoices.path, { vendorId, invoiceNumber: `PB-OD-${mode}`, dueDate: '2020-01-31', lines: [{ itemName: 'Cement', quantity: '2', rate: '380.25' }] });
        expect(res.status, res.text).toBe(201);
        const position = res.headers.get(HEADERS.eventPosition)!;
        const read = await owner.get(byId(purchaseInvoices.path, (res.body as { id: number }).id), { headers: { [HEADERS.minPosition]: position } });
        expect(read.body).toMatchObject({ status: 'overdue', balanceDue: '760.50' });
        const after = await summary(position);
        expect(compareMoney(after.toPay, sumMoney([before.toPay, '760.50']))).toBe(0);
      });
    });
  });
};

documents('embedded');
documents('services');
