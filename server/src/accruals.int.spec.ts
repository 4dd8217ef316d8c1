import { BOOKS_PATHS, BUSINESS_PATH, byId, employeesEntity, payrollEntity, PAYROLL_PATHS, payrollActionPath, type PayrollRunResult, purchaseInvoices, vendorPayments } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Line = { code: string; amount: string; balance: string };
type Pnl = { expenses: Line[]; trading: { purchases: string }; netProfit: string };
type Sheet = { liabilities: Line[]; assets: Line[] };

/**
 * Accruals over HTTP (issue 43 item 4): April's payroll, run in April and paid from the bank on
 * 2 May, is April's expense and a Salaries Payable at 30 April, cleared by 31 May; a bill of
 * April paid in May is April's purchase, owed to the vendor at 30 April. Figures in paise kept
 * here; the journal rebuilt from the log is the same, row for row.
 */
describe('accruals: salaries and bills in the month they are for', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const rupees = (paise: number) => `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;
  const amountOf = (lines: readonly Line[], code: string) => lines.find((l) => l.code === code)?.amount ?? '0.00';

  // Ravi earns 18,000.10 and Meera 25,000.20 a month; Meera has 1,000.05 of allowances and 200.10 deducted.
  const ravi = 1_800_010, meeraGross = 2_500_020 + 100_005, meeraHeld = 20_010;
  const bill = 1_234_567;

  it('runs April\'s payroll in April and pays it on 2 May; a bill of 20 April is paid on 5 May', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27' });
    const r = await write('post', employeesEntity.path, { employeeId: 'E1', name: 'Ravi Kumar', salary: rupees(ravi) });
    const m = await write('post', employeesEntity.path, { employeeId: 'E2', name: 'Meera Iyer', salary: rupees(2_500_020) });
    const run = await write<PayrollRunResult>('post', PAYROLL_PATHS.run, { month: 4, year: 2026 }, 200);
    const pay = Object.fromEntries(run.created.map((p) => [p.employeeId, p.id]));
    await write('put', byId(payrollEntity.path, pay[m.id]!), { employeeId: m.id, month: 4, year: 2026, basicSalary: rupees(2_500_020), allowances: rupees(100_005), deductions: rupees(meeraHeld) });
    await write('post', payrollActionPath(pay[r.id]!, 'pay'), { paidOn: '2026-05-02', paidFrom: 'bank' }, 200);
    await write('post', payrollActionPath(pay[m.id]!, 'pay'), { paidOn: '2026-05-02', paidFrom: 'cash' }, 200);

    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills' })).id;
    const invoice = await write('post', purchaseInvoices.path, { vendorId: vendor, invoiceNumber: 'GM/7', invoiceDate: '2026-04-20', lines: [{ itemName: 'Rice', quantity: '1', rate: rupees(bill) }] });
    await write('post', vendorPayments.path, { vendorId: vendor, paymentDate: '2026-05-05', paymentMethod: 'bank_transfer', lines: [{ invoiceId: invoice.id, paidAmount: rupees(bill) }] });
  });

  it("April's profit and loss has the salaries and the bill; May's has neither", async () => {
    const april = await read<Pnl>(`${BOOKS_PATHS.profitAndLoss}?from=2026-04-01&to=2026-04-30`);
    expect(amountOf(april.expenses, 'salaries')).toBe(rupees(ravi + meeraGross));
    expect(april.trading.purchases).toBe(rupees(bill));
    const may = await read<Pnl>(`${BOOKS_PATHS.profitAndLoss}?from=2026-05-01&to=2026-05-31`);
    expect(amountOf(may.expenses, 'salaries')).toBe('0.00');
    expect(may.trading.purchases).toBe('0.00');
  });

  it('30 April: Salaries Payable (the nets) and the bill owed; 31 May: both cleared, the money gone', async () => {
    const end = await read<Sheet>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-04-30`);
    expect(amountOf(end.liabilities, 'salaries-payable')).toBe(rupees(ravi + meeraGross - meeraHeld));
    expect(amountOf(end.liabilities, 'salary-deductions-payable')).toBe(rupees(meeraHeld));
    expect(amountOf(end.liabilities, 'creditors')).toBe(rupees(bill));
    const may = await read<Sheet>(`${BOOKS_PATHS.balanceSheet}?asOf=2026-05-31`);
    expect(amountOf(may.liabilities, 'salaries-payable')).toBe('0.00');
    expect(amountOf(may.liabilities, 'creditors')).toBe('0.00');
    expect(amountOf(may.liabilities, 'salary-deductions-payable')).toBe(rupees(meeraHeld));
    const trial = await read<{ rows: { code: string; balance: string }[] }>(`${BOOKS_PATHS.trialBalance}?asOf=2026-05-31`);
    const balance = (code: string) => trial.rows.find((row) => row.code === code)?.balance ?? '0.00';
    expect([balance('bank'), balance('cash')]).toEqual([rupees(-ravi - bill), rupees(-(meeraGross - meeraHeld))]);
  });

  it('a rebuild from the log gives the same journal, row for row', async () => {
    const rows = async () => (await sql<Record<string, unknown>>`select id, stream, voucher_type, voucher_number, voucher_date::text, reversal, lines from journal order by id`.execute(t.database.db)).rows;
    const before = await rows();
    expect(before.filter((r) => String(r.stream).startsWith('payroll-')).map((r) => [r.voucher_type, r.voucher_date])).toEqual(
      expect.arrayContaining([['Payroll', '2026-04-30'], ['Payroll paid', '2026-05-02']]),
    );
    const rebuilt = await runCli(['rebuild', 'journal'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await rows()).toEqual(before);
  });
});
