import { z } from 'zod';

import type { Fields } from '../entity';
import { email, gstin, multiline, pan, phone, requiredText, select, text } from '../fields';
import { STATE_CODES, stateName, stateOfGstin } from '../gst/states';
import { isStorable, optionalDateInput, UNSTORABLE_MESSAGE } from '../fields';
import { DOCUMENT_SERIES, type SeriesSetting } from '../kinds';
import { DEVICE_CODE } from './devices';

/**
 * The business itself (the GST issue): who issues the invoices, where, with which GSTIN, where
 * customers pay, and how documents are numbered. One record, the owner's to set (Settings). A
 * business without a GSTIN, or a composition taxpayer, issues bills of supply (no tax lines).
 */
export const TAXPAYER_TYPES = ['regular', 'composition'] as const;
export type TaxpayerType = (typeof TAXPAYER_TYPES)[number];

/**
 * A number series' prefix: 1 to 4 capital letters or digits ('INV' → INV/2026-27/0001), not a
 * device's code (`D2`: that series is the device's own, settings/devices.ts).
 */
const prefix = (fallback: string) =>
  z
    .union([z.string().max(20), z.null()])
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim().toUpperCase() || fallback;
      if (!/^[A-Z0-9]{1,4}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'Use 1 to 4 letters or digits' });
      else if (DEVICE_CODE.test(value)) ctx.addIssue({ code: 'custom', message: "D and digits name a device's own series: choose another prefix" });
      return value;
    });

const pattern = (max: number, test: RegExp, message: string) =>
  z
    .union([z.string().max(max), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '') return null;
      if (!isStorable(value)) ctx.addIssue({ code: 'custom', message: UNSTORABLE_MESSAGE });
      else if (!test.test(value)) ctx.addIssue({ code: 'custom', message });
      return value;
    });

const fields = {
  legalName: requiredText(),
  tradeName: text(),
  address: multiline(),
  state: select(STATE_CODES, { required: true, error: 'Please select the state of your business' }),
  gstin: gstin(),
  pan: pan(),
  phone: phone(),
  email: email(),
  taxpayerType: select(TAXPAYER_TYPES, { required: true, defaultValue: 'regular', error: 'Choose regular or composition' }),
  bankName: text(),
} satisfies Fields;

export const BUSINESS_STREAM = 'business-profile';

/** One field per document kind's number series (`invoicePrefix`), in the kinds' order. */
const seriesFields = <F extends z.ZodType>(field: (defaultPrefix: string) => F) =>
  Object.fromEntries(DOCUMENT_SERIES.map((series) => [series.setting, field(series.defaultPrefix)])) as Record<SeriesSetting, F>;

export const BusinessBodySchema = z
  .object({
    ...Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.input])) as { [K in keyof typeof fields]: (typeof fields)[K]['input'] },
    bankAccountNumber: pattern(20, /^\d{6,18}$/, 'An account number is 6 to 18 digits'),
    ifsc: pattern(11, /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/, 'An IFSC is 11 characters, like SBIN0001234'),
    upiId: pattern(100, /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9]{1,63}$/, 'A UPI id looks like shopname@okaxis'),
    ...seriesFields((fallback) => prefix(fallback)),
    /** The day the books begin (issue 43): opening balances are as of it; blank for none yet. */
    booksBegin: optionalDateInput().transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    const gstinState = stateOfGstin(body.gstin);
    if (body.gstin && gstinState !== body.state) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `This GSTIN is of ${gstinState ? `${stateName(gstinState)} (${gstinState})` : 'no known state'}, not ${stateName(body.state)} (${body.state})`,
      });
    }
    if (body.gstin && body.pan && body.gstin.slice(2, 12) !== body.pan) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: 'The PAN is the 3rd to 12th characters of the GSTIN' });
    }
  });
export type BusinessBody = z.output<typeof BusinessBodySchema>;
export type BusinessInput = z.input<typeof BusinessBodySchema>;

/** The profile as stored and answered. */
export const BusinessSchema = z.object({
  legalName: z.string(),
  tradeName: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  taxpayerType: z.enum(TAXPAYER_TYPES),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  upiId: z.string().nullable(),
  /** Each kind's series prefix (profiles saved before a kind had its series: the default). */
  ...seriesFields((fallback) => z.string().optional().default(fallback)),
  /** The day the books begin: opening balances, opening invoices and bills, opening stock are as of it (profiles saved before it: none). */
  booksBegin: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional().default(null),
});
export type Business = z.output<typeof BusinessSchema>;

/** GET answers whether it is set yet, and the profile (null before it is). */
export const BusinessAnswerSchema = z.object({ configured: z.boolean(), profile: BusinessSchema.nullable() });
export type BusinessAnswer = z.output<typeof BusinessAnswerSchema>;

export const BusinessSavedSchema = z.object({ type: z.literal('BusinessProfileSaved'), data: BusinessSchema });
export type BusinessSaved = z.output<typeof BusinessSavedSchema>;

