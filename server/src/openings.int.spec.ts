import { BOOKS_PATHS, BUSINESS_PATH, byId, OPENING_BALANCES_PATH, openingItemsPath, purchaseInvoices, receipts, salesInvoices, STOCK_VALUATION_PATH, stockAdjustmentsEntity } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/** Paise → the API's money text ('-12000.50'). */
const rupees = (paise: bigint) => `${paise < 0n ? '-' : ''}${(paise < 0n ? -paise : paise) / 100n}.${String((paise < 0n ? -paise : paise) % 100n).padStart(2, '0')}`;
/** Paise → the screen's ₹ with Indian grouping ('₹81,605.25'). */
const inr = (paise: bigint) => {
  const whole = String(paise / 100n);
  const grouped = whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}` : whole;
  return `₹${grouped}.${String(paise % 100n).padStart(2, '0')}`;
};

// The test's own figures, in paise.
const OPENING_INVOICES = [
  { who: 'A', number: 'OB/101', date: '2025-02-10', due: '2025-03-12', paise: 750_000n },
  { who: 'B', number: 'OB/7', date: '2025-03-20', due: '2025-04-19', paise: 450_050n },
];
const OPENING_BILL = { number: 'GM/88', date: '2025-03-05', due: '2025-04-04', paise: 900_025n };
const STOCK = [
  { name: 'Tea', milli: 20_000n, costPaise: 15_000n },
  { name: 'Rice', milli: 12_500n, costPaise: 4_840n },
];
const stockPaise = (s: (typeof STOCK)[number]) => (s.milli * s.costPaise) / 1000n;
const CASH = 2_500_000n;
const BANK = 6_000_000n;
const LOANS = 1_000_000n;
const debtors = OPENING_INVOICES.reduce((sum, i) => sum + i.paise, 0n);
const stock = STOCK.reduce((sum, s) => sum + stockPaise(s), 0n);
const ownDebits = CASH + BANK + debtors + stock;
const ownCredits = LOANS + OPENING_BILL.paise;
const CAPITAL = ownDebits - ownCredits;
const RECEIVED = 500_000n;
const SOLD = { milli: 4_000n, ratePaise: 20_000n };

/**
 * Opening balances (issue 43) over HTTP: the day the books begin, the accounts' openings, two
 * opening invoices and an opening bill, opening stock for two items; a receipt settles part of an
 * opening invoice, a sale takes opening stock out at its opening cost; the trial balance and the
 * balance sheet as of dates, Temporary Opening left over with the reason and then 0; a rebuild
 * gives the same journal. Every figure from the test's own paise.
 */
describe('opening balances', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const ids: Record<string, number> = {};
  const invoiceIds: number[] = [];
  type Summary = { booksBegin: string | null; sources: { label: string; count: number; debit: string; credit: string }[]; totalDebit: string; totalCredit: string; difference: string; balanced: boolean; explanation: string };
  const trial = async (asOf: string) => {
    const tb = await read<{ rows: { code: string; balance: string }[]; totalDebit: string; totalCredit: string }>(`${BOOKS_PATHS.trialBalance}?asOf=${asOf}`);
    return { ...tb, of: (code: string) => tb.rows.find((r) => r.code === code)?.balance ?? '0.00' };
  };

  it('needs the day the books begin before an opening invoice, and refuses one dated after it', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Opening Traders', state: '27' });
    ids.A = (await write('post', '/api/sales/customers', { name: 'Anand Stores' })).id;
    ids.B = (await write('post', '/api/sales/customers', { name: 'Bharat Kirana' })).id;
    ids.V = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills' })).id;
    const early = await t.owner.post(openingItemsPath(salesInvoices), { customerId: ids.A, invoiceNumber: 'OB/101', invoiceDate: '2025-02-10', amount: '7500' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ issues: [{ path: 'invoiceDate', message: expect.stringMatching(/Set the day your books begin/) }] });
    await write('put', BUSINESS_PATH, { legalName: 'Opening Traders', state: '27', booksBegin: '2025-04-01' });
    const late = await t.owner.post(openingItemsPath(salesInvoices), { customerId: ids.A, invoiceNumber: 'OB/101', invoiceDate: '2025-04-02', amount: '7500' });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ issues: [{ path: 'invoiceDate', message: 'An opening invoice is dated on or before the day the books begin (1 Apr 2025)' }] });
  });

  it('records the openings: accounts, two opening invoices, an opening bill, opening stock; Temporary Opening says what is left and why', async () => {
    for (const i of OPENING_INVOICES) {
      const inv = await write('post', openingItemsPath(salesInvoices), { customerId: ids[i.who], invoiceNumber: i.number, invoiceDate: i.date, dueDate: i.due, amount: rupees(i.paise) });
      expect(inv).toMatchObject({ totalAmount: rupees(i.paise), balanceDue: rupees(i.paise), taxAmount: '0.00', lines: [], openingOn: '2025-04-01', invoiceDate: i.date });
      invoiceIds.push(inv.id);
    }
    // The number is the old books' own: unique per customer.
    const again = await t.owner.post(openingItemsPath(salesInvoices), { customerId: ids.A, invoiceNumber: 'ob/101', invoiceDate: '2025-03-01', amount: '1' });
    expect(again.status).toBe(409);
    await write('post', openingItemsPath(purchaseInvoices), { vendorId: ids.V, invoiceNumber: OPENING_BILL.number, invoiceDate: OPENING_BILL.date, dueDate: OPENING_BILL.due, amount: rupees(OPENING_BILL.paise) });
    for (const s of STOCK) {
      ids[s.name] = (await write('post', '/api/inventory/items', { name: s.name, unit: 'KG', costPrice: '1.00' })).id;
      await write('post', stockAdjustmentsEntity.path, { itemId: ids[s.name], adjustmentType: 'increase', quantity: String(Number(s.milli) / 1000), unitCost: rupees(s.costPaise), reason: 'Opening Stock', adjustmentDate: '2025-04-01' });
    }
    await write('put', OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: rupees(CASH) }, { account: 'bank', debit: rupees(BANK) }, { account: 'loans', credit: rupees(LOANS) }] });

    const summary = await read<Summary>(OPENING_BALANCES_PATH);
    expect(summary).toMatchObject({ booksBegin: '2025-04-01', balanced: false, totalDebit: rupees(ownDebits), totalCredit: rupees(ownCredits), difference: rupees(CAPITAL) });
    expect(summary.sources).toEqual([
      { label: 'Opening balances', count: 3, debit: rupees(CASH + BANK), credit: rupees(LOANS) },
      { label: 'Opening invoice', count: 2, debit: rupees(debtors), credit: '0.00' },
      { label: 'Opening bill', count: 1, debit: '0.00', credit: rupees(OPENING_BILL.paise) },
      { label: 'Opening stock', count: 2, debit: rupees(stock), credit: '0.00' },
    ]);
    expect(summary.explanation).toContain(`Opening balances Dr ${inr(CASH + BANK)}, Cr ${inr(LOANS)} (3 entries); Opening invoice Dr ${inr(debtors)} (2 entries); Opening bill Cr ${inr(OPENING_BILL.paise)} (1 entry)`);
    expect(summary.explanation).toContain(`${inr(CAPITAL)} is left in Opening balance`);
    expect(summary.explanation).toContain('enter your capital');
    expect((await trial('2025-04-01')).of('temporary-opening')).toBe(rupees(-CAPITAL));
  });

  it('balances once capital is entered: Temporary Opening is 0, the trial balance and balance sheet on the first day are the openings', async () => {
    await write('put', OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: rupees(CASH) }, { account: 'bank', debit: rupees(BANK) }, { account: 'loans', credit: rupees(LOANS) }, { account: 'capital', credit: rupees(CAPITAL) }] });
    const summary = await read<Summary>(OPENING_BALANCES_PATH);
    expect(summary).toMatchObject({ balanced: true, difference: '0.00', totalDebit: rupees(ownDebits), totalCredit: rupees(ownDebits) });
    expect(summary.explanation).toContain('Opening balance is 0');
    const day1 = await trial('2025-04-01');
    expect([day1.of('cash'), day1.of('bank'), day1.of('debtors'), day1.of('creditors'), day1.of('stock-in-hand'), day1.of('loans'), day1.of('capital'), day1.of('temporary-opening')])
      .toEqual([rupees(CASH), rupees(BANK), rupees(debtors), rupees(-OPENING_BILL.paise), rupees(stock), rupees(-LOANS), rupees(-CAPITAL), '0.00']);
    expect(day1.totalDebit).toBe(day1.totalCredit);
    expect((await trial('2025-03-31')).of('debtors')).toBe('0.00');
    const sheet = await read<{ totalAssets: string; totalLiabilities: string }>(`${BOOKS_PATHS.balanceSheet}?asOf=2025-04-01`);
    expect(sheet).toMatchObject({ totalAssets: rupees(ownDebits), totalLiabilities: rupees(ownDebits) });
  });

  it('a receipt settles an opening invoice: its balance falls, the statement, the list and ageing show it', async () => {
    const [first] = OPENING_INVOICES;
    await write('post', receipts.path, { customerId: ids.A, receiptDate: '2025-04-10', paymentMethod: 'cash', lines: [{ invoiceId: invoiceIds[0], receivedAmount: rupees(RECEIVED) }] });
    const invoice = await read<{ balanceDue: string; status: string }>(byId(salesInvoices.path, invoiceIds[0]!));
    expect(invoice).toMatchObject({ balanceDue: rupees(first!.paise - RECEIVED), status: 'overdue' });
    const statement = await read<{ closing: string; entries: { voucherType: string; voucherNumber: string; debit: string; credit: string }[] }>(`${BOOKS_PATHS.statement(`customer-${ids.A}`)}?from=2025-04-01&to=2025-04-30`);
    expect(statement.entries.map((e) => [e.voucherType, e.voucherNumber, e.debit, e.credit])).toEqual([
      ['Opening invoice', 'OB/101', rupees(first!.paise), '0.00'],
      ['Receipt', expect.any(String), '0.00', rupees(RECEIVED)],
    ]);
    expect(statement.closing).toBe(rupees(first!.paise - RECEIVED));
    const list = await read<{ invoiceNumber: string; balanceDue: string }[]>(`${salesInvoices.path}?q=OB%2F101`);
    expect(list).toMatchObject([{ invoiceNumber: 'OB/101', balanceDue: rupees(first!.paise - RECEIVED) }]);
    const ageing = await read<{ parties: { partyId: number; invoices: { number: string; bucket: string; balanceDue: string }[] }[] }>(`${BOOKS_PATHS.ageing}?side=receivable&asOf=2025-04-30`);
    expect(ageing.parties.flatMap((p) => p.invoices.map((i) => [i.number, i.bucket, i.balanceDue]))).toEqual([
      ['OB/101', 'd60', rupees(first!.paise - RECEIVED)],
      ['OB/7', 'd30', rupees(OPENING_INVOICES[1]!.paise)],
    ]);
    // Not below what is received on it.
    const lower = await t.owner.put(byId(openingItemsPath(salesInvoices), invoiceIds[0]!), { customerId: ids.A, invoiceNumber: 'OB/101', invoiceDate: first!.date, amount: '4999.99' });
    expect(lower.status).toBe(409);
  });

  it('a sale of opening stock costs it at the opening cost; the books as of the month end balance', async () => {
    const tea = STOCK[0]!;
    await write('post', salesInvoices.path, { customerId: ids.B, invoiceDate: '2025-04-15', lines: [{ itemId: ids.Tea, itemName: 'Tea', quantity: String(Number(SOLD.milli) / 1000), rate: rupees(SOLD.ratePaise) }] });
    const sales = (SOLD.milli * SOLD.ratePaise) / 1000n;
    const cogs = (SOLD.milli * tea.costPaise) / 1000n;
    // What was sold leaves the opening invoices out: they were sales of the old books.
    const register = await read<{ rows: { number: string; total: string }[] }>(`${BOOKS_PATHS.salesRegister}?from=2025-02-01&to=2025-04-30`);
    expect(register.rows.map((r) => r.total)).toEqual([rupees(sales)]);
    const pl = await read<{ trading: { costOfGoodsSold: string; grossProfit: string } }>(`${BOOKS_PATHS.profitAndLoss}?from=2025-04-01&to=2025-04-30`);
    expect(pl.trading).toMatchObject({ costOfGoodsSold: rupees(cogs), grossProfit: rupees(sales - cogs) });
    const valuation = await read<{ items: { itemId: number; quantity: string; value: string }[]; total: string }>(`${STOCK_VALUATION_PATH}?asOf=2025-04-30`);
    expect(valuation.items.find((i) => i.itemId === ids.Tea)).toMatchObject({ quantity: String(Number(tea.milli - SOLD.milli) / 1000), value: rupees(stockPaise(tea) - cogs) });
    const tb = await trial('2025-04-30');
    expect([tb.of('debtors'), tb.of('cash'), tb.of('sales'), tb.of('temporary-opening')]).toEqual([rupees(debtors - RECEIVED + sales), rupees(CASH + RECEIVED), rupees(-sales), '0.00']);
    expect(tb.totalDebit).toBe(tb.totalCredit);
    const sheet = await read<{ totalAssets: string; totalLiabilities: string; profit: string }>(`${BOOKS_PATHS.balanceSheet}?asOf=2025-04-30`);
    expect(sheet).toMatchObject({ totalAssets: rupees(ownDebits + sales - cogs), totalLiabilities: rupees(ownDebits + sales - cogs), profit: rupees(sales - cogs) });
  });

  it('a rebuild from the log gives the same journal, row for row', async () => {
    const journal = async () => (await sql<Record<string, unknown>>`select * from journal order by id`.execute(t.database.db)).rows;
    const before = await journal();
    const rebuilt = await runCli(['rebuild', 'journal'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await journal()).toEqual(before);
    expect((await read<Summary>(OPENING_BALANCES_PATH)).balanced).toBe(true);
  });
});
