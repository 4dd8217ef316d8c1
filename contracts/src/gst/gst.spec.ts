import { describe, expect, it } from 'vitest';

import { placeOfSupplyLabel, stateOfGstin } from './states';
import { amountInWords, numberInWords } from './words';
import { financialYear, hsnSummary, isGstRate, taxLine, taxTotals } from './tax';

describe('GST arithmetic (DESIGN §5): per line, per component, half-up to the paisa; total to the rupee', () => {
  // The GST issue's worked example: seller 27, buyer 27ABCPT5678L1ZV (Maharashtra), so intra-state.
  const example = [
    { name: 'Tea', hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' },
    { name: 'Notebooks', hsn: '4820', quantity: '7', rate: '33.13', gstRate: '12' },
    { name: 'Electric kettle', hsn: '8516', quantity: '3', rate: '411.59', gstRate: '18' },
  ];

  it('reproduces the worked example exactly', () => {
    expect(stateOfGstin('27ABCPT5678L1ZV')).toBe('27');
    const lines = example.map((l) => taxLine(l, 'intra'));
    expect(lines.map((l) => l.taxableValue)).toEqual(['100.10', '231.91', '1234.77']);
    expect(lines.map((l) => l.cgst)).toEqual(['2.50', '13.91', '111.13']);
    expect(lines.map((l) => l.sgst)).toEqual(['2.50', '13.91', '111.13']);
    expect(lines.every((l) => l.igst === '0.00')).toBe(true);
    expect(taxTotals(lines)).toEqual({
      taxableValue: '1566.78',
      cgst: '127.54',
      sgst: '127.54',
      igst: '0.00',
      taxAmount: '255.08',
      totalAmount: '1822.00',
      roundOff: '0.14',
    });
    expect(amountInWords('1822.00')).toBe('Rupees One Thousand Eight Hundred Twenty-Two Only');
  });

  it('inter-state: IGST at the whole rate, per line, half-up', () => {
    const lines = example.map((l) => taxLine(l, 'inter'));
    // 5% of 100.10 = 5.005 → 5.01; 12% of 231.91 = 27.8292 → 27.83; 18% of 1234.77 = 222.2586 → 222.26
    expect(lines.map((l) => l.igst)).toEqual(['5.01', '27.83', '222.26']);
    expect(lines.every((l) => l.cgst === '0.00' && l.sgst === '0.00')).toBe(true);
    // 1566.78 + 255.10 = 1821.88 → 1822.00
    expect(taxTotals(lines)).toMatchObject({ igst: '255.10', taxAmount: '255.10', totalAmount: '1822.00', roundOff: '0.12' });
  });

  it('halves are rounded each on their own, so CGST = SGST, even when the whole would round otherwise', () => {
    // 5% of 100.10: whole 5.005 → 5.01 but each half 2.5025 → 2.50: 5.00 in all.
    const line = taxLine({ quantity: '1', rate: '100.10', gstRate: '5' }, 'intra');
    expect([line.cgst, line.sgst]).toEqual(['2.50', '2.50']);
    // 0.25% halves to 0.125%: 400 × 0.125% = 0.50.
    expect(taxLine({ quantity: '4', rate: '100', gstRate: '0.25' }, 'intra')).toMatchObject({ cgst: '0.50', sgst: '0.50' });
  });

  it('rounds the grand total half-up to the rupee: .50 goes up, .49 down, and the round off may be negative', () => {
    const tie = taxTotals([taxLine({ quantity: '1', rate: '1000.50', gstRate: '0' }, 'intra')]);
    expect(tie).toMatchObject({ totalAmount: '1001.00', roundOff: '0.50' });
    const below = taxTotals([taxLine({ quantity: '1', rate: '1000.49', gstRate: '0' }, 'intra')]);
    expect(below).toMatchObject({ totalAmount: '1000.00', roundOff: '-0.49' });
    // A line's amount itself ties at the paisa: 0.005 → 0.01.
    expect(taxLine({ quantity: '0.5', rate: '0.01', gstRate: '0' }, 'intra').amount).toBe('0.01');
  });

  it('a discount comes off the line before tax', () => {
    expect(taxLine({ quantity: '2', rate: '500', discount: '100', gstRate: '18' }, 'intra')).toMatchObject({
      amount: '1000.00',
      discount: '100.00',
      taxableValue: '900.00',
      cgst: '81.00',
      sgst: '81.00',
    });
  });

  it('a bill of supply (no GSTIN, composition) charges no tax', () => {
    const line = taxLine({ quantity: '3', rate: '10', gstRate: '18' }, 'none');
    expect(line).toMatchObject({ gstRate: '0', cgst: '0.00', sgst: '0.00', igst: '0.00', taxableValue: '30.00' });
  });

  it('accepts every rate in the law, 40 % too, and nothing else', () => {
    for (const rate of ['0', '0.25', '3', '5', '12', '18', '28', '40', '18.00']) expect(isGstRate(rate), rate).toBe(true);
    for (const rate of ['1', '17.5', '100', '0.5']) expect(isGstRate(rate), rate).toBe(false);
  });

  it('summarises lines by HSN, unit and rate', () => {
    const lines = [
      { hsn: '0902', unit: 'KGS', quantity: '2', ...taxLine({ quantity: '2', rate: '100', gstRate: '5' }, 'intra') },
      { hsn: '0902', unit: 'KGS', quantity: '1.5', ...taxLine({ quantity: '1.5', rate: '100', gstRate: '5' }, 'intra') },
      { hsn: '8516', unit: 'NOS', quantity: '1', ...taxLine({ quantity: '1', rate: '999', gstRate: '18' }, 'intra') },
    ];
    expect(hsnSummary(lines)).toEqual([
      { hsn: '0902', unit: 'KGS', gstRate: '5', quantity: '3.5', taxableValue: '350.00', cgst: '8.75', sgst: '8.75', igst: '0.00' },
      { hsn: '8516', unit: 'NOS', gstRate: '18', quantity: '1', taxableValue: '999.00', cgst: '89.91', sgst: '89.91', igst: '0.00' },
    ]);
  });

  it('knows the financial year and the place of supply label', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
    expect(placeOfSupplyLabel('27')).toBe('27-Maharashtra');
    expect(stateOfGstin('99ABCDE1234F1Z5')).toBeNull();
  });
});

describe('amounts in words, the Indian way', () => {
  it.each([
    ['0', 'Rupees Zero Only'],
    ['1', 'Rupees One Only'],
    ['15', 'Rupees Fifteen Only'],
    ['40', 'Rupees Forty Only'],
    ['100', 'Rupees One Hundred Only'],
    ['1822', 'Rupees One Thousand Eight Hundred Twenty-Two Only'],
    ['99999', 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    ['100000', 'Rupees One Lakh Only'],
    ['1250450.50', 'Rupees Twelve Lakh Fifty Thousand Four Hundred Fifty and Fifty Paise Only'],
    ['10000000', 'Rupees One Crore Only'],
    ['10000000000', 'Rupees One Thousand Crore Only'],
    ['0.05', 'Rupees Zero and Five Paise Only'],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('says crores of crores the same way', () => {
    expect(numberInWords(1_234_567_890_123n)).toBe('One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Crore Seventy-Eight Lakh Ninety Thousand One Hundred Twenty-Three');
  });
});
