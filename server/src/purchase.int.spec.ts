import {
  api,
  byId,
  compareMoney,
  HEADERS,
  historyOf,
  type PurchaseInvoice,
  PurchaseInvoiceSchema,
  PurchaseInvoiceSummarySchema,
  purchaseInvoices,
  RecordedEventSchema,
  sumMoney,
  VendorPaymentSchema,
  VendorPaymentSummarySchema,
  vendorPayments,
  vendorsEntity,
} from '@erp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { HttpClient } from './testing/http-client';
import { type Mode, type RunningSystem, startSystem } from './testing/run-modes';

/**
 * Purchase invoices and vendor payments over HTTP (DESIGN §3.5, §4), in both run modes: the
 * server computes amounts, payments settle invoices atomically, status follows the money, and
 * no race between payments can overpay an invoice.
 */
const purchase = (mode: Mode) => {
  describe(`purchase documents, ${mode} mode`, () => {
    let system: RunningSystem;
    let owner: HttpClient;

    const vendor = async (name: string) => {
      const res = await owner.post(vendorsEntity.path, { name });
      expect(res.status, res.text).toBe(201);
      return vendorsEntity.record.parse(res.body).id;
    };
    const invoice = async (vendorId: number, invoiceNumber: string, lines: { itemName: string; quantity: string | number; rate: string | number }[], taxAmount = '0') => {
      const res = await owner.post(purchaseInvoices.path, { vendorId, invoiceNumber, taxAmount, lines });
      expect(res.status, res.text).toBe(201);
      return PurchaseInvoiceSchema.strict().parse(res.body);
    };
    const pay = (vendorId: number, lines: { invoiceId: number; paidAmount: string }[]) =>
      owner.post(vendorPayments.path, { vendorId, paymentMethod: 'upi', referenceNumber: 'UTR-1', lines });
    const readInvoice = async (id: number, position?: string | null) => {
      const res = await owner.get(byId(purchaseInvoices.path, id), position ? { headers: { [HEADERS.minPosition]: position } } : {});
      expect(res.status, res.text).toBe(200);
      return PurchaseInvoiceSchema.strict().parse(res.body);
    };
    const head = async () => z.object({ store: z.object({ head: z.string() }) }).parse((await owner.get(api.health)).body).store.head;

    beforeAll(async () => {
      system = await startSystem(mode);
      owner = new HttpClient(system.baseUrl);
      expect((await owner.post(api.auth.setup, { username: 'owner', password: 'correct horse battery staple' })).status).toBe(201);
    }, 180_000);
    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    it('an invoice with two lines: amounts computed by the server, listed pending, lines readable', async () => {
      const vendorId = await vendor('Lines Traders');
      const created = await invoice(vendorId, 'B-100', [
        { itemName: 'Rice', quantity: '2.5', rate: '40.10' },
        { itemName: 'Dal', quantity: 3, rate: 33.5 },
      ], '18.25');
      expect(created).toMatchObject({ subTotal: '200.75', taxAmount: '18.25', totalAmount: '219.00', paidAmount: '0.00', balanceDue: '219.00', status: 'pending' });
      expect(created.lines.map((l) => l.amount)).toEqual(['100.25', '100.50']);
      const list = await owner.get(purchaseInvoices.path, { headers: { [HEADERS.minPosition]: (await head()) } });
      const entry = z.array(PurchaseInvoiceSummarySchema.strict()).parse(list.body).find((i) => i.id === created.id);
      expect(entry).toMatchObject({ invoiceNumber: 'B-100', status: 'pending', totalAmount: '219.00' });
      const lines = await owner.get(`${byId(purchaseInvoices.path, created.id)}/lines`);
      expect(z.array(z.object({ itemName: z.string(), amount: z.string() }).loose()).parse(lines.body).map((l) => [l.itemName, l.amount])).toEqual([
        ['Rice', '100.25'],
        ['Dal', '100.50'],
      ]);
    });

    it('partial payment → partial; the rest → paid; a third payment is refused on its line and appends nothing', async () => {
      const vendorId = await vendor('Settling Supplies');
      const bill = await invoice(vendorId, 'S-1', [{ itemName: 'Oil', quantity: 10, rate: '150' }]);
      const first = await pay(vendorId, [{ invoiceId: bill.id, paidAmount: '600' }]);
      expect(first.status, first.text).toBe(201);
      expect(VendorPaymentSchema.strict().parse(first.body)).toMatchObject({ totalAmount: '600.00', invoiceId: bill.id, lines: [{ invoiceNumber: 'S-1', invoiceAmount: '1500.00', paidAmount: '600.00' }] });
      expect(await readInvoice(bill.id, first.headers.get(HEADERS.eventPosition))).toMatchObject({ status: 'partial', paidAmount: '600.00', balanceDue: '900.00' });

      const rest = await pay(vendorId, [{ invoiceId: bill.id, paidAmount: '900.00' }]);
      expect(rest.status, rest.text).toBe(201);
      expect(await readInvoice(bill.id, rest.headers.get(HEADERS.eventPosition))).toMatchObject({ status: 'paid', balanceDue: '0.00' });

      const before = await head();
      const extra = await pay(vendorId, [{ invoiceId: bill.id, paidAmount: '0.01' }]);
      expect(extra.status).toBe(409);
      expect(extra.body).toMatchObject({ error: 'conflict', issues: [{ path: 'lines.0.paidAmount', message: 'Only ₹0.00 is due on invoice S-1' }] });
      expect(await head()).toBe(before);
    });

    it('editing a payment re-allocates in one append: moved to another invoice, the first is released', async () => {
      const vendorId = await vendor('Moving Money');
      const a = await invoice(vendorId, 'M-1', [{ itemName: 'A', quantity: 1, rate: '100' }]);
      const b = await invoice(vendorId, 'M-2', [{ itemName: 'B', quantity: 1, rate: '100' }]);
      const created = await pay(vendorId, [{ invoiceId: a.id, paidAmount: '100' }]);
      const paymentId = VendorPaymentSchema.parse(created.body).id;
      const moved = await owner.put(byId(vendorPayments.path, paymentId), { vendorId, paymentMethod: 'cash', lines: [{ invoiceId: b.id, paidAmount: '40' }] }, { headers: { 'if-match': '"1"' } });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.headers.get('etag')).toBe('"2"');
      const position = moved.headers.get(HEADERS.eventPosition);
      expect(await readInvoice(a.id, position)).toMatchObject({ status: 'pending', allocations: [] });
      expect(await readInvoice(b.id, position)).toMatchObject({ status: 'partial', allocations: [{ paymentId, amount: '40.00' }] });
      const events = z.array(RecordedEventSchema).parse((await owner.get(`${api.events}?after=${BigInt(position!) - 3n}&limit=10`)).body);
      expect(events.map((e) => e.type).sort()).toEqual(['PurchaseInvoicePaymentAllocated', 'PurchaseInvoicePaymentReleased', 'VendorPaymentRevised']);
      const list = z.array(VendorPaymentSummarySchema.strict()).parse((await owner.get(vendorPayments.path, { headers: { [HEADERS.minPosition]: position! } })).body);
      expect(list.find((p) => p.id === paymentId)).toMatchObject({ paymentMethod: 'cash', totalAmount: '40.00', invoiceId: b.id });
    });

    it('a total below what is paid is a 409 saying how much; a bill number twice for one vendor is a 409 on invoiceNumber', async () => {
      const vendorId = await vendor('Rules Ltd');
      const bill = await invoice(vendorId, 'R-1', [{ itemName: 'A', quantity: 1, rate: '500' }]);
      await pay(vendorId, [{ invoiceId: bill.id, paidAmount: '300' }]);
      const lower = await owner.put(byId(purchaseInvoices.path, bill.id), { vendorId, invoiceNumber: 'R-1', lines: [{ itemName: 'A', quantity: 1, rate: '299.99' }] });
      expect(lower.status).toBe(409);
      expect(lower.body).toMatchObject({ message: expect.stringContaining('₹300.00 is already paid') });
      const again = await owner.post(purchaseInvoices.path, { vendorId, invoiceNumber: 'r-1', lines: [{ itemName: 'B', quantity: 1, rate: '1' }] });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ issues: [{ path: 'invoiceNumber' }] });
      const otherVendor = await vendor('Other Rules');
      expect((await owner.post(purchaseInvoices.path, { vendorId: otherVendor, invoiceNumber: 'R-1', lines: [{ itemName: 'B', quantity: 1, rate: '1' }] })).status).toBe(201);
      const history = z.array(z.object({ type: z.string() }).loose()).parse((await owner.get(historyOf(purchaseInvoices.path, bill.id))).body);
      expect(history.map((h) => h.type)).toEqual(['PurchaseInvoiceRecorded', 'PurchaseInvoicePaymentAllocated']);
    });

    it('many concurrent payments against a few invoices never overpay one; every 201 is reflected and every 409 appended nothing', async () => {
      const vendorId = await vendor(`Race Vendor ${mode}`);
      const bills: PurchaseInvoice[] = [];
      for (let i = 0; i < 3; i++) bills.push(await invoice(vendorId, `RACE-${i}`, [{ itemName: 'Stock', quantity: 1, rate: '1000' }]));
      const everAccepted: z.infer<typeof VendorPaymentSchema>[] = [];
      for (let round = 0; round < 3; round++) {
        const attempts = Array.from({ length: 16 }, () => {
          const pick = [...bills].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 2));
          return pick.map((b) => ({ invoiceId: b.id, paidAmount: (50 + Math.floor(Math.random() * 20000) / 100).toFixed(2) }));
        });
        const before = BigInt(await head());
        const answers = await Promise.all(attempts.map((lines) => pay(vendorId, lines)));
        expect(answers.every((a) => a.status === 201 || a.status === 409), answers.map((a) => a.status).join()).toBe(true);
        const accepted = answers.flatMap((a) => (a.status === 201 ? [VendorPaymentSchema.parse(a.body)] : []));
        everAccepted.push(...accepted);
        const appended = z.array(RecordedEventSchema).parse((await owner.get(`${api.events}?after=${before}&limit=1000`)).body);
        // A payment's own event, plus one allocation per line; a refused payment adds nothing.
        expect(appended.length).toBe(accepted.reduce((n, p) => n + 1 + p.lines.length, 0));
        const position = String(appended.at(-1)?.position ?? before);
        for (const bill of bills) {
          const read = await readInvoice(bill.id, position);
          expect(compareMoney(read.paidAmount, read.totalAmount), `${bill.invoiceNumber} paid ${read.paidAmount}`).toBeLessThanOrEqual(0);
          const expected = everAccepted.flatMap((p) => p.lines.filter((l) => l.invoiceId === bill.id).map((l) => ({ paymentId: p.id, amount: l.paidAmount })));
          expect([...read.allocations].sort((x, y) => x.paymentId - y.paymentId)).toEqual(expected.sort((x, y) => x.paymentId - y.paymentId));
          expect(read.paidAmount).toBe(sumMoney(expected.map((e) => e.amount)));
        }
      }
      const final = await Promise.all(bills.map((b) => readInvoice(b.id)));
      expect(final.some((b) => b.status !== 'pending')).toBe(true);
    }, 120_000);
  });
};

purchase('embedded');
purchase('services');
