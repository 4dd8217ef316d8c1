import { describe, expect, it } from 'vitest';

import { balances, payrollPostings, type Posting, repost } from '../books/postings';
import { DomainError } from '../domain-errors';
import { netSalaryOf, payrollEntity } from './payroll';

const lines = (postings: readonly Posting[]) => postings.map((p) => `${p.account} ${p.debit !== '0.00' ? `Dr ${p.debit}` : `Cr ${p.credit}`}`);
const paid = { basicSalary: '30000.00', allowances: '2500.50', deductions: '1800.25', netSalary: '30700.25', status: 'paid', paidFrom: 'bank', active: true };

describe('payroll postings', () => {
  it('a paid payroll: Dr Salaries (basic + allowances) / Cr Bank (net) / Cr Salary Deductions Payable, balanced', () => {
    const postings = payrollPostings(paid);
    expect(lines(postings)).toEqual(['salaries Dr 32500.50', 'bank Cr 30700.25', 'salary-deductions-payable Cr 1800.25']);
    expect(balances(postings)).toBe(true);
  });

  it('paid from the cash box credits Cash; no deductions, no deductions line', () => {
    const postings = payrollPostings({ ...paid, paidFrom: 'cash', deductions: '0.00', netSalary: '32500.50' });
    expect(lines(postings)).toEqual(['salaries Dr 32500.50', 'cash Cr 32500.50']);
    expect(balances(postings)).toBe(true);
  });

  it('pending, cancelled and inactive payrolls post nothing', () => {
    expect(payrollPostings({ ...paid, status: 'pending' })).toEqual([]);
    expect(payrollPostings({ ...paid, status: 'cancelled' })).toEqual([]);
    expect(payrollPostings({ ...paid, active: false })).toEqual([]);
  });

  it('cancelling a paid payroll reverses its posting, never rewriting it', () => {
    const before = { date: '2026-11-30', postings: payrollPostings(paid) };
    const entries = repost(before, { date: '2026-11-30', postings: payrollPostings({ ...paid, status: 'cancelled' }) });
    expect(entries).toHaveLength(1);
    expect(lines(entries[0]!.postings)).toEqual(['salaries Cr 32500.50', 'bank Dr 30700.25', 'salary-deductions-payable Dr 1800.25']);
  });

  it('balances at the largest amounts, to the paisa', () => {
    const postings = payrollPostings({ ...paid, basicSalary: '10000000000.00', allowances: '10000000000.00', deductions: '0.01', netSalary: '19999999999.99' });
    expect(balances(postings)).toBe(true);
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
});
