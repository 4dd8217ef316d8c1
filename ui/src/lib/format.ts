import { indiaDate, toMoney, type DecimalInput } from '@erp/contracts';

import { groupIndian } from '@/lib/lakh';

// Amounts are grouped here rather than by Intl.NumberFormat: building one costs a slow phone
// tens of milliseconds of locale data on the first screen. Dates too, below. format.spec.ts holds these to Intl's
// en-IN output.

/** ₹ in en-IN grouping with 2 decimals, e.g. '₹1,23,456.50'. */
export const formatMoney = (value: DecimalInput | null | undefined): string => {
  const fixed = toMoney(value);
  const negative = fixed.startsWith('-');
  const [units = '0', paise = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}₹${groupIndian(units)}.${paise}`;
};

let dateTime: Intl.DateTimeFormat | undefined;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO timestamp as '22 Nov 2026, 10:30 am' (the formatter is made when first needed). */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
};

/** A 'YYYY-MM-DD' date as '22 Nov 2026' (en-IN's medium date, as format.spec.ts checks). */
export const formatDate = (ymd: string | null | undefined): string => {
  if (!ymd) return '';
  const date = new Date(`${ymd}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return ymd;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

/** The forms' default date: today in India, YYYY-MM-DD (SEED-SPEC §3 'form default today'). */
export const todayInIndia = (): string => indiaDate(new Date());
