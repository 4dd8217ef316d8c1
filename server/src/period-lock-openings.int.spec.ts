import { BUSINESS_PATH, byId, financialYearStart, indiaDate, ledgersEntity, lockPath, OPENING_BALANCES_PATH, openingItemsPath, purchaseInvoices, salesInvoices } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

const MESSAGE = 'The books are locked up to 30-04-2025. Unlock them in Settings to change this.';
const profile = (booksBegin: string | null, legalName = 'Opening Traders') => ({ legalName, state: '27', booksBegin });

/**
 * The openings and the lock (issue 43): every opening is posted on the day the books begin, so
 * an accountant's rule follows — while that day is locked, no opening (the accounts', an opening
 * invoice or bill, recorded or revised) changes, and the day itself does not move, into or out
 * of the lock; the rest of the profile does. After an unlock to before that day they change again.
 * Opening stock is a stock adjustment dated that day, refused like any (period-locks.int.spec.ts);
 * a ledger's opening balance is posted on the first day of the year it is added in, and refused
 * while that day is locked.
 */
describe('openings in a locked period', () => {
  const t = signedInOneProcess();
  const { write } = readYourWrites(() => t.owner);
  const events = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.database.db)).rows[0]!.n);
  let customer: number, vendor: number, invoice: { id: number };
  const openingInvoice = (invoiceNumber: string, amount: string) => ({ customerId: customer, invoiceNumber, invoiceDate: '2025-03-10', dueDate: '2025-04-09', amount });

  it('records the openings as of 1 April 2025, then the owner locks the books up to 30 April 2025', async () => {
    await write('put', BUSINESS_PATH, profile('2025-04-01'));
    customer = (await write('post', '/api/sales/customers', { name: 'Anand Stores' })).id;
    vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills' })).id;
    invoice = await write('post', openingItemsPath(salesInvoices), openingInvoice('OB/1', '7500.00'));
    await write('put', OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: '2500.00' }, { account: 'capital', credit: '2500.00' }] });
    await write('put', lockPath('books'), { upTo: '2025-04-30' });
  });

  it('refuses every change of an opening and of the day the books begin, naming the lock; appends nothing', async () => {
    const before = await events();
    const refusals = [
      await t.owner.put(OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: '3000.00' }, { account: 'capital', credit: '3000.00' }] }),
      await t.owner.post(openingItemsPath(salesInvoices), openingInvoice('OB/2', '100.00')),
      await t.owner.post(openingItemsPath(purchaseInvoices), { vendorId: vendor, invoiceNumber: 'GM/9', invoiceDate: '2025-03-01', amount: '900.00' }),
      await t.owner.put(byId(openingItemsPath(salesInvoices), invoice.id), openingInvoice('OB/1', '7000.00')),
      // Out of the lock, and within it.
      await t.owner.put(BUSINESS_PATH, profile('2025-06-01')),
      await t.owner.put(BUSINESS_PATH, profile('2025-04-15')),
    ];
    expect(refusals.map((r) => [r.status, (r.body as { message?: string }).message])).toEqual(refusals.map(() => [409, MESSAGE]));
    // The profile's refusals name the field the form and the API call it, so the form says it there.
    expect(refusals.slice(-2).map((r) => (r.body as { issues?: { path: string }[] }).issues?.map((i) => i.path))).toEqual([['booksBegin'], ['booksBegin']]);
    expect(await events()).toBe(before);
  });

  it('lets the rest of the profile change, and the same openings saved again change nothing', async () => {
    const saved = await write<{ legalName: string; booksBegin: string }>('put', BUSINESS_PATH, profile('2025-04-01', 'Opening Traders Pvt Ltd'));
    expect(saved).toMatchObject({ legalName: 'Opening Traders Pvt Ltd', booksBegin: '2025-04-01' });
    const before = await events();
    await write('put', OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: '2500.00' }, { account: 'capital', credit: '2500.00' }] });
    expect(await events()).toBe(before);
  });

  it('clearing the day the books begin is refused too', async () => {
    const other = await t.owner.put(BUSINESS_PATH, profile(null));
    expect(other.status).toBe(409);
  });

  it('after an unlock to before the day the books begin, the openings change again', async () => {
    await write('put', lockPath('books'), { upTo: '2025-03-31', reason: 'Opening cash was counted again' });
    await write('put', OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: '3000.00' }, { account: 'capital', credit: '3000.00' }] });
    await write('put', byId(openingItemsPath(salesInvoices), invoice.id), openingInvoice('OB/1', '7000.00'));
    await write('post', openingItemsPath(purchaseInvoices), { vendorId: vendor, invoiceNumber: 'GM/9', invoiceDate: '2025-03-01', amount: '900.00' });
    // The day may move within the open period, not back into the lock.
    await write('put', BUSINESS_PATH, profile('2025-04-02'));
    const back = await t.owner.put<{ message: string; issues?: { path: string }[] }>(BUSINESS_PATH, profile('2025-03-31'));
    expect([back.status, back.body.message, back.body.issues?.[0]?.path]).toEqual([409, 'The books are locked up to 31-03-2025. Unlock them in Settings to change this.', 'booksBegin']);
  });

  it("a ledger's opening balance (on the first day of the year it is added in) is refused while that day is locked; the rest of it is not", async () => {
    const yearStart = financialYearStart(indiaDate(new Date()));
    await write('put', lockPath('books'), { upTo: yearStart });
    const message = `The books are locked up to ${yearStart.slice(8, 10)}-${yearStart.slice(5, 7)}-${yearStart.slice(0, 4)}. Unlock them in Settings to change this.`;
    const before = await events();
    const withOpening = await t.owner.post<{ message: string }>(ledgersEntity.path, { accountName: 'HDFC Current', accountType: 'asset', openingBalance: '5000.00' });
    expect([withOpening.status, withOpening.body.message]).toEqual([409, message]);
    expect(await events()).toBe(before);
    const ledger = await write('post', ledgersEntity.path, { accountName: 'HDFC Current', accountType: 'asset' });
    await write('put', byId(ledgersEntity.path, ledger.id), { accountName: 'HDFC Current A/c', accountType: 'asset' });
    const opening = await t.owner.put<{ message: string }>(byId(ledgersEntity.path, ledger.id), { accountName: 'HDFC Current A/c', accountType: 'asset', openingBalance: '5000.00' });
    expect([opening.status, opening.body.message]).toEqual([409, message]);
  });
});
