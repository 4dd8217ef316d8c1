/** The longest payment term a customer or vendor takes, in days. */
export const PAYMENT_TERM_DAYS_MAX = 365;

// Words that mean payment at once, as people write them on a terms label.
const AT_ONCE = /\b(due on receipt|on receipt|upon receipt|immediate(ly)?|cash|cod|advance)\b/;
const UNITS: Readonly<Record<string, number>> = { day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30 };

/**
 * The days a payment-terms label gives, for records from before `paymentTermDays` (the seed's
 * free text: 'Net 30', '15 days', 'Due on receipt'): the number after 'Net', else the one number
 * in it (weeks and months as 7 and 30 days), 0 for words that mean at once; null when it says
 * none of these, or more than a year (read as no terms).
 */
export const daysFromTerms = (text: string | null | undefined): number | null => {
  const terms = (text ?? '').trim().toLowerCase();
  const net = /\bnet\s*(\d{1,4})\b/.exec(terms);
  const numbers = [...terms.matchAll(/(\d{1,4})\s*([a-z]*)/g)];
  const one = numbers.length === 1 ? numbers[0]! : null;
  const days = net ? Number(net[1]) : one ? Number(one[1]) * (UNITS[one[2]!] ?? 1) : AT_ONCE.test(terms) ? 0 : null;
  return days !== null && days <= PAYMENT_TERM_DAYS_MAX ? days : null;
};

/** A party's payment term in days: its days field, else what its terms label says; null for none. */
export const termDaysOf = (values: { readonly paymentTermDays?: unknown; readonly paymentTerms?: unknown }): number | null =>
  typeof values.paymentTermDays === 'number' ? values.paymentTermDays : daysFromTerms(typeof values.paymentTerms === 'string' ? values.paymentTerms : null);

/** The due date `days` after `date` (YYYY-MM-DD); null for no terms or 0 days (due at once: no due date, as the seed had it). */
export const dueDateFrom = (date: string, days: number | null): string | null => {
  if (!days) return null;
  const due = new Date(`${date}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + days);
  return due.toISOString().slice(0, 10);
};
