import { z } from 'zod';

import { DATE_YEARS_TEXT, isAcceptedYear } from '../dates';
import type { InvoiceDocument } from './invoice-kind';

/**
 * A kind that `repeats` (docs/expenses.md, "Repeating monthly"): nothing is posted by a timer; a
 * document that says `repeatMonthly` is copied into a later month when someone asks, once per
 * month, and each copy names the chain's first document (`repeatOf`).
 */

/** `GET …/due-to-repeat?month=YYYY-MM`: the chains' first documents with no copy dated in that month. */
export const dueToRepeatPath = (docPath: string) => `${docPath}/due-to-repeat`;
/** `POST …/{id}/repeat {"month":"YYYY-MM"}`: the copy of the first document for that month. */
export const repeatPath = (record: string) => `${record}/repeat`;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month, YYYY-MM, of the accepted years. */
export const RepeatMonthSchema = z
  .string({ error: 'Month is required (YYYY-MM)' })
  .trim()
  .regex(MONTH, 'Month must be a month (YYYY-MM)')
  .refine((v) => isAcceptedYear(Number(v.slice(0, 4))), `Month must be a month of ${DATE_YEARS_TEXT}`);

export const RepeatBodySchema = z.object({ month: RepeatMonthSchema });
export type RepeatBody = z.output<typeof RepeatBodySchema>;

export const DueToRepeatQuerySchema = z.object({ month: RepeatMonthSchema });

/** The claim of one month's copy of a chain (DESIGN §4 reservation): `expense-entry-repeat:7:2026-03` for a kind whose stream is `expense-entry`. */
export const repeatStream = (doc: Pick<InvoiceDocument, 'stream'>, firstId: number, month: string) => `${doc.stream}-repeat:${firstId}:${month}`;

/** `2026-03` → `March 2026`. */
export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));

/** The days of a month (`2026-02` → 28). */
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** The copy's date: the same day of `month`, or the month's last day when it is shorter (31 Jan → 28 Feb). */
export const repeatDate = (date: string, month: string) => `${month}-${String(Math.min(Number(date.slice(8, 10)), daysIn(month))).padStart(2, '0')}`;

/** The first day of a month and of the month after it (a copy is dated from one, before the other). */
export const monthBounds = (month: string) => {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  const after = next > 12 ? `${year + 1}-01` : `${year}-${String(next).padStart(2, '0')}`;
  return { from: `${month}-01`, before: `${after}-01` };
};
