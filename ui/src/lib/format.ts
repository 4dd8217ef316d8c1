import { decimal, indiaDate, toMoney, type DecimalInput } from '@erp/contracts';

const LAKH = 100_000;
const CRORE = 10_000_000;

/** Digits in Indian grouping: the last three, then pairs ('1234567' → '12,34,567'). */
const groupIndian = (digits: string): string => {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
};

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

/** Lakh notation for the home strip: '₹2.4L', '₹1.2Cr', below a lakh '₹45,000'. */
export const formatLakh = (value: DecimalInput | null | undefined): string => {
  const amount = decimal(value);
  const sign = amount.lt(0) ? '-' : '';
  const abs = amount.abs();
  if (abs.gte(CRORE)) return `${sign}₹${trimZero(abs.div(CRORE).toFixed(1))}Cr`;
  if (abs.gte(LAKH)) return `${sign}₹${trimZero(abs.div(LAKH).toFixed(1))}L`;
  return `${sign}₹${groupIndian(abs.round(0).toFixed(0))}`;
};

const trimZero = (fixed: string) => fixed.replace(/\.0$/, '');

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
