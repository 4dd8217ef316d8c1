import type { SearchSpec } from './entity';

/**
 * How a list search reads what people type (one rule for the server's SQL and the browser's
 * filter): a phone number with or without +91, spaces and dashes; an amount with or without ₹
 * and commas. Anything else is matched as text, case-insensitively, in the spec's fields.
 */

/** A term as the digits of a phone number ('+91 98200-11223' → '9820011223'); null if it is not one. */
export const phoneDigitsOf = (term: string): string | null => {
  if (!/^[\d\s+\-().]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  if (digits.length < 4) return null;
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
};

/** A term as an amount's text ('₹1,822' → '1822', 'rs 99.5' → '99.5'); null if it is not one. */
export const amountTextOf = (term: string): string | null => {
  const text = term.toLowerCase().replace(/^(₹|rs\.?|inr)/, '').replace(/[\s,]/g, '');
  return /^\d+(\.\d{0,2})?$/.test(text) ? text : null;
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Whether a record matches a lower-cased term: a field's text or its coded value's label
 * contains it; a phone field's digits contain the term's; an amount starts with the term's.
 */
export const recordMatches = (spec: SearchSpec, record: object, term: string): boolean => {
  const field = (name: string) => text(Reflect.get(record, name));
  const phone = phoneDigitsOf(term);
  const amount = amountTextOf(term);
  return (
    spec.fields.some((name) => {
      const value = field(name);
      const label = spec.labels?.[name]?.find((l) => l.value === value)?.label ?? '';
      return value.toLowerCase().includes(term) || label.toLowerCase().includes(term);
    }) ||
    (phone !== null && (spec.phones ?? []).some((name) => field(name).replace(/\D/g, '').includes(phone))) ||
    (amount !== null && (spec.amounts ?? []).some((name) => field(name).startsWith(amount)))
  );
};
