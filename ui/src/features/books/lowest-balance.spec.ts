import { describe, expect, it } from 'vitest';

import { lowestBelowZero } from './lowest-balance';

describe('a running balance below zero (issue 43: cash in hand went negative without a word)', () => {
  it('names the day it was lowest and how low', () => {
    const points = [
      { date: '2026-04-01', balance: '500.00' },
      { date: '2026-04-03', balance: '-26153.00' },
      { date: '2026-04-04', balance: '-100.00' },
    ];
    expect(lowestBelowZero(points)).toEqual({ date: '2026-04-03', balance: '-26153.00' });
  });

  it('says nothing while it stays at or above zero', () => {
    expect(lowestBelowZero([{ date: '2026-04-01', balance: '0.00' }, { date: '2026-04-02', balance: '0.01' }])).toBeNull();
    expect(lowestBelowZero([])).toBeNull();
  });
});
