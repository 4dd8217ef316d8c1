import { z } from 'zod';

import { validationError } from './domain-errors';

/**
 * The years a date the API takes may fall in (issue 41 item 3), in a body or a query: four digits
 * each, so a date or a month key sorts as it counts; no report reaches back to year 1 or on to
 * 9999, and whatever is written a report can show.
 */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

/** The longest period one report covers: `to` is before the day this many years after `from`. */
export const MAX_PERIOD_YEARS = 10;

const yearOf = (date: string) => Number(date.slice(0, 4));

/** The year and month of a `YYYY-MM` month or a `YYYY-MM-DD` date. */
export const yearAndMonth = (value: string) => ({ year: yearOf(value), month: Number(value.slice(5, 7)) });
/** `the years 1900 to 2999`, for messages. */
export const DATE_YEARS_TEXT = `the years ${DATE_YEARS.min} to ${DATE_YEARS.max}`;

/** True for a real calendar date written YYYY-MM-DD (any year). */
export const isIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A year the API takes (a date's, a month's, an ISO time's). */
export const isAcceptedYear = (year: number) => year >= DATE_YEARS.min && year <= DATE_YEARS.max;

/** A real day, YYYY-MM-DD, of the accepted years. */
export const isAcceptedDate = (value: string): boolean => isIsoDate(value) && isAcceptedYear(yearOf(value));

/** What a refused date in a query is told: `From must be a date (YYYY-MM-DD) of the years 1900 to 2999`. */
export const queryDateMessage = (label: string) => `${label} must be a date (YYYY-MM-DD) of ${DATE_YEARS_TEXT}`;

/** An optional date parameter: blank is null, anything but a date of the accepted years an issue on it. */
export const queryDateParam = (label: string) =>
  z.string().trim().optional().transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    if (!isAcceptedDate(v)) {
      ctx.addIssue({ code: 'custom', message: queryDateMessage(label) });
      return z.NEVER;
    }
    return v;
  });

/** Days since 1970 of a YYYY-MM-DD: dates compared as dates, not as text. */
const dayOf = (date: string) => Date.UTC(yearOf(date), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** The same day `years` on (29 February onto a year without one: 1 March). */
const yearsAfter = (date: string, years: number) => Date.UTC(yearOf(date) + years, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** True when `from` is on or before `to`. */
export const inOrder = (from: string, to: string) => dayOf(from) <= dayOf(to);

/**
 * Refuses a period that runs backwards or covers more than MAX_PERIOD_YEARS (a 400 on `from`):
 * what a report costs grows with its period, so none is longer than that.
 */
export const checkPeriod = (from: string, to: string) => {
  if (!inOrder(from, to)) throw validationError('From must be on or before To', [{ path: 'from', message: 'From must be on or before To' }]);
  if (dayOf(to) >= yearsAfter(from, MAX_PERIOD_YEARS)) {
    const message = `A period is at most ${MAX_PERIOD_YEARS} years: From must be less than ${MAX_PERIOD_YEARS} years before To`;
    throw validationError(message, [{ path: 'from', message }]);
  }
};
