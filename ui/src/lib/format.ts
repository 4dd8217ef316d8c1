import { decimal, toMoney, type DecimalInput } from '@erp/contracts';

const LAKH = 100_000;
const CRORE = 10_000_000;

const money = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

// Intl formats exact decimal strings, so amounts never pass through a binary float.
type Formattable = Intl.StringNumericLiteral;

/** ₹ in en-IN grouping with 2 decimals, e.g. '₹1,23,456.50'. */
export const formatMoney = (value: DecimalInput | null | undefined): string =>
  money.format(toMoney(value) as Formattable);

/** Lakh notation for the home strip: '₹2.4L', '₹1.2Cr', below a lakh '₹45,000'. */
export const formatLakh = (value: DecimalInput | null | undefined): string => {
  const amount = decimal(value);
  const sign = amount.lt(0) ? '-' : '';
  const abs = amount.abs();
  if (abs.gte(CRORE)) return `${sign}₹${trimZero(abs.div(CRORE).toFixed(1))}Cr`;
  if (abs.gte(LAKH)) return `${sign}₹${trimZero(abs.div(LAKH).toFixed(1))}L`;
  return `${sign}₹${whole.format(abs.round(0).toFixed(0) as Formattable)}`;
};

const trimZero = (fixed: string) => fixed.replace(/\.0$/, '');

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO timestamp as '22 Nov 2026, 10:30 am'. */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/** A 'YYYY-MM-DD' date as '22 Nov 2026'. */
export const formatDate = (ymd: string | null | undefined): string => {
  if (!ymd) return '';
  const date = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? ymd : dateOnly.format(date);
};
