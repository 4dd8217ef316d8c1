import { describe, expect, it } from 'vitest';

import { invoiceMoney } from './invoice-money';

const sale = { overdue: true };
const note = { overdue: false };
const due = (dueDate: string | null) => ({ totalAmount: '1180.50', dueDate });
const paid = (amount: string) => ({ as: 'paid' as const, amount });
const credited = (amount: string) => ({ as: 'credited' as const, amount });
// 2026-11-27 at 20:00 UTC is 28 November in India.
const now = new Date('2026-11-27T20:00:00Z');

describe('invoiceMoney', () => {
  it('nothing settled: the whole total is due, pending', () => {
    expect(invoiceMoney(sale, due(null), [], null)).toEqual({ paidAmount: '0.00', creditedAmount: '0.00', balanceDue: '1180.50', status: 'pending' });
  });

  it('paid and credited to the paisa: 0.10 + 0.20 is 0.30 exactly, the rest partial', () => {
    const money = invoiceMoney(sale, due(null), [paid('0.10'), paid('0.20'), credited('180.05')], null);
    expect(money).toEqual({ paidAmount: '0.30', creditedAmount: '180.05', balanceDue: '1000.15', status: 'partial' });
  });

  it('paid and credited together to the total: paid, nothing due', () => {
    const money = invoiceMoney(sale, due(null), [paid('1000.49'), credited('180.01')], null);
    expect(money).toEqual({ paidAmount: '1000.49', creditedAmount: '180.01', balanceDue: '0.00', status: 'paid' });
  });

  it('a total of nothing is paid', () => {
    expect(invoiceMoney(sale, { totalAmount: '0.00', dueDate: null }, [], null)).toMatchObject({ balanceDue: '0.00', status: 'paid' });
  });

  it('overdue only when read at a day past its due date, unpaid, and of a kind that falls due', () => {
    expect(invoiceMoney(sale, due('2026-11-27'), [paid('0.01')], now)).toMatchObject({ balanceDue: '1180.49', status: 'overdue' });
    expect(invoiceMoney(sale, due('2026-11-28'), [], now).status).toBe('pending');
    expect(invoiceMoney(sale, due('2026-11-27'), [], null).status).toBe('pending');
    expect(invoiceMoney(note, due('2026-11-27'), [], now).status).toBe('pending');
    expect(invoiceMoney(sale, due('2026-01-01'), [paid('1180.50')], now).status).toBe('paid');
  });
});
