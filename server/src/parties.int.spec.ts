import { BOOKS_PATHS, byId, creditNotes, customersEntity, debitNotes, purchaseInvoices, receipts, recordStream, salesInvoices, vendorsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;
const lines = [{ itemName: 'Rice 25 kg', quantity: '2', rate: '1250.50' }];

/**
 * Issue 42, dates and parties: a note is not dated before its invoice; an invoice left without
 * a due date gets one from its party's payment terms; a customer or vendor that documents name
 * is not deleted (made inactive instead: no new invoices, kept in reports), and a delete racing
 * a first invoice never leaves the invoice naming a deleted party.
 */
describe('dates and parties', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const customer = async (body: Record<string, unknown>) => (await write('post', customersEntity.path, { name: 'Ravi Traders', ...body })).id;
  const vendor = async (body: Record<string, unknown>) => (await write('post', vendorsEntity.path, { name: 'Metro Wholesale', ...body })).id;
  const eventCount = async () => Number((await t.database.pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

  it('refuses a credit or debit note dated before its invoice, on its date, writing nothing', async () => {
    const buyer = await customer({});
    const invoice = await write('post', salesInvoices.path, { customerId: buyer, invoiceDate: '2026-04-10', lines });
    const seller = await vendor({});
    const bill = await write('post', purchaseInvoices.path, { vendorId: seller, invoiceNumber: 'MW-1', invoiceDate: '2026-04-10', lines });
    for (const [path, body] of [
      [creditNotes.path, { customerId: buyer, invoiceId: invoice.id, noteType: 'price' }],
      [debitNotes.path, { vendorId: seller, invoiceId: bill.id, noteNumber: 'DN-1', noteType: 'price' }],
    ] as const) {
      const before = await eventCount();
      const early = await t.owner.post(path, { ...body, noteDate: '2026-03-31', lines });
      expect(early.status, early.text).toBe(400);
      expect(early.body).toMatchObject({ issues: [{ path: 'noteDate', message: expect.stringMatching(/cannot be dated before its invoice: .* is dated 10 Apr 2026/) }] });
      expect(await eventCount()).toBe(before);
      const sameDay = await write('post', path, { ...body, noteDate: '2026-04-10', lines: [{ itemName: 'Rice 25 kg', quantity: '1', rate: '100' }] });
      expect(sameDay).toMatchObject({ noteDate: '2026-04-10' });
    }
  });

  it('gives an invoice without a due date its party\'s days, from the days field or the terms label', async () => {
    const byDays = await customer({ paymentTerms: 'Fortnightly', paymentTermDays: '15' });
    expect(await read(byId(customersEntity.path, byDays))).toMatchObject({ paymentTerms: 'Fortnightly', paymentTermDays: 15 });
    const byLabel = await customer({ paymentTerms: '15 days' });
    const atOnce = await customer({ paymentTerms: 'Due on receipt' });
    const dueOf = async (customerId: number) => (await write('post', salesInvoices.path, { customerId, invoiceDate: '2026-03-20', lines })).dueDate;
    expect([await dueOf(byDays), await dueOf(byLabel), await dueOf(atOnce)]).toEqual(['2026-04-04', '2026-04-04', null]);
    // A due date typed in is kept; a revision that leaves it blank gets one from its date.
    const typed = await write('post', salesInvoices.path, { customerId: byLabel, invoiceDate: '2026-03-20', dueDate: '2026-03-21', lines });
    expect(typed.dueDate).toBe('2026-03-21');
    const revised = await write('put', byId(salesInvoices.path, typed.id), { customerId: byLabel, invoiceNumber: typed.invoiceNumber, invoiceDate: '2026-05-01', lines });
    expect(revised.dueDate).toBe('2026-05-16');
    const net30 = await vendor({ paymentTerms: 'Net 30' });
    const bill = await write('post', purchaseInvoices.path, { vendorId: net30, invoiceNumber: 'MW-30', invoiceDate: '2026-12-20', lines });
    expect(bill.dueDate).toBe('2027-01-19');
    const tooLong = await t.owner.post(customersEntity.path, { name: 'Slow Payer', paymentTermDays: 366 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ issues: [{ path: 'paymentTermDays' }] });
  });

  it('refuses to delete a party with documents or a balance, saying what it has; deletes an unused one', async () => {
    const owing = await customer({ name: 'Sharma Stores' });
    const invoice = await write('post', salesInvoices.path, { customerId: owing, lines });
    await write('post', receipts.path, { customerId: owing, paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '1000' }] });
    const before = await eventCount();
    const refused = await t.owner.delete(byId(customersEntity.path, owing));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Sharma Stores has 1 invoice and 1 receipt and owes ₹1,501.00; make them inactive instead' });
    expect(await eventCount()).toBe(before);
    expect(await read(byId(customersEntity.path, owing))).toMatchObject({ name: 'Sharma Stores' });

    const supplier = await vendor({ name: 'Gupta Oils' });
    await write('post', purchaseInvoices.path, { vendorId: supplier, invoiceNumber: 'GO-1', lines });
    const vendorRefused = await t.owner.delete(byId(vendorsEntity.path, supplier));
    expect(vendorRefused.status).toBe(409);
    expect(vendorRefused.body).toMatchObject({ message: 'Gupta Oils has 1 invoice and is owed ₹2,501.00; make them inactive instead' });

    const unused = await customer({ name: 'Never Bought' });
    expect((await t.owner.delete(byId(customersEntity.path, unused))).status).toBe(204);
    expect((await t.owner.get(byId(customersEntity.path, unused))).status).toBe(404);
  });

  it('protects a party whose documents were recorded before uses were (no use on its stream)', async () => {
    const old = await customer({ name: 'Old Account' });
    await write('post', salesInvoices.path, { customerId: old, lines });
    // As a log from before this change holds it: the invoice, and no use recorded for the customer.
    await t.database.pool.query(`delete from events where stream_id = $1 and type = 'CustomerUsed'`, [recordStream(customersEntity, old)]);
    const refused = await t.owner.delete(byId(customersEntity.path, old));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/^Old Account has 1 invoice and owes ₹2,501\.00; make them inactive instead$/) });
  });

  it('an inactive party takes no new invoice, still settles its old ones, and stays in reports', async () => {
    const leaving = await customer({ name: 'Closing Down Traders' });
    const invoice = await write('post', salesInvoices.path, { customerId: leaving, invoiceDate: '2026-04-01', lines });
    await write('put', byId(customersEntity.path, leaving), { name: 'Closing Down Traders', active: false });
    const refused = await t.owner.post(salesInvoices.path, { customerId: leaving, lines });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ path: 'customerId', message: expect.stringMatching(/^This customer is inactive/) }] });
    await write('post', receipts.path, { customerId: leaving, paymentMethod: 'cash', lines: [{ invoiceId: invoice.id, receivedAmount: '500' }] });
    const statement = await read<{ lines?: unknown[]; closing?: unknown }>(BOOKS_PATHS.statement(`customer-${leaving}`));
    expect(JSON.stringify(statement)).toContain(String(invoice.invoiceNumber));
    const ageing = await read<{ parties: { partyId: number; name: string; total: string }[] }>(`${BOOKS_PATHS.ageing}?asOf=2026-12-31`);
    expect(ageing.parties.find((p) => p.partyId === leaving)).toMatchObject({ name: 'Closing Down Traders', total: '2001.00' });
  });

  it('a delete racing a first invoice for the same party: never an invoice naming a deleted party (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const racer = await customer({ name: `Racer ${round}` });
      const [invoice, deleted] = await Promise.all([t.owner.post<Row>(salesInvoices.path, { customerId: racer, lines }), t.owner.delete(byId(customersEntity.path, racer))]);
      // One of the two wins: the invoice (the delete then refused) or the delete (the invoice then refused on its customer).
      expect([`${invoice.status}/${deleted.status}`], `${invoice.text} ${deleted.text}`).toSatisfy(([o]: string[]) => o === '201/409' || o === '400/204');
      const { rows } = await t.database.pool.query<{ type: string }>(
        `select type from events where stream_id = $1 or (type = 'SalesInvoiceRecorded' and (data->>'customerId')::int = $2) order by position`,
        [recordStream(customersEntity, racer), racer],
      );
      const types = rows.map((r) => r.type);
      expect(types.includes('CustomerDeleted') && types.includes('SalesInvoiceRecorded'), types.join(', ')).toBe(false);
    }
  });
});
