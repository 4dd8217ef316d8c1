import { z } from 'zod';

/**
 * A document number series per kind and financial year (`INV/2026-27/0001`): its stream's
 * version is the last number it gave, so two documents racing for the next number conflict and
 * one of them decides again — gap-free, and a failed attempt uses up nothing (the number is
 * taken in the same append as the document). A number someone typed by hand is skipped.
 */
export const NumberSeriesEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DocumentNumberIssued'), data: z.object({ seq: z.number().int().positive(), number: z.string(), document: z.string() }) }),
  z.object({ type: z.literal('DocumentNumberSkipped'), data: z.object({ seq: z.number().int().positive(), number: z.string(), reason: z.string() }) }),
]);
export type NumberSeriesEvent = z.output<typeof NumberSeriesEventSchema>;

/** `sales-invoice-series:2026-27`: never of a record stream's `<prefix>-<id>` form. */
export const seriesStream = (documentStream: string, financialYear: string) => `${documentStream}-series:${financialYear}`;

/**
 * `INV/2026-27/0001`; when a long prefix would pass CGST Rule 46's 16 characters, the year is
 * written short (`INVC/26-27/0001`).
 */
export const seriesNumber = (prefix: string, financialYear: string, seq: number) => {
  const n = String(seq).padStart(4, '0');
  const full = `${prefix}/${financialYear}/${n}`;
  return full.length <= 16 ? full : `${prefix}/${financialYear.slice(2)}/${n}`;
};

/**
 * A kind's number series: the business profile's setting that holds its prefix (`invoicePrefix`),
 * the setting's label on the settings screen, and the prefix until the business sets one.
 */
export interface DocumentSeries<S extends string = string> {
  readonly setting: S;
  readonly label: string;
  readonly defaultPrefix: string;
}

/** The prefix a business numbers this series with: its setting, or the default until it has one. */
export const seriesPrefix = (business: object | null, series: DocumentSeries): string => {
  const set: unknown = business ? Reflect.get(business, series.setting) : undefined;
  return typeof set === 'string' ? set : series.defaultPrefix;
};
