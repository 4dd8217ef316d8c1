import {
  BANK_RECONCILIATION_PATHS,
  BOOKS_PATHS,
  BUSINESS_PATH,
  byId,
  creditNotes,
  employeesEntity,
  lockPath,
  OPENING_BALANCES_PATH,
  openingItemsPath,
  PAYROLL_PATHS,
  payrollActionPath,
  type PayrollRunResult,
  purchaseInvoices,
  receipts,
  type Reconciliation,
  salesInvoices,
  vendorPayments,
} from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { code: string; balance: string };
type Tb = { asOf: string; rows: Row[]; totalDebit: string; totalCredit: string };
type Bs = { retainedEarnings: string; profit: string; totalAssets: string; totalLiabilities: string };
type Pl = { netProfit: string };

const paise = (money: string) => {
  const [whole, frac = ''] = money.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
  return money.startsWith('-') ? -value : value;
};
const money = (p: bigint) => `${p < 0n ? '-' : ''}${(p < 0n ? -p : p) / 100n}.${String((p < 0n ? -p : p) % 100n).padStart(2, '0')}`;
/** 2025-06-10 → 10/06/25, as HDFC Bank's export writes it. */
const hdfc = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(2, 4)}`;

/** The test's own ledger: every posting it expects, in paise (+ debit, − credit), by date. */
const INCOME_AND_EXPENSES = new Set(['sales', 'sales-returns', 'purchases', 'purchase-returns', 'salaries']);
const postings: { date: string; account: string; paise: bigint }[] = [];
const post = (date: string, lines: Record<string, bigint>) => {
  expect(Object.values(lines).reduce((a, b) => a + b, 0n)).toBe(0n);
  for (const [account, p] of Object.entries(lines)) postings.push({ date, account, paise: p });
};
const yearStart = (date: string) => (date.slice(5) >= '04-01' ? `${date.slice(0, 4)}-04-01` : `${Number(date.slice(0, 4)) - 1}-04-01`);
/** The trial balance the ledger implies as of a day: income and expenses of its year; of years before, the Profit and Loss Account. */
const trialOf = (asOf: string) => {
  const from = yearStart(asOf);
  const balances = new Map<string, bigint>();
  for (const p of postings.filter((x) => x.date <= asOf)) {
    const account = INCOME_AND_EXPENSES.has(p.account) && p.date < from ? 'profit-and-loss' : p.account;
    balances.set(account, (balances.get(account) ?? 0n) + p.paise);
  }
  return Object.fromEntries([...balances].filter(([, b]) => b !== 0n).sort(([a], [b]) => a.localeCompare(b)));
};
const profitOf = (from: string, to: string) =>
  -postings.filter((p) => INCOME_AND_EXPENSES.has(p.account) && p.date >= from && p.date <= to).reduce((sum, p) => sum + p.paise, 0n);

const LOCKED = 'The books are locked up to 31-03-2026. Unlock them in Settings to change this.';

/**
 * Issue 43's two years through the API, in the order a shop lives them: the books begin on
 * 1 April 2025 with openings (accounts, an opening invoice and an opening bill), a year of
 * documents (sales, purchases, a return, a receipt and a cheque settling the openings), March's
 * salaries accrued and paid in April, a bank statement imported and matched, the year locked
 * and a backdated sale refused, the year closed, a late March sale after an unlock, and the
 * second year opening with what the first closed with. Every report of both years is checked
 * against the ledger the test keeps itself, in integer paise; a rebuild gives the same journal.
 */
describe('two financial years, end to end', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const ids: Record<string, number> = {};
  const sell = async (date: string, quantity: string, rate: string, total: bigint) => {
    const invoice = await write('post', salesInvoices.path, { customerId: ids.customer, invoiceDate: date, lines: [{ itemName: 'Rice bags', quantity, rate }] });
    expect(paise(String(invoice.totalAmount))).toBe(total);
    post(date, { debtors: total, sales: -total });
    return invoice;
  };
  const buy = async (number: string, date: string, rate: string) => {
    await write('post', purchaseInvoices.path, { vendorId: ids.vendor, invoiceNumber: number, invoiceDate: date, lines: [{ itemName: 'Paddy', quantity: '1', rate }] });
    post(date, { purchases: paise(rate), creditors: -paise(rate) });
  };
  const trial = async (query: string) => {
    const tb = await read<Tb>(`${BOOKS_PATHS.trialBalance}?${query}`);
    expect(tb.totalDebit).toBe(tb.totalCredit);
    return { asOf: tb.asOf, balances: Object.fromEntries(tb.rows.map((r) => [r.code, paise(r.balance)] as const).filter(([, b]) => b !== 0n).sort(([a], [b]) => a.localeCompare(b))) };
  };

  it('1. the books begin on 1 April 2025: the accounts, an opening invoice and an opening bill; Temporary Opening clears', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Annapurna Traders', state: '27', booksBegin: '2025-04-01' });
    ids.customer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores' })).id;
    ids.vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills' })).id;
    ids.openingInvoice = (await write('post', openingItemsPath(salesInvoices), { customerId: ids.customer, invoiceNumber: 'OB/17', invoiceDate: '2025-03-10', dueDate: '2025-04-09', amount: '50000.50' })).id;
    ids.openingBill = (await write('post', openingItemsPath(purchaseInvoices), { vendorId: ids.vendor, invoiceNumber: 'GM/88', invoiceDate: '2025-03-05', dueDate: '2025-04-04', amount: '20000.25' })).id;
    const capital = 3_000_000n + 10_000_000n + 5_000_050n - 2_000_025n;
    await write('put', OPENING_BALANCES_PATH, { lines: [{ account: 'cash', debit: '30000.00' }, { account: 'bank', debit: '100000.00' }, { account: 'capital', credit: money(capital) }] });
    post('2025-04-01', { cash: 3_000_000n, bank: 10_000_000n, debtors: 5_000_050n, creditors: -2_000_025n, capital: -capital });
    expect(await read(OPENING_BALANCES_PATH)).toMatchObject({ balanced: true, difference: '0.00' });
    expect((await trial('asOf=2025-04-01')).balances).toEqual(trialOf('2025-04-01'));
  });

  it('2. a year of documents: sales, purchases, a return, the opening invoice received by NEFT and the opening bill paid by cheque', async () => {
    await sell('2025-05-15', '3', '12345.67', 3_703_701n);
    const november = await sell('2025-11-03', '2', '8000.40', 1_600_080n);
    await sell('2026-02-10', '1', '999.99', 99_999n);
    await buy('GM/101', '2025-06-01', '25000.33');
    await buy('GM/102', '2026-01-20', '7500.07');
    const note = await write('post', creditNotes.path, { customerId: ids.customer, invoiceId: november.id, noteDate: '2025-11-20', reason: 'One bag torn', lines: [{ invoiceLineNo: 1, quantity: '1' }] });
    expect(note.totalAmount).toBe('8000.40');
    post('2025-11-20', { 'sales-returns': 800_040n, debtors: -800_040n });
    ids.receipt = (await write('post', receipts.path, { customerId: ids.customer, receiptDate: '2025-06-10', paymentMethod: 'bank_transfer', referenceNumber: 'NEFT5551', lines: [{ invoiceId: ids.openingInvoice, receivedAmount: '50000.50' }] })).id;
    post('2025-06-10', { bank: 5_000_050n, debtors: -5_000_050n });
    ids.payment = (await write('post', vendorPayments.path, { vendorId: ids.vendor, paymentDate: '2025-07-05', paymentMethod: 'cheque', referenceNumber: '456', lines: [{ invoiceId: ids.openingBill, paidAmount: '20000.25' }] })).id;
    post('2025-07-05', { creditors: 2_000_025n, bank: -2_000_025n });
    expect(await read(byId(salesInvoices.path, ids.openingInvoice!))).toMatchObject({ balanceDue: '0.00', status: 'paid' });
  });

  it("3. March's salaries are accrued in March (a payable at 31 March)", async () => {
    ids.employee = (await write('post', employeesEntity.path, { employeeId: 'E1', name: 'Ravi Kumar', salary: '18000.10' })).id;
    const run = await write<PayrollRunResult>('post', PAYROLL_PATHS.run, { month: 3, year: 2026 }, 200);
    ids.payroll = run.created[0]!.id;
    post('2026-03-31', { salaries: 1_800_010n, 'salaries-payable': -1_800_010n });
  });

  it('4. the bank statement is imported and matched: the books and the bank agree', async () => {
    const header = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
    const csv = [
      header,
      `${hdfc('2025-06-11')},NEFT CR-TILAK STORES-NEFT5551,NEFT5551,${hdfc('2025-06-11')},,50000.50,150000.50`,
      `${hdfc('2025-07-09')},CHQ PAID-MICR CTS-GUJARAT MILLS,000456,${hdfc('2025-07-09')},20000.25,,130000.25`,
    ].join('\n');
    expect(await write('post', BANK_RECONCILIATION_PATHS.statements('bank'), { csv, fileName: 'hdfc.csv' })).toMatchObject({ imported: 2 });
    await write('post', BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 1, entries: [`receipt-${ids.receipt}`] });
    await write('post', BANK_RECONCILIATION_PATHS.matches('bank'), { lineNo: 2, entries: [`vendor-payment-${ids.payment}`] });
    const r = await read<Reconciliation>(`${BANK_RECONCILIATION_PATHS.statement('bank')}?asOf=2025-07-31`);
    expect(paise(r.balancePerBooks)).toBe(trialOf('2025-07-31').bank);
    expect([r.balancePerBank, r.difference, r.notPresented.total, r.notCredited.total]).toEqual(['130000.25', '0.00', '0.00', '0.00']);
  });

  it('5. the owner locks the year; a backdated sale and an opening are refused; March salaries are paid in April', async () => {
    await write('put', lockPath('books'), { upTo: '2026-03-31' });
    const refused = [
      await t.owner.post(salesInvoices.path, { customerId: ids.customer, invoiceDate: '2026-03-20', lines: [{ itemName: 'Rice bags', quantity: '1', rate: '10' }] }),
      await t.owner.post(openingItemsPath(salesInvoices), { customerId: ids.customer, invoiceNumber: 'OB/18', invoiceDate: '2025-03-11', amount: '10.00' }),
    ];
    expect(refused.map((r) => [r.status, (r.body as { message: string }).message])).toEqual([[409, LOCKED], [409, LOCKED]]);
    await write('post', payrollActionPath(ids.payroll!, 'pay'), { paidOn: '2026-04-02', paidFrom: 'bank' }, 200);
    post('2026-04-02', { 'salaries-payable': 1_800_010n, bank: -1_800_010n });
  });

  it('6. the second year: documents, and a receipt on account in cash', async () => {
    await sell('2026-04-15', '2', '4500.50', 900_100n);
    await buy('GM/201', '2026-05-10', '3000.30');
    await write('post', receipts.path, { customerId: ids.customer, receiptDate: '2026-05-20', paymentMethod: 'cash', amount: '5000.00' });
    post('2026-05-20', { cash: 500_000n, debtors: -500_000n });
  });

  const checkBothYears = async () => {
    const first = await trial('fy=2025-26');
    expect(first).toEqual({ asOf: '2026-03-31', balances: trialOf('2026-03-31') });
    // The second year opens with what the first closed with: its balance-sheet accounts, and its profit in the Profit and Loss Account.
    const opening = await trial('asOf=2026-04-01');
    expect(opening.balances).toEqual(trialOf('2026-04-01'));
    expect(opening.balances['profit-and-loss']).toBe(-profitOf('2025-04-01', '2026-03-31'));
    expect(opening.balances.sales).toBeUndefined();
    expect((await trial('asOf=2026-11-20')).balances).toEqual(trialOf('2026-11-20'));
    const pl25 = await read<Pl>(`${BOOKS_PATHS.profitAndLoss}?fy=2025-26`);
    expect(paise(pl25.netProfit)).toBe(profitOf('2025-04-01', '2026-03-31'));
    const pl26 = await read<Pl>(`${BOOKS_PATHS.profitAndLoss}?from=2026-04-01&to=2026-11-20`);
    expect(paise(pl26.netProfit)).toBe(profitOf('2026-04-01', '2026-11-20'));
    const bs25 = await read<Bs>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-03-31`);
    expect([paise(bs25.retainedEarnings), paise(bs25.profit), bs25.totalAssets]).toEqual([0n, profitOf('2025-04-01', '2026-03-31'), bs25.totalLiabilities]);
    const bs26 = await read<Bs>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-11-20`);
    expect([paise(bs26.retainedEarnings), paise(bs26.profit), bs26.totalAssets]).toEqual([profitOf('2025-04-01', '2026-03-31'), profitOf('2026-04-01', '2026-11-20'), bs26.totalLiabilities]);
    const ledger = trialOf('2026-11-20');
    expect(paise(bs26.totalAssets)).toBe(ledger.cash! + ledger.bank! + ledger.debtors!);
  };

  it('7. the year closes: both years\' trial balance, P&L and balance sheet are the ledger\'s; the second opens with the first\'s close', checkBothYears);

  it('8. a late March sale after an unlock with a reason: the close moves by exactly its amount; locked again', async () => {
    const before = (await trial('asOf=2026-11-20')).balances['profit-and-loss']!;
    await write('put', lockPath('books'), { upTo: '2026-02-28', reason: 'A March sale was found in the counter book' });
    await sell('2026-03-25', '1', '1111.11', 111_111n);
    await write('put', lockPath('books'), { upTo: '2026-03-31' });
    expect((await trial('asOf=2026-11-20')).balances['profit-and-loss']! - before).toBe(-111_111n);
    await checkBothYears();
  });

  it('9. a rebuild of the journal from the log gives the same rows, and the same reports', async () => {
    const rows = async () => (await sql<Record<string, unknown>>`select id, stream, voucher_type, voucher_number, voucher_date::text, reversal, lines from journal order by id`.execute(t.database.db)).rows;
    const journal = await rows();
    const rebuilt = await runCli(['rebuild', 'journal'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await rows()).toEqual(journal);
    await checkBothYears();
  });
});
