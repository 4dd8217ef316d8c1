import Big from 'big.js';
import { z } from 'zod';

import { INT32_MAX } from '../constants';
import { lineAmount, sumMoney, toMoney } from '../money';

/** A number sent as a string is at most this long (fields.ts says the same). */
const NUMBER_TEXT_MAX = 40;

/**
 * Pieces every document (purchase and sales invoices, payments, receipts, stock adjustments)
 * is built from (DESIGN §4): required decimals with the seed's messages, references to other
 * records, today's date in India, and the status that follows the money.
 */

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * A required, non-negative decimal with at most `places` decimals, sent as a number or a
 * numeric string; answered as a string (`format`). Blank or missing → `missing` (the seed's
 * 'Quantity is required').
 */
const requiredDecimal = (label: string, missing: string, places: number, max: number, format: (v: Big) => string, positive: boolean) =>
  z.union([z.number(), z.string().max(NUMBER_TEXT_MAX), z.null()], { error: missing }).optional().transform((v, ctx) => {
    const raw = v === null || v === undefined ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim();
    if (raw === '') {
      ctx.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    if (!DECIMAL.test(raw)) {
      ctx.addIssue({ code: 'custom', message: raw.startsWith('-') ? `${label} cannot be below 0` : `${label} must be a number` });
      return z.NEVER;
    }
    const value = new Big(raw);
    if (positive && value.lte(0)) ctx.addIssue({ code: 'custom', message: `${label} must be more than 0` });
    else if (value.gt(max)) ctx.addIssue({ code: 'custom', message: `${label} cannot be above ${max.toLocaleString('en-IN')}` });
    else if (!value.round(places, Big.roundDown).eq(value)) ctx.addIssue({ code: 'custom', message: `${label} can have at most ${places} decimal places` });
    return format(value);
  });

/** The largest amount anywhere in a document (₹1,000 crore; fields.ts MONEY_MAX is the same). */
export const MONEY_LIMIT = 10_000_000_000;

/** Money that must be given (a line's rate): steps of 0.01, ≥ 0. */
export const requiredMoney = (label: string, missing: string, options: { positive?: boolean } = {}) =>
  requiredDecimal(label, missing, 2, MONEY_LIMIT, (v) => v.toFixed(2), options.positive ?? false);

/** A line quantity: steps of 0.001 (SEED-SPEC §5), more than 0; answered as a plain decimal. */
export const quantity = (missing = 'Quantity is required') =>
  requiredDecimal('Quantity', missing, 3, 1_000_000_000, (v) => v.toString(), true);

/** A required quantity above 0 with at most `places` decimals, answered as a plain decimal. */
export const requiredQuantity = (places: number, missing: string) =>
  requiredDecimal('Quantity', missing, places, 1_000_000_000, (v) => v.toString(), true);

/** Optional money with a default (a tax amount typed by hand, default '0'). */
export const moneyOrZero = (label: string) =>
  z.union([z.number(), z.string().max(NUMBER_TEXT_MAX), z.null()]).optional().transform((v, ctx) => {
    const raw = v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v.trim();
    if (raw === '') return '0.00';
    if (!DECIMAL.test(raw)) {
      ctx.addIssue({ code: 'custom', message: raw.startsWith('-') ? `${label} cannot be below 0` : `${label} must be a number` });
      return z.NEVER;
    }
    const value = new Big(raw);
    if (!value.round(2, Big.roundDown).eq(value)) ctx.addIssue({ code: 'custom', message: `${label} can have at most 2 decimal places` });
    if (value.gt(MONEY_LIMIT)) ctx.addIssue({ code: 'custom', message: `${label} cannot be above ${MONEY_LIMIT.toLocaleString('en-IN')}` });
    return value.toFixed(2);
  });

/** A reference to another record by id (a select in the form): 0, blank or missing → `missing`. */
export const reference = (missing: string) =>
  z.union([z.number(), z.string().max(NUMBER_TEXT_MAX), z.null()], { error: missing }).optional().transform((v, ctx) => {
    const n = typeof v === 'string' ? (/^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : NaN) : (v ?? 0);
    if (!Number.isInteger(n) || n < 1 || n > INT32_MAX) {
      ctx.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    return n;
  });

/** An optional reference (a line's item): blank, 0 or missing → null; anything else must be an id. */
export const optionalReference = (invalid = 'Choose an item from the list') =>
  z.union([z.number(), z.string().max(NUMBER_TEXT_MAX), z.null()], { error: invalid }).optional().transform((v, ctx) => {
    if (v === null || v === undefined || v === 0 || (typeof v === 'string' && (v.trim() === '' || v.trim() === '0'))) return null;
    const n = typeof v === 'string' ? (/^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : NaN) : v;
    if (!Number.isInteger(n) || n < 1 || n > INT32_MAX) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return n;
  });

/** India's offset from UTC: +05:30 all year (no daylight saving since 1945). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * Today's date in India (Asia/Kolkata), YYYY-MM-DD: a document date's default. Worked out from
 * the fixed offset: an Intl.DateTimeFormat made per call cost the journal's rebuild 2 % of its time.
 */
export const indiaDate = (now: Date): string => new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

export const INVOICE_STATUSES = ['pending', 'partial', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number] | 'overdue';

/** Status follows the money (DESIGN §3.5): nothing paid, some, or all of the total. */
export const invoiceStatus = (total: string, paid: string): (typeof INVOICE_STATUSES)[number] => {
  const t = new Big(total);
  const p = new Big(paid);
  if (p.lte(0)) return t.lte(0) ? 'paid' : 'pending';
  return p.gte(t) ? 'paid' : 'partial';
};

/** Amounts of lines (quantity × rate, 2 decimals, half-up), their sum, and the total with tax. */
export const invoiceTotals = <L extends { quantity: string; rate: string }>(lines: readonly L[], taxAmount: string) => {
  const priced = lines.map((line, index) => ({ lineNo: index + 1, ...line, amount: lineAmount(line.quantity, line.rate) }));
  const subTotal = sumMoney(priced.map((l) => l.amount));
  return { lines: priced, subTotal, taxAmount: toMoney(taxAmount), totalAmount: sumMoney([subTotal, taxAmount]) };
};

/** Money as a string with 2 decimals, for records and events. */
export const MoneyString = z.string().regex(/^\d+\.\d{2}$/);
export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const Id = z.number().int().positive();

/**
 * A sales invoice past its due date and not fully paid is overdue (DESIGN §3.5, §4): decided
 * when read, from today's date in India, because time passing is not an event.
 */
export const statusOn = (status: string, dueDate: string | null, now: Date): string =>
  status !== 'paid' && dueDate !== null && dueDate < indiaDate(now) ? 'overdue' : status;

/** Field-by-field differences between two snapshots of a document (lines compared whole). */
export const diffKeys = (before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>) =>
  Object.keys(after)
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
