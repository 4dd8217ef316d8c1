import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { LEAD_STATUSES, UNITS } from './constants';
import { isIsoDate } from './dates';
import { code, date, hsn, idOfPath, integer, money, percent, select } from './fields';

const issues = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ f: schema }).safeParse({ f: value });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};
const value = (schema: z.ZodType, input: unknown) => z.object({ f: schema }).parse({ f: input }).f;

describe('field kinds', () => {
  it('money: number or numeric string in, 2-decimal string out, blank is null', () => {
    const m = money().input;
    expect([value(m, 1250.5), value(m, ' 99.9 '), value(m, '0'), value(m, ''), value(m, undefined), value(m, null)]).toEqual([
      '1250.50', '99.90', '0.00', null, null, null,
    ]);
    expect(issues(m, '-1')).toEqual(['Amount cannot be below 0']);
    expect(issues(m, '1.234')).toEqual(['Amount can have at most 2 decimal places']);
    expect(issues(m, '1e5')).toEqual(['Amount must be a number']);
    expect(issues(m, Number.NaN)).toEqual(['Amount must be a number']);
    expect(issues(m, true)).toEqual(['Amount must be a number']);
    expect(issues(m, '100000000000')).toHaveLength(1);
  });

  it('percent keeps its default and answers a plain decimal', () => {
    const p = percent('18').input;
    expect([value(p, ''), value(p, '12.50'), value(p, 5)]).toEqual(['18', '12.5', '5']);
    expect(issues(p, '100.01')).toEqual(['Rate cannot be above 100']);
  });

  it('integer: whole numbers within 32 bits, blank is the default', () => {
    const i = integer({ label: 'Reorder level', defaultValue: 10 }).input;
    expect([value(i, ''), value(i, '25'), value(i, 0)]).toEqual([10, 25, 0]);
    expect(issues(i, '2.5')).toEqual(['Reorder level must be a whole number']);
    expect(issues(i, 2 ** 31)).toHaveLength(1);
  });

  it('dates are real calendar dates written YYYY-MM-DD', () => {
    expect([isIsoDate('2024-02-29'), isIsoDate('2023-02-29'), isIsoDate('2024-2-1')]).toEqual([true, false, false]);
    expect(value(date().input, '')).toBeNull();
    expect(issues(date().input, '29/02/2024')).toEqual(['Enter a date as YYYY-MM-DD']);
  });

  it('dates written are of the years 1900 to 2999, as every report can show them', () => {
    expect([value(date().input, '1900-01-01'), value(date().input, '2999-12-31')]).toEqual(['1900-01-01', '2999-12-31']);
    for (const outside of ['0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) {
      expect(issues(date().input, outside), outside).toEqual(['Enter a date of the years 1900 to 2999']);
    }
  });

  it('selects take one of their list; a required one with a default fills it in', () => {
    const unit = select(UNITS, { required: true, error: 'Please select a unit' }).input;
    expect(value(unit, 'KG')).toBe('KG');
    expect(issues(unit, '')).toEqual(['Please select a unit']);
    expect(issues(unit, 'kg')).toEqual(['Please select a unit']);
    const status = select(LEAD_STATUSES, { required: true, defaultValue: 'new' }).input;
    expect([value(status, undefined), value(status, ''), value(status, 'lost')]).toEqual(['new', 'new', 'lost']);
  });

  it('HSN codes have 4, 6 or 8 digits; codes are short and plain', () => {
    expect(issues(hsn().input, '10063010')).toEqual([]);
    expect(issues(hsn().input, '10063')).toEqual(['HSN code must be 4, 6 or 8 digits']);
    expect(value(code().input, ' E/42-a ')).toBe('E/42-a');
    expect(issues(code().input, '')).toEqual(['Required']);
    expect(issues(code().input, 'E 42')).toEqual(['Use letters, digits, and - _ / . only']);
  });
});

describe('idOfPath', () => {
  it('takes a plain positive 32-bit integer and nothing else', () => {
    expect(idOfPath('1')).toBe(1);
    expect(idOfPath('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0', '01', '-1', '+1', ' 1', '1 ', '1e3', '1.0', '2147483648', '99999999999', '', 'abc', '１']) expect(idOfPath(bad)).toBeNull();
    expect(idOfPath(undefined)).toBeNull();
    expect(idOfPath(7)).toBeNull();
  });
});
