import { z } from 'zod';

import { FILED_RETURN_LABELS, FILED_RETURNS, type FiledReturn, nextPeriod } from './filing';

/**
 * When each return of a month is due (issue 44 item 5), as data: a monthly filer's GSTR-1 by the
 * 11th of the next month (CGST s.37(1) with Rule 59(2)), GSTR-3B by the 20th (s.39(1), Rule 61(5)).
 * QRMP filers' quarterly dates are not modelled.
 */
export const DUE_RULES: Readonly<Record<FiledReturn, { readonly dayOfNextMonth: number; readonly source: string }>> = {
  gstr1: { dayOfNextMonth: 11, source: 'CGST Act s.37(1), Rule 59(2)' },
  gstr3b: { dayOfNextMonth: 20, source: 'CGST Act s.39(1), Rule 61(5)' },
};

/**
 * No return after three years from its due date: s.37(4) and s.39(11), inserted by the Finance
 * Act 2023 (in force 1 October 2023, Notification 28/2023-CT). Warned this many days before.
 */
export const FILING_BAR_YEARS = 3;
export const BAR_WARNING_DAYS = 90;

export const dueDate = (ret: FiledReturn, period: string) => `${nextPeriod(period)}-${String(DUE_RULES[ret].dayOfNextMonth).padStart(2, '0')}`;

/** The last day a return may be filed: the day before the third anniversary of its due date. */
export const barDate = (due: string) => {
  const day = new Date(`${Number(due.slice(0, 4)) + FILING_BAR_YEARS}${due.slice(4)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const DeadlineSchema = z.object({
  period: z.string(),
  return: z.enum(FILED_RETURNS),
  label: z.string(),
  due: z.string(),
  /** filed; due (not yet due or due today); overdue; barred (past the three-year bar: it can no longer be filed). */
  status: z.enum(['filed', 'due', 'overdue', 'barred']),
  filedOn: z.string().nullable(),
  arn: z.string().nullable(),
  /** Days filed after the due date, or days overdue today; 0 when on time. */
  daysLate: z.number().int(),
  /** The last day it may be filed (three years from the due date). */
  lastDay: z.string(),
  /** Said when an unfiled return is within BAR_WARNING_DAYS of its last day, or past it. */
  warning: z.string().nullable(),
});
export type Deadline = z.output<typeof DeadlineSchema>;
export const DeadlinesAnswerSchema = z.object({ today: z.string(), deadlines: z.array(DeadlineSchema) });
export type DeadlinesAnswer = z.output<typeof DeadlinesAnswerSchema>;

/** Each return of each month, newest month first, with its status on `today` (India's date). */
export const deadlines = (periods: readonly string[], filed: ReadonlyMap<string, { readonly filedOn: string; readonly arn: string }>, today: string): Deadline[] =>
  [...periods].sort().reverse().flatMap((period) =>
    FILED_RETURNS.map((ret) => {
      const due = dueDate(ret, period);
      const lastDay = barDate(due);
      const filing = filed.get(`${ret}:${period}`) ?? null;
      const label = FILED_RETURN_LABELS[ret];
      if (filing) return { period, return: ret, label, due, status: 'filed' as const, filedOn: filing.filedOn, arn: filing.arn, daysLate: Math.max(0, daysBetween(due, filing.filedOn)), lastDay, warning: null };
      const left = daysBetween(today, lastDay);
      const status = left < 0 ? ('barred' as const) : today > due ? ('overdue' as const) : ('due' as const);
      const warning =
        left < 0 ? `${label} can no longer be filed: the three-year limit ended on ${lastDay}` : left <= BAR_WARNING_DAYS ? `${label} must be filed by ${lastDay}: after that it can never be filed (${left} days left)` : null;
      return { period, return: ret, label, due, status, filedOn: null, arn: null, daysLate: Math.max(0, daysBetween(due, today)), lastDay, warning };
    }),
  );
