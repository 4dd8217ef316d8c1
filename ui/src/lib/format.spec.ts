import { toMoney } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { formatDate, formatMoney } from './format';
import { formatLakh } from './lakh';

// The hand-made formats against Intl's en-IN output, which they replace on the first screens.
const intlMoney = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlWhole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const intlDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });

const AMOUNTS = ['0', '0.5', '1', '9.99', '12', '123', '999.995', '1000', '12345.6', '99999', '123456.5', '1234567.89', '98765432.10', '123456789012.34', '-1', '-1234.5', '-987654.32'];

describe('formatMoney', () => {
  it.each(AMOUNTS)('formats %s as Intl en-IN does', (amount) => {
    expect(formatMoney(amount)).toBe(intlMoney.format(toMoney(amount) as Intl.StringNumericLiteral));
  });

  it('rounds half up to paise and groups in lakhs and crores', () => {
    expect(formatMoney('1234567.891')).toBe('₹12,34,567.89');
    expect(formatMoney('0.005')).toBe('₹0.01');
    expect(formatMoney(null)).toBe('₹0.00');
  });
});

describe('formatLakh', () => {
  it.each(['0', '7', '450', '45000', '99999', '99999.4'])('below a lakh, %s in whole rupees as Intl groups them', (amount) => {
    expect(formatLakh(amount)).toBe(`₹${intlWhole.format(Math.round(Number(amount)))}`);
  });

  it('writes lakhs and crores with one decimal', () => {
    expect(formatLakh('240000')).toBe('₹2.4L');
    expect(formatLakh('100000')).toBe('₹1L');
    expect(formatLakh('12000000')).toBe('₹1.2Cr');
    expect(formatLakh('-45000')).toBe('-₹45,000');
  });
});

describe('formatDate', () => {
  it.each(['2026-01-01', '2026-02-28', '2024-02-29', '2026-11-22', '2026-12-31', '1999-07-04'])('%s as Intl en-IN medium', (ymd) => {
    expect(formatDate(ymd)).toBe(intlDate.format(new Date(`${ymd}T00:00:00Z`)));
  });

  it('leaves what is not a date as it is, and nothing as empty', () => {
    expect(formatDate('someday')).toBe('someday');
    expect(formatDate(null)).toBe('');
  });
});
