import { describe, expect, it } from 'vitest';

import { indiaDate, invoiceStatus, invoiceTotals, statusOn } from './amounts';

describe('document amounts and dates', () => {
  it("today is India's date: 18:29:59 UTC is still the same day there, 18:30 is the next", () => {
    expect(indiaDate(new Date('2026-11-22T18:29:59.999Z'))).toBe('2026-11-22');
    expect(indiaDate(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23');
  });

  it('overdue starts at midnight IST after the due date, and never for a paid invoice', () => {
    expect(statusOn('pending', '2026-11-22', new Date('2026-11-22T18:29:59Z'))).toBe('pending');
    expect(statusOn('pending', '2026-11-22', new Date('2026-11-22T18:30:00Z'))).toBe('overdue');
    expect(statusOn('partial', '2026-11-22', new Date('2026-11-23T05:00:00Z'))).toBe('overdue');
    expect(statusOn('paid', '2026-11-22', new Date('2026-12-01T00:00:00Z'))).toBe('paid');
    expect(statusOn('pending', null, new Date('2030-01-01T00:00:00Z'))).toBe('pending');
  });

  it('status follows the money', () => {
    expect(invoiceStatus('100.00', '0.00')).toBe('pending');
    expect(invoiceStatus('100.00', '99.99')).toBe('partial');
    expect(invoiceStatus('100.00', '100.00')).toBe('paid');
  });

  it('totals are exact: 0.1 + 0.2 is 0.30, line amounts round half-up to the paisa', () => {
    const totals = invoiceTotals(
      [
        { quantity: '1', rate: '0.10' },
        { quantity: '1', rate: '0.20' },
        { quantity: '0.333', rate: '1.50' },
      ],
      '0.05',
    );
    expect(totals.lines.map((l) => l.amount)).toEqual(['0.10', '0.20', '0.50']);
    expect(totals).toMatchObject({ subTotal: '0.80', totalAmount: '0.85' });
  });
});

describe('indiaDate', () => {
  const intl = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

  it('agrees with Intl for Asia/Kolkata from 1950 to 2100', () => {
    for (let t = Date.UTC(1950, 0, 1); t < Date.UTC(2100, 0, 1); t += 3_590_000 * 61) {
      const d = new Date(t);
      expect(indiaDate(d)).toBe(intl(d));
    }
  });
});
