import { describe, expect, it } from 'vitest';

import { stockStatus } from './stock';

describe('stock status (SEED-SPEC §4)', () => {
  it('is out of stock at 0 or below', () => {
    expect(stockStatus('0', 10)).toBe('out-of-stock');
    expect(stockStatus('-2.5', 10)).toBe('out-of-stock');
  });
  it('is low above 0 up to and including the reorder level', () => {
    expect(stockStatus('0.01', 10)).toBe('low-stock');
    expect(stockStatus('10', 10)).toBe('low-stock');
  });
  it('is in stock just above the reorder level', () => {
    expect(stockStatus('10.01', 10)).toBe('in-stock');
  });
});
