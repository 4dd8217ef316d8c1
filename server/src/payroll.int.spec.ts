import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { BOOKS_PATHS, BUSINESS_PATH, byId, employeesEntity, HEADERS, PAYROLL_PATHS, payrollActionPath, payrollEntity, type PayrollRegister, type PayrollRunResult, payslipPdfPath } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;
type Balance = { code: string; balance: string };

/**
 * Payroll over HTTP: a month's run from the employee master, one payroll per employee per month,
 * mark paid posting a balanced entry to the books (and cancel reversing it), the payslip PDF and
 * the month's register with exact totals.
 */
describe('payroll', () => {
  const t = signedInOneProcess();
  const { write, read, position } = readYourWrites(() => t.owner);
  const trial = async () => read<{ rows: Balance[]; totalDebit: string; totalCredit: string }>(`${BOOKS_PATHS.trialBalance}?asOf=2026-12-31`);
  const balanceOf = (rows: readonly Balance[], code: string) => rows.find((r) => r.code === code)?.balance ?? '0.00';

  let ravi: Row;
  let meera: Row;
  let raviPay: Row;

  it('runs a month: a pending payroll at the salary for each active employee, skipping who has one and who is inactive', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27' });
    ravi = await write('post', employeesEntity.path, { employeeId: 'E1', name: 'Ravi Kumar', designation: 'Store keeper', salary: '18000.10' });
    meera = await write('post', employeesEntity.path, { employeeId: 'E2', name: 'Meera Iyer', salary: '25000.20' });
    await write('post', employeesEntity.path, { employeeId: 'E3', name: 'Left Already', salary: '9000', active: false });
    // Meera's November is recorded by hand first, basic left blank: her salary.
    const own = await write('post', payrollEntity.path, { employeeId: meera.id, month: 11, year: 2026, allowances: '1000.05', deductions: '200.10', netSalary: '1' });
    expect(own).toMatchObject({ basicSalary: '25000.20', allowances: '1000.05', deductions: '200.10', netSalary: '25800.15', status: 'pending' });

    const run = await write<PayrollRunResult>('post', PAYROLL_PATHS.run, { month: 11, year: 2026 }, 200);
    expect(run.created.map((p) => [p.employeeId, p.basicSalary, p.netSalary, p.status])).toEqual([[ravi.id, '18000.10', '18000.10', 'pending']]);
    expect(run.skipped).toEqual([expect.objectContaining({ employeeId: meera.id, name: 'Meera Iyer' })]);
    raviPay = run.created[0]! as Row;

    const again = await write<PayrollRunResult>('post', PAYROLL_PATHS.run, { month: 11, year: 2026 }, 200);
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(2);
  });

  it('refuses a second payroll for the same employee and month (409, in words)', async () => {
    const res = await t.owner.post<{ message: string }>(payrollEntity.path, { employeeId: ravi.id, month: 11, year: 2026 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Payroll for Ravi Kumar for November 2026 already exists');
    const over = await t.owner.post<{ issues: { path: string }[] }>(payrollEntity.path, { employeeId: ravi.id, month: 12, year: 2026, basicSalary: '100', deductions: '100.01' });
    expect(over.status).toBe(400);
    expect(over.body.issues[0]!.path).toBe('deductions');
  });

  it('accrues each salary at its month end (Dr Salaries / Cr Salaries Payable / Cr Salary Deductions Payable); mark paid clears the payable from the bank', async () => {
    const mine = await write('put', byId(payrollEntity.path, raviPay.id), { employeeId: ravi.id, month: 11, year: 2026, basicSalary: '18000.10', allowances: '1500.45', deductions: '900.33' }, 200);
    expect(mine.netSalary).toBe('18600.22');
    const paid = await write('post', payrollActionPath(raviPay.id, 'pay'), { paidOn: '2026-11-30', paidFrom: 'bank' }, 200);
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-11-30', paidFrom: 'bank' });

    // Ravi's 19,500.55 (paid) and Meera's 26,000.25 (pending: owed, 25,800.15 net).
    const tb = await trial();
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(balanceOf(tb.rows, 'salaries')).toBe('45500.80');
    expect(balanceOf(tb.rows, 'bank')).toBe('-18600.22');
    expect(balanceOf(tb.rows, 'salaries-payable')).toBe('-25800.15');
    expect(balanceOf(tb.rows, 'salary-deductions-payable')).toBe('-1100.43');
    const day = await read<{ entries: { voucherType: string; voucherNumber: string }[] }>(`${BOOKS_PATHS.dayBook}?from=2026-11-30&to=2026-11-30`);
    expect(day.entries.some((e) => e.voucherType === 'Payroll' && e.voucherNumber.includes('November 2026'))).toBe(true);
    expect(day.entries.some((e) => e.voucherType === 'Payroll paid' && e.voucherNumber.includes('November 2026'))).toBe(true);

    const locked = await t.owner.put<{ message: string }>(byId(payrollEntity.path, raviPay.id), { employeeId: ravi.id, month: 11, year: 2026, basicSalary: '99999', status: 'paid', paidOn: '2026-11-30', paidFrom: 'bank' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/paid/);
    const twice = await t.owner.post(payrollActionPath(raviPay.id, 'pay'), { paidFrom: 'cash' });
    expect(twice.status).toBe(409);
  });

  it('the register of the month: each payroll and exact totals; the payslip is a PDF', async () => {
    const register = await read<PayrollRegister>(`${PAYROLL_PATHS.register}?month=11&year=2026`);
    expect(register.rows.map((r) => [r.employeeName, r.netSalary, r.status])).toEqual([['Meera Iyer', '25800.15', 'pending'], ['Ravi Kumar', '18600.22', 'paid']]);
    expect(register.totals).toEqual({ basicSalary: '43000.30', allowances: '2500.50', deductions: '1100.43', netSalary: '44400.37', paid: '18600.22', pending: '25800.15', count: 2 });
    const bad = await t.owner.get(`${PAYROLL_PATHS.register}?month=13&year=2026`);
    expect(bad.status).toBe(400);

    const res = await fetch(`${t.system.baseUrl}${payslipPdfPath(raviPay.id)}`, { headers: { cookie: t.owner.cookieHeader(), [HEADERS.minPosition]: position() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-payslip-'));
    try {
      await writeFile(path.join(dir, 'p.pdf'), bytes);
      const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path.join(dir, 'p.pdf'), '-']);
      const text = stdout.replace(/[ \t]+/g, ' ');
      for (const expected of ['Sharma Traders', 'Payslip for November 2026', 'Ravi Kumar', 'E1', 'Store keeper', '₹18,600.22']) expect(text).toContain(expected);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('cancelling a paid payroll reverses both its postings and frees the month', async () => {
    await write('post', payrollActionPath(raviPay.id, 'cancel'), {}, 200);
    const tb = await trial();
    expect(balanceOf(tb.rows, 'salaries')).toBe('26000.25');
    expect(balanceOf(tb.rows, 'bank')).toBe('0.00');
    expect(balanceOf(tb.rows, 'salaries-payable')).toBe('-25800.15');
    const redo = await write<PayrollRunResult>('post', PAYROLL_PATHS.run, { month: 11, year: 2026 }, 200);
    expect(redo.created.map((p) => p.employeeId)).toEqual([ravi.id]);
    const register = await read<PayrollRegister>(`${PAYROLL_PATHS.register}?month=11&year=2026`);
    expect(register.totals.count).toBe(2);
    expect(register.rows.filter((r) => r.status === 'cancelled')).toHaveLength(1);
  });
});
