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

/** Fixed-point text → integer units: '12.5' with 3 places → 12500n. Rejects more places than that. */
export const scaled = (text: string, places: number): bigint => {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > places) throw new Error(`${text} has more than ${places} decimal places`);
  const units = BigInt(match[2]!) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
  return match[1] ? -units : units;
};

/** Integer units back to fixed-point text with `places` decimals. */
export const unscaled = (units: bigint, places: number): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
};

const PAISE = /^(-?\d+)(?:\.(\d\d?))?$/;
/** Money text → whole paise, exactly ('12.50' → 1250n; '12.5', '12' too; absent or '': 0n): for sums over thousands of figures. */
export const toPaise = (text: string | null | undefined): bigint => {
  if (text === null || text === undefined || text === '') return 0n;
  const match = PAISE.exec(text);
  if (!match) return scaled(text, 2);
  const [, whole, fraction = ''] = match;
  return BigInt(whole + (fraction.length === 2 ? fraction : fraction.padEnd(2, '0')));
};

/** Whole paise → money text with 2 places (1250n → '12.50'). */
export const fromPaise = (units: bigint): string => unscaled(units, 2);
