import { z } from 'zod';

import { isAcceptedDate, yearAndMonth } from '../dates';

/**
 * Periods as filed (issue 44 item 4): the owner marks a month's GSTR-1 or GSTR-3B filed with the
 * portal's ARN and the filing date; the event keeps the return's JSON exactly as it was computed
 * at that moment, with the log position it was computed at (reproducible from the log).
 */
export const FILED_RETURNS = ['gstr1', 'gstr3b'] as const;
export type FiledReturn = (typeof FILED_RETURNS)[number];
export const FILED_RETURN_LABELS: Readonly<Record<FiledReturn, string>> = { gstr1: 'GSTR-1', gstr3b: 'GSTR-3B' };

/** The return whose filing locks a month's outward documents for GST: GSTR-1 reports them. */
export const LOCKING_RETURN: FiledReturn = 'gstr1';

export const GST_FILING_PATH = '/api/gst/filed';
/** GET: each month's returns with their due dates, filing status and the three-year bar (issue 44 item 5). */
export const GST_DEADLINES_PATH = '/api/gst/deadlines';
export const GST_FILING_PATHS = {
  /** POST: mark the return of the period filed {arn, filedOn}; GET: what was filed, beside the return now and the amendments. */
  filing: (ret: string, period: string) => `${GST_FILING_PATH}/${ret}/${period}`,
} as const;

/** One stream per return and month: `gst-return-gstr1-2026-08`. Its version says whether it is filed. */
export const gstReturnStream = (ret: FiledReturn, period: string) => `gst-return-${ret}-${period}`;

/**
 * The acknowledgement reference number the portal gives on filing: 15 characters, two letters
 * ('AA'), the state code, the month and year, then the serial and a check character
 * (e.g. AA270826012345X; GSTN's ARN format). Checked as 2 letters and 13 letters or digits.
 */
export const ARN_PATTERN = /^[A-Z]{2}[0-9A-Z]{13}$/;

export const MarkFiledBodySchema = z.strictObject({
  arn: z
    .string({ error: 'ARN is required' })
    .trim()
    .toUpperCase()
    .regex(ARN_PATTERN, 'ARN must be the 15 characters the portal gave (e.g. AA270826012345X)'),
  filedOn: z
    .string({ error: 'Filing date is required' })
    .max(40, 'Filing date must be a date (YYYY-MM-DD)')
    .trim()
    .refine(isAcceptedDate, 'Filing date must be a date (YYYY-MM-DD)'),
});
export type MarkFiledBody = z.output<typeof MarkFiledBodySchema>;

export const GST_FILING_EVENTS = { filed: 'GstReturnFiled' } as const;

/** `json`: the return's JSON as computed when it was marked filed; `position`: the log position it was computed at. */
export const GstReturnFiledSchema = z.object({
  type: z.literal(GST_FILING_EVENTS.filed),
  data: z.object({
    return: z.enum(FILED_RETURNS),
    period: z.string(),
    arn: z.string(),
    filedOn: z.string(),
    position: z.string(),
    json: z.record(z.string(), z.unknown()),
  }),
});
export type GstReturnFiled = z.output<typeof GstReturnFiledSchema>;

/** The answer to marking filed, and the filing part of what GET answers. */
export const FilingSchema = z.object({
  return: z.enum(FILED_RETURNS),
  period: z.string(),
  arn: z.string(),
  filedOn: z.string(),
  position: z.string(),
});
export type Filing = z.output<typeof FilingSchema>;

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '2026-08' → 'August 2026'. */
export const periodLabel = (period: string) => `${monthNames[Number(period.slice(5, 7)) - 1] ?? period} ${period.slice(0, 4)}`;

/** The month of a date: '2026-08-14' → '2026-08'. */
export const periodOfDate = (date: string) => date.slice(0, 7);

/** The month after: '2026-12' → '2027-01'. */
export const nextPeriod = (period: string) => {
  const { year: y, month: m } = yearAndMonth(period);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** The refusal of an edit or void of a document dated in a month whose GSTR-1 is filed. */
export const filedMessage = (period: string, date: string) =>
  `GSTR-1 for ${periodLabel(period)} is filed: a document dated ${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)} can no longer be changed or voided. Record a credit or debit note dated later instead.`;

const JsonObject = z.record(z.string(), z.unknown());

/** GET /api/gst/filed/{return}/{period}: what was filed, the return now, and (GSTR-1) the amendments. */
export const FiledReturnAnswerSchema = z.object({
  return: z.enum(FILED_RETURNS),
  period: z.string(),
  filing: FilingSchema.extend({ markedAt: z.string(), markedBy: z.string().nullable() }).nullable(),
  /** The JSON exactly as it was marked filed; null before. */
  filed: JsonObject.nullable(),
  /** The return as it stands now. */
  now: JsonObject,
  /** Whether now differs from what was filed; null before filing. */
  changed: z.boolean().nullable(),
  amendments: z
    .object({
      place: z.object({ return: z.enum(['GSTR-1A', 'GSTR-1']), period: z.string() }),
      rows: z.array(z.object({ table: z.string(), section: z.string(), key: z.string(), original: JsonObject.nullable(), amended: JsonObject.nullable() })),
    })
    .nullable(),
});
export type FiledReturnAnswer = z.output<typeof FiledReturnAnswerSchema>;
