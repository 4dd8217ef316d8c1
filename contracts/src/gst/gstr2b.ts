import { z } from 'zod';

import { optionalTextInput, TEXT_MAX } from '../fields';
import { GSTR2B_FILE_MAX } from './gstr2b-file';

/**
 * GSTR-2B matching and IMS actions (issue 44 item 3): one stream per return period holds its 2B
 * imports (a re-import replaces the period's documents; the earlier ones stay in the log), the
 * IMS statuses imported from the portal, the owner's action on each supplier document and the
 * tolerance the owner set for the period.
 */
export const GSTR2B_PATH = '/api/gst/gstr2b';
export const GSTR2B_PATHS = {
  /** POST: import a GSTR-2B file (its period is the file's `rtnprd`). */
  imports: GSTR2B_PATH,
  /** POST: import an IMS file (each document to the period of its supplier's return). */
  ims: '/api/gst/ims',
  /** GET: the period's bills and 2B documents, matched, with the actions and follow-up messages. */
  period: (period: string) => `${GSTR2B_PATH}/${period}`,
  /** POST: the owner's action on a supplier document (accept, reject, pending). */
  actions: (period: string) => `${GSTR2B_PATH}/${period}/actions`,
  /** PUT: the tolerance (₹) amounts may differ by and still match. */
  tolerance: (period: string) => `${GSTR2B_PATH}/${period}/tolerance`,
  /** GET: the IMS upload JSON of the owner's actions. */
  imsUpload: (period: string) => `${GSTR2B_PATH}/${period}/ims-upload`,
  /** GET: the input tax credit of bills matched and accepted, and the bills left out and why. */
  itc: (period: string) => `${GSTR2B_PATH}/${period}/itc`,
} as const;

export const gstr2bStream = (period: string) => `gstr2b:${period}`;
export const DEFAULT_TOLERANCE = '1.00';
export const TOLERANCE_MAX = 1000;

export const GSTR2B_EVENTS = {
  imported: 'Gstr2bImported',
  imsImported: 'ImsStatusesImported',
  actionTaken: 'ImsActionTaken',
  toleranceSet: 'Gstr2bToleranceSet',
} as const;

const Money = z.string();
export const Gstr2bDocumentSchema = z.object({
  key: z.string(),
  kind: z.enum(['invoice', 'credit-note', 'debit-note']),
  ctin: z.string(),
  supplierName: z.string().nullable(),
  number: z.string(),
  date: z.string(),
  value: Money,
  placeOfSupply: z.string(),
  reverseCharge: z.boolean(),
  taxableValue: Money,
  igst: Money,
  cgst: Money,
  sgst: Money,
  cess: Money,
  supplyType: z.string(),
  supplierPeriod: z.string(),
});

/**
 * An action (the owner's `ImsActionTaken`, an IMS file's status) is on a supplier's document of the
 * 2B, keyed by that document's `key` (`invoice:<supplier GSTIN>:<its number>`), never by an id of
 * ours: so a purchase invoice and an expense with the same id cannot share one, and the actions
 * already in the log (taken when only purchase invoices were matched) keep applying to the
 * document they were taken on, and so to the bill of ours paired with it, whatever its kind.
 */
export const OWNER_ACTIONS = ['accept', 'reject', 'pending'] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];
const ImsActionEnum = z.enum(['accept', 'reject', 'pending', 'none']);

const Period = z.string();
export const Gstr2bEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(GSTR2B_EVENTS.imported),
    data: z.object({ period: Period, importId: z.number().int().positive(), fileName: z.string().nullable(), gstin: z.string(), generatedOn: z.string().nullable(), documents: z.array(Gstr2bDocumentSchema), notRead: z.array(z.string()) }),
  }),
  z.object({ type: z.literal(GSTR2B_EVENTS.imsImported), data: z.object({ period: Period, fileName: z.string().nullable(), statuses: z.array(z.object({ key: z.string(), action: ImsActionEnum })) }) }),
  z.object({ type: z.literal(GSTR2B_EVENTS.actionTaken), data: z.object({ period: Period, key: z.string(), action: z.enum(OWNER_ACTIONS) }) }),
  z.object({ type: z.literal(GSTR2B_EVENTS.toleranceSet), data: z.object({ period: Period, tolerance: Money }) }),
]);
export type Gstr2bEvent = z.output<typeof Gstr2bEventSchema>;

// ---------------------------------------------------------------- bodies

const fileField = (what: string) =>
  z
    .string({ error: `Choose the ${what} file (JSON)` })
    .min(1, `Choose the ${what} file (JSON)`)
    .max(GSTR2B_FILE_MAX, `At most ${GSTR2B_FILE_MAX / 1000} kB of JSON in one file`);

export const Gstr2bImportBodySchema = z.strictObject({ file: fileField('GSTR-2B'), fileName: optionalTextInput(TEXT_MAX.short) });
export const ImsImportBodySchema = z.strictObject({ file: fileField('IMS'), fileName: optionalTextInput(TEXT_MAX.short) });
export const ImsActionBodySchema = z.strictObject({
  key: z.string({ error: 'Choose a supplier document' }).min(1, 'Choose a supplier document').max(80, 'Not a document of this 2B'),
  action: z.enum(OWNER_ACTIONS, { error: 'Action is accept, reject or pending' }),
});
export const ToleranceBodySchema = z.strictObject({
  tolerance: z
    .string({ error: `Tolerance is an amount in rupees, 0 to ${TOLERANCE_MAX}` })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, `Tolerance is an amount in rupees, 0 to ${TOLERANCE_MAX}`)
    .refine((v) => Number(v) <= TOLERANCE_MAX, `Tolerance is an amount in rupees, 0 to ${TOLERANCE_MAX}`),
});

// ---------------------------------------------------------------- answers

export const Gstr2bImportAnswerSchema = z.object({ period: Period, importId: z.number().int(), documents: z.number().int(), replaced: z.boolean(), notRead: z.array(z.string()) });
export const ImsImportAnswerSchema = z.object({ periods: z.array(z.object({ period: Period, statuses: z.number().int() })) });
export const ImsActionAnswerSchema = z.object({ period: Period, key: z.string(), action: z.enum(OWNER_ACTIONS) });
export const ToleranceAnswerSchema = z.object({ period: Period, tolerance: Money });

/** `stream`: which of our documents it is, its kind's stream and id (`purchase-invoice-7`, `expense-entry-7`). */
const BillSchema = z.object({ id: z.number().int(), stream: z.string(), number: z.string(), date: z.string(), vendorName: z.string(), gstin: z.string(), taxableValue: Money, igst: Money, cgst: Money, sgst: Money, cess: Money, total: Money });
export const MatchRowSchema = z.object({
  status: z.enum(['matched', 'mismatched', 'only-in-2b', 'only-in-books']),
  bill: BillSchema.nullable(),
  document: Gstr2bDocumentSchema.nullable(),
  differences: z.array(z.object({ field: z.enum(['number', 'date', 'taxableValue', 'tax']), books: z.string(), portal: z.string() })),
  /** The action on the supplier document: the owner's, else the portal's from an IMS file; null for a bill only in the books. */
  action: z.object({ action: ImsActionEnum, by: z.string().nullable(), at: z.string(), source: z.enum(['owner', 'ims']) }).nullable(),
  /** For a bill only in the books: the message to send the supplier. */
  followUp: z.string().nullable(),
});
export type MatchRowAnswer = z.output<typeof MatchRowSchema>;

export const ItcSchema = z.object({ igst: Money, cgst: Money, sgst: Money, cess: Money });
export const Gstr2bMatchSchema = z.object({
  period: Period,
  tolerance: Money,
  imported: z.object({ importId: z.number().int(), fileName: z.string().nullable(), at: z.string(), by: z.string().nullable(), generatedOn: z.string().nullable(), notRead: z.array(z.string()) }).nullable(),
  counts: z.object({ matched: z.number().int(), mismatched: z.number().int(), onlyIn2b: z.number().int(), onlyInBooks: z.number().int() }),
  rows: z.array(MatchRowSchema),
});
export type Gstr2bMatch = z.output<typeof Gstr2bMatchSchema>;

export const MatchedItcSchema = ItcSchema.extend({
  period: Period,
  counted: z.array(z.object({ billId: z.number().int(), stream: z.string(), number: z.string(), vendorName: z.string() })),
  excluded: z.array(z.object({ billId: z.number().int(), stream: z.string(), number: z.string(), vendorName: z.string(), reason: z.string() })),
});
export type MatchedItc = z.output<typeof MatchedItcSchema>;
