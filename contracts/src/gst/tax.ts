import Big from 'big.js';

import { decimal, type DecimalInput, toMoney } from '../money';

/**
 * GST rates are data, not an enum: the legal set changes (GST 2.0 added 40 % in September
 * 2025), and an invoice keeps the rate it was issued with. Every rate here is accepted on a
 * line; `since` says from when the law has it (informational).
 */
export const GST_RATES = [
  { rate: '0', label: '0% (nil, exempt)' },
  { rate: '0.25', label: '0.25%' },
  { rate: '3', label: '3%' },
  { rate: '5', label: '5%' },
  { rate: '12', label: '12%' },
  { rate: '18', label: '18%' },
  { rate: '28', label: '28%' },
  { rate: '40', label: '40%', since: '2025-09-22' },
] as const;
export const GST_RATE_VALUES: readonly string[] = GST_RATES.map((r) => r.rate);
export const isGstRate = (rate: string) => GST_RATE_VALUES.includes(decimal(rate).toString());

/**
 * The kinds of outward supply GSTR-1 table 8 and GSTR-3B 3.1 keep apart: taxable (at a rate above
 * 0 %), nil-rated (taxable at 0 %), exempt (s.11 notifications) and non-GST (outside GST: alcohol
 * for drinking, petrol, diesel). Only taxable lines go in b2b, b2cl, b2cs and the notes' sections.
 */
export const GST_CATEGORIES = ['taxable', 'nil', 'exempt', 'non-gst'] as const;
export type GstCategory = (typeof GST_CATEGORIES)[number];
/** A line's category: as chosen, else nil-rated at 0 % and taxable above. */
export const gstCategoryOf = (gstRate: DecimalInput, chosen: GstCategory | null | undefined): GstCategory =>
  chosen ?? (decimal(gstRate).eq(0) ? 'nil' : 'taxable');

/**
 * How tax is charged on a document: CGST + SGST within the state, IGST across states, none on a
 * bill of supply (no GSTIN, or a composition taxpayer), or typed by hand (the seed's invoices).
 */
export type TaxRegime = 'intra' | 'inter' | 'none';

export interface TaxLineInput {
  readonly quantity: DecimalInput;
  readonly rate: DecimalInput;
  /** In rupees, off this line's amount. */
  readonly discount?: DecimalInput | null;
  readonly gstRate: DecimalInput;
}

/** One line's money, every figure to the paisa. */
export interface TaxedLine {
  /** quantity × rate, half-up to the paisa. */
  readonly amount: string;
  readonly discount: string;
  /** amount − discount: what tax is charged on. */
  readonly taxableValue: string;
  readonly gstRate: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
}

const half = (rate: Big) => rate.div(2);
/** Tax at `percent` on `base`, half-up to the paisa (per line, per component: DESIGN §5). */
const taxAt = (base: Big, percent: Big) => toMoney(base.times(percent).div(100));

export const taxLine = (line: TaxLineInput, regime: TaxRegime): TaxedLine => {
  const amount = toMoney(decimal(line.quantity).times(decimal(line.rate)));
  const discount = toMoney(line.discount ?? 0);
  const taxable = decimal(amount).minus(decimal(discount));
  const gstRate = regime === 'none' ? '0' : decimal(line.gstRate).toString();
  const rate = decimal(gstRate);
  const zero = '0.00';
  return {
    amount,
    discount,
    taxableValue: toMoney(taxable),
    gstRate,
    cgst: regime === 'intra' ? taxAt(taxable, half(rate)) : zero,
    sgst: regime === 'intra' ? taxAt(taxable, half(rate)) : zero,
    igst: regime === 'inter' ? taxAt(taxable, rate) : zero,
  };
};

export interface TaxTotals {
  readonly taxableValue: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  readonly taxAmount: string;
  /** Taxable value and tax to the rupee, half-up. */
  readonly totalAmount: string;
  /** totalAmount − (taxable value + tax): what rounding to the rupee added (may be negative). */
  readonly roundOff: string;
}

const sum = (values: readonly string[]) => toMoney(values.reduce((acc, v) => acc.plus(decimal(v)), new Big(0)));

/**
 * The document's totals: each the sum of its lines (so the books, GSTR-1 and the HSN summary
 * agree to the paisa), the grand total rounded half-up to the rupee, the difference as Round Off.
 */
export const taxTotals = (lines: readonly TaxedLine[]): TaxTotals => {
  const taxableValue = sum(lines.map((l) => l.taxableValue));
  const cgst = sum(lines.map((l) => l.cgst));
  const sgst = sum(lines.map((l) => l.sgst));
  const igst = sum(lines.map((l) => l.igst));
  const taxAmount = sum([cgst, sgst, igst]);
  const exact = decimal(taxableValue).plus(decimal(taxAmount));
  const rounded = exact.round(0, Big.roundHalfUp);
  return { taxableValue, cgst, sgst, igst, taxAmount, totalAmount: toMoney(rounded), roundOff: toMoney(rounded.minus(exact)) };
};

/** An HSN summary row (CGST Rule 46 and GSTR-1 table 12): lines grouped by HSN, unit and rate. */
export interface HsnRow {
  readonly hsn: string;
  readonly unit: string;
  readonly gstRate: string;
  readonly quantity: string;
  readonly taxableValue: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
}

export const hsnSummary = (lines: readonly (TaxedLine & { readonly hsn: string | null; readonly unit: string | null; readonly quantity: string })[]): HsnRow[] => {
  const rows = new Map<string, HsnRow>();
  for (const line of lines) {
    const hsn = line.hsn ?? '';
    const unit = line.unit ?? '';
    const key = `${hsn}|${unit}|${line.gstRate}`;
    const row = rows.get(key);
    const add = (a: string, b: string) => toMoney(decimal(a).plus(decimal(b)));
    rows.set(
      key,
      row
        ? {
            ...row,
            quantity: decimal(row.quantity).plus(decimal(line.quantity)).toString(),
            taxableValue: add(row.taxableValue, line.taxableValue),
            cgst: add(row.cgst, line.cgst),
            sgst: add(row.sgst, line.sgst),
            igst: add(row.igst, line.igst),
          }
        : { hsn, unit, gstRate: line.gstRate, quantity: decimal(line.quantity).toString(), taxableValue: line.taxableValue, cgst: line.cgst, sgst: line.sgst, igst: line.igst },
    );
  }
  return [...rows.values()];
};

/** India's financial year of a date: '2026-27' for any day from 1 April 2026 to 31 March 2027. */
export const financialYear = (date: string): string => {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};
