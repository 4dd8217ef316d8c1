import { describe, expect, it } from 'vitest';

import { balances, payrollAccrual, payrollPayment, type Posting, repost } from '../books/postings';
import { DomainError } from '../domain-errors';
import { netSalaryOf, payrollEntity, payrollMonthEnd } from './payroll';

const lines = (postings: readonly Posting[]) => postings.map((p) => `${p.account} ${p.debit !== '0.00' ? `Dr ${p.debit}` : `Cr ${p.credit}`}`);
const paid = { basicSalary: '30000.00', allowances: '2500.50', deductions: '1800.25', netSalary: '30700.25', status: 'paid', paidFrom: 'bank', active: true };

describe('payroll postings: accrued for its month, cleared when paid (issue 43)', () => {
  it('its month: Dr Salaries (basic + allowances) / Cr Salaries Payable (net) / Cr Salary Deductions Payable, balanced, pending or paid', () => {
    for (const status of ['pending', 'paid']) {
      const postings = payrollAccrual({ ...paid, status });
      expect(lines(postings)).toEqual(['salaries Dr 32500.50', 'salaries-payable Cr 30700.25', 'salary-deductions-payable Cr 1800.25']);
      expect(balances(postings)).toBe(true);
    }
  });

  it('paid: Dr Salaries Payable / Cr Bank by the net, clearing what its month owed', () => {
    const postings = payrollPayment(paid);
    expect(lines(postings)).toEqual(['salaries-payable Dr 30700.25', 'bank Cr 30700.25']);
    expect(balances(postings)).toBe(true);
  });

  it('paid from the cash box credits Cash; no deductions, no deductions line', () => {
    const values = { ...paid, paidFrom: 'cash', deductions: '0.00', netSalary: '32500.50' };
    expect(lines(payrollAccrual(values))).toEqual(['salaries Dr 32500.50', 'salaries-payable Cr 32500.50']);
    expect(lines(payrollPayment(values))).toEqual(['salaries-payable Dr 32500.50', 'cash Cr 32500.50']);
  });

  it('a pending payroll owes but has paid nothing; cancelled and inactive ones post nothing', () => {
    expect(payrollPayment({ ...paid, status: 'pending' })).toEqual([]);
    for (const values of [{ ...paid, status: 'cancelled' }, { ...paid, active: false }]) {
      expect(payrollAccrual(values)).toEqual([]);
      expect(payrollPayment(values)).toEqual([]);
    }
  });

  it('cancelling a paid payroll reverses both postings, never rewriting them', () => {
    const cancelled = { ...paid, status: 'cancelled' };
    const accrual = repost({ date: '2026-04-30', postings: payrollAccrual(paid) }, { date: '2026-04-30', postings: payrollAccrual(cancelled) });
    const payment = repost({ date: '2026-05-02', postings: payrollPayment(paid) }, { date: '2026-05-02', postings: payrollPayment(cancelled) });
    expect(accrual.map((e) => [e.date, lines(e.postings)])).toEqual([['2026-04-30', ['salaries Cr 32500.50', 'salaries-payable Dr 30700.25', 'salary-deductions-payable Dr 1800.25']]]);
    expect(payment.map((e) => [e.date, lines(e.postings)])).toEqual([['2026-05-02', ['salaries-payable Cr 30700.25', 'bank Dr 30700.25']]]);
  });

  it('its month end is the last day of the month, 29 February in a leap year', () => {
    expect([payrollMonthEnd(2026, 4), payrollMonthEnd(2028, 2), payrollMonthEnd(2026, 12)]).toEqual(['2026-04-30', '2028-02-29', '2026-12-31']);
  });

  it('balances at the largest amounts, to the paisa', () => {
    const values = { ...paid, basicSalary: '10000000000.00', allowances: '10000000000.00', deductions: '0.01', netSalary: '19999999999.99' };
    expect(balances(payrollAccrual(values))).toBe(true);
    expect(balances(payrollPayment(values))).toBe(true);
  });
});

describe('net salary', () => {
  it('is basic + allowances − deductions, exactly', () => {
    expect(netSalaryOf({ basicSalary: '0.10', allowances: '0.20', deductions: '0.30' })).toBe('0.00');
    expect(netSalaryOf({ basicSalary: '45000.00', allowances: null, deductions: null })).toBe('45000.00');
  });

  it('refuses deductions above the gross, on the deductions field', () => {
    let thrown: unknown;
    try {
      netSalaryOf({ basicSalary: '100.00', allowances: '0.00', deductions: '100.01' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).issues?.[0]?.path).toBe('deductions');
  });

  it('is never taken from the client', () => {
    const body = payrollEntity.body.parse({ employeeId: 1, month: 11, year: 2026, netSalary: '999999' }) as Record<string, unknown>;
    expect(body.netSalary).toBeNull();
    expect([body.allowances, body.deductions, body.status]).toEqual(['0.00', '0.00', 'pending']);
  });

  it('sent back as read, it is taken and ignored; an object or a long text in its place is refused, named', () => {
    for (const netSalary of [{ rupees: 5 }, ['1'], 'x'.repeat(41)]) {
      const answer = payrollEntity.body.safeParse({ employeeId: 1, month: 11, year: 2026, netSalary });
      expect(answer.success).toBe(false);
      expect(answer.error?.issues.map((i) => i.path.join('.'))).toEqual(['netSalary']);
    }
    expect(payrollEntity.body.safeParse({ employeeId: 1, month: 11, year: 2026, netSalary: 30700.25, period: '2026-11-01' }).success).toBe(true);
  });
});
