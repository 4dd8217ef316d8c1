import { z } from 'zod';

import { validationError } from '../domain-errors';
import { payrollAccrual, payrollPayment } from '../books/postings';
import { masterDataEntity, type BodyOf, type BooksPart, type EventOf, type RecordOf } from '../entity';
import { active, date, dateOrToday, money, moneyFrom, multiline, recordRef, requiredInteger, select } from '../fields';
import type { FieldValues } from '../master-data-codec';
import { decimal, toMoney } from '../money';

export const PAYROLL_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const PAID_FROM = ['cash', 'bank'] as const;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const PAYROLL_YEARS = { min: 2000, max: 2099 } as const;

/** 'November 2026'. */
export const monthName = (month: number, year: number) => `${MONTH_NAMES[month - 1] ?? `Month ${month}`} ${year}`;

const month = () => requiredInteger({ label: 'Month', min: 1, max: 12, missing: 'Month is required' });
const year = () => requiredInteger({ label: 'Year', min: PAYROLL_YEARS.min, max: PAYROLL_YEARS.max, missing: 'Year is required' });

/** Net salary = basic + allowances − deductions, exactly; deductions above the gross are a 400 on deductions. */
export const netSalaryOf = (values: FieldValues): string => {
  const gross = decimal(String(values.basicSalary ?? '0')).plus(decimal(String(values.allowances ?? '0')));
  const deductions = decimal(String(values.deductions ?? '0'));
  if (deductions.gt(gross)) {
    const message = `Deductions (${toMoney(deductions)}) cannot be more than basic salary plus allowances (${toMoney(gross)})`;
    throw validationError(message, [{ path: 'deductions', message }]);
  }
  return toMoney(gross.minus(deductions));
};

/** The last day of a payroll's month: where its salary is accrued (issue 43). */
export const payrollMonthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** What a payroll posts: its salary owed at its month's end, and its payment on the day it was paid. */
const payrollParts = (values: Readonly<Record<string, unknown>>): BooksPart[] => [
  { date: typeof values.year === 'number' && typeof values.month === 'number' ? payrollMonthEnd(values.year, values.month) : null, postings: payrollAccrual(values) },
  { date: typeof values.paidOn === 'string' ? values.paidOn : null, postings: payrollPayment(values) },
];

/** The first day of the payroll's month ('2026-11-01'): what the list sorts by, newest first. */
const periodOf = (values: FieldValues): string | null =>
  typeof values.month === 'number' && typeof values.year === 'number' ? `${values.year}-${String(values.month).padStart(2, '0')}-01` : null;

/**
 * Payroll (SEED-SPEC §2, §3: one employee's pay for a month). Left blank, the basic salary is the
 * employee's monthly salary; the server works out the net; one payroll per employee per month
 * (a reservation, released when it is cancelled or made inactive). Marking it paid posts it to
 * the books (Dr Salaries / Cr Cash or Bank, Cr Salary Deductions Payable), after which its
 * amounts are fixed.
 */
export const payrollEntity = masterDataEntity({
  module: 'hr',
  plural: 'payroll',
  singular: 'payroll',
  label: 'Payroll',
  path: '/api/hr/payroll',
  canDelete: false,
  sortBy: 'period',
  booksParts: payrollParts,
  search: { fields: ['notes'], refs: { employeeId: 'employee' }, labels: { status: PAYROLL_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })) } },
  fields: {
    employeeId: recordRef('Please select an employee', 'employee'),
    month: month(),
    year: year(),
    basicSalary: moneyFrom('employeeId', 'salary'),
    allowances: money('0.00'),
    deductions: money('0.00'),
    netSalary: money(),
    period: date(),
    status: select(PAYROLL_STATUSES, { required: true, defaultValue: 'pending', error: 'Please select a status from the list' }),
    paidOn: date(),
    paidFrom: select(PAID_FROM, { error: 'Please select cash or bank' }),
    notes: multiline(),
    active: active(),
  },
  rules: {
    computed: {
      netSalary: netSalaryOf,
      period: periodOf,
    },
    uniqueKey: {
      name: 'month',
      fields: ['employeeId', 'year', 'month'],
      holds: (v) => v.status !== 'cancelled' && v.active !== false,
      taken: (v) => `Payroll for ${String(v.employeeId)} for ${monthName(Number(v.month), Number(v.year))} already exists`,
    },
    locked: {
      when: (v) => v.status === 'paid',
      fields: ['employeeId', 'month', 'year', 'basicSalary', 'allowances', 'deductions'],
      message: 'This payroll is paid: its employee, month and amounts cannot be changed. Cancel it and record a new one.',
    },
    actions: {
      pay: {
        field: 'status',
        from: ['pending'],
        to: 'paid',
        body: z.object({
          paidOn: dateOrToday().input,
          paidFrom: select(PAID_FROM, { required: true, error: 'Please select cash or bank' }).input,
        }),
        refused: (status) => `Only a pending payroll can be marked paid; this one is ${status}`,
      },
      cancel: {
        field: 'status',
        from: ['pending', 'paid'],
        to: 'cancelled',
        body: z.object({}),
        refused: (status) => `This payroll is already ${status}`,
      },
    },
  },
});

/** POST /api/hr/payroll/run: a pending payroll for every active employee without one that month. */
export const PayrollRunBodySchema = z.object({ month: month().input, year: year().input });
export type PayrollRunBody = z.output<typeof PayrollRunBodySchema>;

export const PAYROLL_PATHS = {
  run: `${payrollEntity.path}/run`,
  register: '/api/hr/payroll-register',
} as const;
export const payrollActionPath = (id: number | string, action: 'pay' | 'cancel') => `${payrollEntity.path}/${id}/${action}`;
export const payslipPdfPath = (id: number | string) => `${payrollEntity.path}/${id}/pdf`;

export const PayrollBodySchema = payrollEntity.body;
export const PayrollSchema = payrollEntity.record;
export type PayrollBody = BodyOf<typeof payrollEntity>;
export type Payroll = RecordOf<typeof payrollEntity>;
export type PayrollEvent = EventOf<typeof payrollEntity>;

export const PayrollRunResultSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  created: z.array(PayrollSchema),
  skipped: z.array(z.object({ employeeId: z.number().int(), name: z.string(), reason: z.string() })),
});
export type PayrollRunResult = z.output<typeof PayrollRunResultSchema>;

/** The payroll register of a month: each employee's payroll and the totals (cancelled ones not counted). */
export const PayrollRegisterRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeCode: z.string().nullable(),
  employeeName: z.string(),
  designation: z.string().nullable(),
  basicSalary: z.string(),
  allowances: z.string(),
  deductions: z.string(),
  netSalary: z.string(),
  status: z.enum(PAYROLL_STATUSES),
  paidOn: z.string().nullable(),
});
export const PayrollRegisterSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  rows: z.array(PayrollRegisterRowSchema),
  totals: z.object({ basicSalary: z.string(), allowances: z.string(), deductions: z.string(), netSalary: z.string(), paid: z.string(), pending: z.string(), count: z.number().int() }),
});
export type PayrollRegister = z.output<typeof PayrollRegisterSchema>;
export type PayrollRegisterRow = z.output<typeof PayrollRegisterRowSchema>;
