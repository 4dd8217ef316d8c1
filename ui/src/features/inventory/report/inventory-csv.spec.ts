import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { CSV_COLUMNS, csvFileName, GST_COLUMNS, inventoryCsv } from './inventory-csv';

describe('inventory CSV (DESIGN §3.2)', () => {
  it('round-trips commas, quotes, new lines and ₹ through a CSV parser, numbers with 2 decimals', () => {
    const csv = inventoryCsv([
      { name: 'Rice, Basmati "Royal"', description: 'Line one\nline two, ₹ rates', unit: 'KG', currentStock: '12.5', costPrice: '99.9', sellingPrice: null, reorderLevel: 10, status: 'In Stock', value: '1248.75', hsnCode: '1006', taxRate: '5' },
    ]);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      [...CSV_COLUMNS],
      ['Rice, Basmati "Royal"', 'Line one\nline two, ₹ rates', 'KG', '12.50', '99.90', '0.00', '10', 'In Stock', '1248.75'],
    ]);
  });

  it('neutralises cells a spreadsheet would run as a formula (= + - @ tab CR first, also after spaces); negative numbers stay numbers', () => {
    const hostile = ['=HYPERLINK("http://x","click")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '  =1+1', ' \u00a0@A1'];
    const csv = inventoryCsv(
      hostile.map((name, i) => ({ name, description: i === 0 ? '=cmd|\' /C calc\'!A0' : null, unit: 'KG', currentStock: '-2.25', costPrice: '1', sellingPrice: '2', reorderLevel: 1, status: 'Out of Stock', value: '-2.25', hsnCode: null, taxRate: null })),
    );
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r[0])).toEqual(hostile.map((h) => `'${h}`));
    expect(rows[0]![1]).toBe("'=cmd|' /C calc'!A0");
    expect(rows.every((r) => r[3] === '-2.25' && r[8] === '-2.25')).toBe(true);
  });

  it('for a business registered for GST carries each item\'s HSN/SAC and GST rate', () => {
    const row = { name: 'Toor dal', description: null, unit: 'KG', currentStock: '12', costPrice: '110', sellingPrice: '140', reorderLevel: null, status: 'In Stock', value: '1320', hsnCode: '0713', taxRate: '0' };
    const parsed = Papa.parse<string[]>(inventoryCsv([row], true), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...CSV_COLUMNS, ...GST_COLUMNS]);
    expect(parsed[1]!.slice(-2)).toEqual(['0713', '0']);
  });

  it('with no rows is the header line', () => {
    expect(inventoryCsv([])).toBe(CSV_COLUMNS.join(','));
  });

  it('is named after the day', () => {
    expect(csvFileName('2026-11-23')).toBe('inventory-report-2026-11-23.csv');
  });
});
