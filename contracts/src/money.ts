import Big from 'big.js';

/** Exact decimal arithmetic for money and quantities (DESIGN §3.3): never binary floats. */
export type Decimal = Big;
export type DecimalInput = string | number | Big;

export const decimal = (value: DecimalInput | null | undefined): Big => {
  if (value === null || value === undefined || value === '') return new Big(0);
  return new Big(value);
};

export const isDecimal = (value: unknown): boolean => {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    new Big(value.trim());
    return true;
  } catch {
    return false;
  }
};

/** Money as the API returns it: a decimal string with exactly 2 places. */
export const toMoney = (value: DecimalInput | null | undefined): string =>
  decimal(value).round(2, Big.roundHalfUp).toFixed(2);

export const sumMoney = (values: DecimalInput[]): string =>
  toMoney(values.reduce<Big>((acc, v) => acc.plus(decimal(v)), new Big(0)));

/** Line amount = quantity × rate to 2 decimals (SEED-SPEC §9). */
export const lineAmount = (quantity: DecimalInput, rate: DecimalInput): string =>
  toMoney(decimal(quantity).times(decimal(rate)));
