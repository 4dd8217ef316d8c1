import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { CSV_COLUMNS, csvFileName, inventoryCsv } from './inventory-csv';

describe('inventory CSV (DESIGN §3.2)', () => {
  it('round-trips commas, quotes, new lines and ₹ through a CSV parser, numbers with 2 decimals', () => {
    const csv = inventoryCsv([
      { name: 'Rice, Basmati "Royal"', description: 'Line one\nline two, ₹ rates', unit: 'KG', currentStock: '12.5', costPrice: '99.9', sellingPrice: null, reorderLevel: 10, status: 'In Stock', value: '1248.75' },
    ]);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      [...CSV_COLUMNS],
      ['Rice, Basmati "Royal"', 'Line one\nline two, ₹ rates', 'KG', '12.50', '99.90', '0.00', '10', 'In Stock', '1248.75'],
    ]);
  });

  it('with no rows is the header line', () => {
    expect(inventoryCsv([])).toBe(CSV_COLUMNS.join(','));
  });

  it('is named after the day', () => {
    expect(csvFileName('2026-11-23')).toBe('inventory-report-2026-11-23.csv');
  });
});
