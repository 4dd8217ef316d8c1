import { DomainError, payrollEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { MASTER_DATA_SLICES } from './index';
import type { MasterDataCommand } from './master-data.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const id = 7;
const is = (kind: DomainError['kind']) => (e: unknown) => e instanceof DomainError && e.kind === kind;
const { decider } = MASTER_DATA_SLICES.find((s) => s.entity === payrollEntity)!;
const spec = DeciderSpecification.for(decider);
type Cmd = MasterDataCommand<typeof payrollEntity>;

/** The body as the route hands it over, after blanks were filled (basic from the employee's salary). */
const body = (over: Record<string, unknown> = {}) =>
  payrollEntity.body.parse({ employeeId: 3, month: 11, year: 2026, basicSalary: '30000', allowances: '2500.50', deductions: '1800.25', ...over });
const values = { employeeId: 3, month: 11, year: 2026, basicSalary: '30000.00', allowances: '2500.50', deductions: '1800.25', netSalary: '30700.25', period: '2026-11-01', status: 'pending', paidOn: null, paidFrom: null, notes: null, active: true };
const created = { type: 'PayrollCreated', data: { ...values, id } };
const paidEvent = { type: 'PayrollUpdated', data: { id, changes: { status: 'paid', paidOn: '2026-11-30', paidFrom: 'bank' } } };
const create = (over: Record<string, unknown> = {}): Cmd => ({ type: 'Create', data: { id, body: body(over) }, metadata });
const update = (over: Record<string, unknown>): Cmd => ({ type: 'Update', data: { id, body: body(over) }, metadata });
const act = (action: string, data: Record<string, unknown> = {}): Cmd => ({ type: 'Act', data: { id, action, values: data }, metadata });

describe('Payroll decider', () => {
  describe('when absent', () => {
    it('creates it pending, with the net worked out by the server (basic + allowances − deductions)', () =>
      spec.given([]).when(create({ netSalary: '1' })).then([created]));
    it('refuses deductions above basic plus allowances, naming the field', () =>
      spec.given([]).when(create({ deductions: '32500.51' })).thenThrows((e) => is('validation')(e) && (e as DomainError).issues?.[0]?.path === 'deductions'));
    it('cannot be paid', () => spec.given([]).when(act('pay', { paidOn: '2026-11-30', paidFrom: 'cash' })).thenThrows(is('not_found')));
  });

  describe('when pending', () => {
    it('recomputes the net when an amount changes', () =>
      spec.given([created]).when(update({ allowances: '0' })).then([{ type: 'PayrollUpdated', data: { id, changes: { allowances: '0.00', netSalary: '28199.75' } } }]));
    it('is marked paid with its date and where the money came from', () =>
      spec.given([created]).when(act('pay', { paidOn: '2026-11-30', paidFrom: 'bank' })).then([paidEvent]));
    it('is cancelled', () =>
      spec.given([created]).when(act('cancel')).then([{ type: 'PayrollUpdated', data: { id, changes: { status: 'cancelled' } } }]));
  });

  describe('when paid', () => {
    it('refuses to change its amounts (409, saying why)', () =>
      spec.given([created, paidEvent]).when(update({ basicSalary: '31000', status: 'paid', paidOn: '2026-11-30', paidFrom: 'bank' })).thenThrows(
        (e) => is('conflict')(e) && /paid/.test((e as DomainError).message),
      ));
    it('still takes a note', () =>
      spec.given([created, paidEvent]).when(update({ status: 'paid', paidOn: '2026-11-30', paidFrom: 'bank', notes: 'Paid by NEFT' })).then([
        { type: 'PayrollUpdated', data: { id, changes: { notes: 'Paid by NEFT' } } },
      ]));
    it('cannot be paid twice', () => spec.given([created, paidEvent]).when(act('pay', { paidOn: '2026-12-01', paidFrom: 'cash' })).thenThrows(is('conflict')));
    it('is cancelled (the journal reverses its posting)', () =>
      spec.given([created, paidEvent]).when(act('cancel')).then([{ type: 'PayrollUpdated', data: { id, changes: { status: 'cancelled' } } }]));
  });

  describe('when cancelled', () => {
    const cancelled = { type: 'PayrollUpdated', data: { id, changes: { status: 'cancelled' } } };
    it('cannot be paid', () => spec.given([created, cancelled]).when(act('pay', { paidOn: '2026-11-30', paidFrom: 'cash' })).thenThrows(is('conflict')));
    it('cannot be cancelled again', () => spec.given([created, cancelled]).when(act('cancel')).thenThrows(is('conflict')));
  });

  it('claims one payroll per employee per month, and lets go of it when cancelled or inactive', () => {
    const key = payrollEntity.rules!.uniqueKey!;
    const holds = key.holds!;
    expect(key.fields).toEqual(['employeeId', 'year', 'month']);
    expect(holds(values)).toBe(true);
    expect(holds({ ...values, status: 'cancelled' })).toBe(false);
    expect(holds({ ...values, active: false })).toBe(false);
    expect(key.taken({ ...values, employeeId: 'Ravi Kumar' })).toBe('Payroll for Ravi Kumar for November 2026 already exists');
  });
});
