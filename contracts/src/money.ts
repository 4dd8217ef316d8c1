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

/** a − b, as money. */
export const subtractMoney = (a: DecimalInput, b: DecimalInput): string => toMoney(decimal(a).minus(decimal(b)));

/** −1, 0 or 1 as a is below, equal to or above b (exactly, not as floats). */
export const compareMoney = (a: DecimalInput, b: DecimalInput): number => decimal(a).cmp(decimal(b));

/** '₹1,23,456.50': money as an Indian reader writes it, for messages. */
export const rupees = (value: DecimalInput): string => {
  const [whole = '0', paise = '00'] = toMoney(value).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${last3}` : last3}.${paise}`;
};
