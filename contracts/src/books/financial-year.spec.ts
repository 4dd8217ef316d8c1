import { describe, expect, it } from 'vitest';

import { DomainError } from '../domain-errors';
import { asOfOf, closingPosting, financialYearDates, financialYearOf, periodOf, ReportQuerySchema, unpaidBills, yearBefore } from '..';

/** Rupees as integer paise, so the expected figures are kept apart from the code's money helpers. */
const paise = (money: string) => BigInt(money.replace('.', ''));

describe('financial years (issue 43 item 2)', () => {
  it('runs 1 April to 31 March and is asked for as 2025-26', () => {
    expect(financialYearDates('2025-26')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearDates('1999-00')).toEqual({ from: '1999-04-01', to: '2000-03-31' });
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(yearBefore('2026-03-31')).toBe('2025-03-31');
    expect(yearBefore('2024-02-29')).toBe('2023-02-28');
  });

  it('takes fy for a period or a day, and refuses it beside dates or malformed', () => {
    const q = (query: Record<string, string>) => ReportQuerySchema.parse(query);
    expect(periodOf(q({ fy: '2025-26' }), '2026-05-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(asOfOf(q({ fy: '2025-26' }), '2026-05-31')).toBe('2026-03-31');
    const refusedOn = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof DomainError) return error.issues?.map((i) => i.path);
      }
      return [];
    };
    expect(refusedOn(() => periodOf(q({ fy: '2025-26', from: '2025-05-01' }), '2026-05-31'))).toEqual(['fy']);
    for (const bad of ['2025-27', '2025', '25-26', '3000-01', '1899-00']) {
      const parsed = ReportQuerySchema.safeParse({ fy: bad });
      expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['fy']);
    }
  });
});

describe('the year-end close (issue 43 item 2)', () => {
  const year1 = [
    { code: 'sales', accountType: 'income' as const, balance: '-26961.23' },
    { code: 'purchases', accountType: 'expense' as const, balance: '15000.50' },
    { code: 'rent', accountType: 'expense' as const, balance: '3000.00' },
    { code: 'cash', accountType: 'asset' as const, balance: '8960.73' },
    { code: 'stock-in-hand', accountType: 'asset' as const, balance: '0.00' },
  ];

  it('zeroes each income and expense ledger and credits the profit, stock restated to its value', () => {
    const close = closingPosting(year1, { journal: '0.00', value: '2500.25' });
    expect(close.lines).toEqual([
      { code: 'sales', amount: '26961.23' },
      { code: 'purchases', amount: '-15000.50' },
      { code: 'rent', amount: '-3000.00' },
      { code: 'stock-in-hand', amount: '2500.25' },
      { code: 'profit-and-loss', amount: '-11460.98' },
    ]);
    // 2,696,123 − 1,500,050 − 300,000 + 250,025 paise
    expect(paise(close.profit)).toBe(2_696_123n - 1_500_050n - 300_000n + 250_025n);
    expect(close.lines.reduce((sum, l) => sum + paise(l.amount), 0n)).toBe(0n);
  });

  it('debits a loss, and leaves balance-sheet ledgers alone', () => {
    const close = closingPosting([{ code: 'sales', accountType: 'income', balance: '-100.00' }, { code: 'salaries', accountType: 'expense', balance: '250.10' }, { code: 'bank', accountType: 'asset', balance: '5.00' }], { journal: '0', value: '0' });
    expect(close.profit).toBe('-150.10');
    expect(close.lines.map((l) => l.code)).toEqual(['sales', 'salaries', 'profit-and-loss']);
    expect(close.lines.at(-1)!.amount).toBe('150.10');
  });

  it('closing two years at once equals closing them one after the other', () => {
    // Year 1: as above, stock at cost 2,500.25 at its end. Year 2: sales 11,771.50, purchases 4,000.00, an adjustment brought 100.00 in, stock 1,800.00 at its end.
    const first = closingPosting(year1, { journal: '0.00', value: '2500.25' });
    const second = closingPosting([{ code: 'sales', accountType: 'income', balance: '-11771.50' }, { code: 'purchases', accountType: 'expense', balance: '4000.00' }], { journal: '2600.25', value: '1800.00' });
    const both = closingPosting(
      [{ code: 'sales', accountType: 'income', balance: '-38732.73' }, { code: 'purchases', accountType: 'expense', balance: '19000.50' }, { code: 'rent', accountType: 'expense', balance: '3000.00' }],
      { journal: '100.00', value: '1800.00' },
    );
    const retained = (c: typeof first) => paise(c.lines.find((l) => l.code === 'profit-and-loss')!.amount);
    expect(retained(both)).toBe(retained(first) + retained(second));
    expect(paise(both.profit)).toBe(paise(first.profit) + paise(second.profit));
    // 26,961.23 + 11,771.50 − 19,000.50 − 3,000.00 + (1,800.00 − 100.00) paise
    expect(paise(both.profit)).toBe(2_696_123n + 1_177_150n - 1_900_050n - 300_000n + 170_000n);
  });

  it('moves by exactly a late entry: the same as if it had been there before', () => {
    const before = closingPosting(year1, { journal: '0', value: '2500.25' });
    const late = closingPosting(year1.map((b) => (b.code === 'sales' ? { ...b, balance: '-28341.23' } : b)), { journal: '0', value: '2500.25' });
    expect(paise(late.profit) - paise(before.profit)).toBe(138_000n);
  });
});

describe('MSME dues beyond 45 days (issue 43 item 6)', () => {
  it('settles the oldest bills first and flags those unpaid more than 45 days', () => {
    const bills = unpaidBills(
      [
        { date: '2026-02-14', number: 'B-1', amount: '1000.00' },
        { date: '2026-03-01', number: 'B-3', amount: '500.00' },
        { date: '2026-02-01', number: 'B-0', amount: '300.00' },
        { date: '2026-02-20', number: 'PAY-1', amount: '-800.00' },
      ],
      '2026-03-31',
    );
    expect(bills).toEqual([
      { date: '2026-02-14', number: 'B-1', unpaid: '500.00', days: 45, overdue: false },
      { date: '2026-03-01', number: 'B-3', unpaid: '500.00', days: 30, overdue: false },
    ]);
    expect(unpaidBills([{ date: '2026-02-09', number: 'B-9', amount: '99.99' }], '2026-03-31')).toEqual([{ date: '2026-02-09', number: 'B-9', unpaid: '99.99', days: 50, overdue: true }]);
  });
});
