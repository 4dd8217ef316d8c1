import { describe, expect, it } from 'vitest';

import { customersEntity, vendorsEntity } from './index';
import { daysFromTerms, dueDateFrom, PAYMENT_TERM_DAYS_MAX, termDaysOf } from './payment-terms';

describe('payment terms', () => {
  it.each([
    ['Net 30', 30],
    ['NET30', 30],
    ['15 days', 15],
    ['45 Days credit', 45],
    ['2/10 Net 30', 30],
    ['1 month', 30],
    ['2 weeks', 14],
    ['Due on receipt', 0],
    ['Immediate', 0],
    ['Cash', 0],
    ['COD', 0],
  ])('reads %s as %i days', (text, days) => expect(daysFromTerms(text)).toBe(days));

  it.each([[null], [''], ['  '], ['As agreed'], ['10 or 20 days'], ['Net 400']])('reads %s as no terms', (text) => expect(daysFromTerms(text)).toBeNull());

  it('takes the days field first, the label only when the days are not set', () => {
    expect(termDaysOf({ paymentTermDays: 7, paymentTerms: 'Net 30' })).toBe(7);
    expect(termDaysOf({ paymentTermDays: 0, paymentTerms: 'Net 30' })).toBe(0);
    expect(termDaysOf({ paymentTermDays: null, paymentTerms: 'Net 30' })).toBe(30);
    expect(termDaysOf({ paymentTerms: '15 days' })).toBe(15);
    expect(termDaysOf({})).toBeNull();
  });

  it('gives a due date the days after the date, across months and years; none for 0 or no terms', () => {
    expect(dueDateFrom('2026-03-20', 15)).toBe('2026-04-04');
    expect(dueDateFrom('2026-12-20', 30)).toBe('2027-01-19');
    expect(dueDateFrom('2028-02-20', 10)).toBe('2028-03-01');
    expect(dueDateFrom('2026-03-20', 0)).toBeNull();
    expect(dueDateFrom('2026-03-20', null)).toBeNull();
  });

  it('customers and vendors take whole days from 0 to a year, blank as not set', () => {
    for (const entity of [customersEntity, vendorsEntity]) {
      const parse = (paymentTermDays: unknown) => entity.body.safeParse({ name: 'A', paymentTermDays });
      expect(parse('15')).toMatchObject({ success: true, data: { paymentTermDays: 15 } });
      expect(parse('')).toMatchObject({ success: true, data: { paymentTermDays: null } });
      expect(parse(PAYMENT_TERM_DAYS_MAX + 1).success).toBe(false);
      expect(parse(-1).success).toBe(false);
      expect(parse(2.5).success).toBe(false);
    }
  });
});
