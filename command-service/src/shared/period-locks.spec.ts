import { payrollEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { changedParts } from './period-locks';

const parts = payrollEntity.booksParts!;
const pending = { basicSalary: '18000.00', allowances: '0.00', deductions: '0.00', netSalary: '18000.00', month: 4, year: 2026, status: 'pending', active: true };
const paid = { ...pending, status: 'paid', paidOn: '2026-05-02', paidFrom: 'bank' };

describe('the days a payroll change is dated by (issue 43)', () => {
  it('a new payroll: its month end', () => expect(changedParts(parts({ active: false }), parts(pending)).books).toEqual([null, '2026-04-30']));
  it('paid in May: only the payment day, April untouched', () => expect(changedParts(parts(pending), parts(paid)).books).toEqual([null, '2026-05-02']));
  it('a note changed: nothing', () => expect(changedParts(parts(paid), parts({ ...paid, notes: 'ok' })).books).toEqual([]));
  it('cancelled once paid: both days', () => expect(changedParts(parts(paid), parts({ ...paid, status: 'cancelled' })).books).toEqual(['2026-04-30', '2026-04-30', '2026-05-02', '2026-05-02']));
});
