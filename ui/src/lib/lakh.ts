import { decimal, type DecimalInput } from '@erp/contracts/home';

// Apart from format.ts: the home screen's strip reads these without the rest of the contracts.
const LAKH = 100_000;
const CRORE = 10_000_000;

/** Digits in Indian grouping: the last three, then pairs ('1234567' → '12,34,567'). */
export const groupIndian = (digits: string): string => {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
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
