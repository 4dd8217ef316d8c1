import { z } from 'zod';

import { isStorable, UNSTORABLE_MESSAGE } from '../fields';

/**
 * Where the goods of a document go from and to, and how (issue 44 item 6): what the owner enters
 * on a sales invoice, a credit or debit note for its e-way bill (Part A: places and PIN codes;
 * Part B: the vehicle or the transporter's document) and its e-invoice (the seller's and the
 * buyer's place and PIN). Kept by an event on the document's e-documents stream.
 */

/** Road 1, Rail 2, Air 3, Ship 4 (the e-way bill portal's transMode; india-compliance TRANSPORT_MODES). */
export const TRANSPORT_MODES = ['1', '2', '3', '4'] as const;
export const TRANSPORT_MODE_NAMES: Readonly<Record<(typeof TRANSPORT_MODES)[number], string>> = { '1': 'Road', '2': 'Rail', '3': 'Air', '4': 'Ship' };
/** R regular, O over-dimensional cargo. */
export const VEHICLE_TYPES = ['R', 'O'] as const;

/** An Indian PIN code: six digits, the first not 0. */
export const PINCODE = /^[1-9][0-9]{5}$/;
/**
 * A vehicle number as registered (spaces and dashes dropped, capitals): state letters, district
 * digits, series letters and four digits (KA01AB1234, DL1C1234, MH121234); a Bharat series number
 * (22BH1234AA); a temporary registration (TM…); a defence vehicle (DF…). Common formats; the
 * portal's full rule set is not published as a pattern (UNCONFIRMED).
 */
export const VEHICLE_NUMBER = /^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2}|TM[A-Z0-9]{6,14}|DF[A-Z0-9]{5,14})$/;
/** A transporter's GSTIN or TRANSIN (15 characters, state digits first). */
export const TRANSPORTER_ID = /^[0-9]{2}[0-9A-Z]{13}$/;
/** The portal's transport document number: up to 15 letters, digits, / and - (NIC e-invoice schema EwbDtls.TransDocNo). */
export const TRANSPORT_DOC_NUMBER = /^[a-zA-Z0-9/-]{1,15}$/;
export const DISTANCE_KM = { min: 1, max: 4000 } as const;

const cleaned = (max: number) => z.union([z.string().max(max, `At most ${max} characters`), z.null()], { error: 'Expected text' }).optional();
const optionalText = (max: number) =>
  cleaned(max).transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value !== '' && !isStorable(value)) ctx.addIssue({ code: 'custom', message: UNSTORABLE_MESSAGE });
    return value === '' ? null : value;
  });
/** A place name: 3 to 50 characters (the e-invoice schema's Loc). */
const place = (missing: string) =>
  cleaned(50).transform((v, ctx) => {
    const value = (v ?? '').trim();
    if (value === '') ctx.addIssue({ code: 'custom', message: missing });
    else if (value.length < 3) ctx.addIssue({ code: 'custom', message: 'At least 3 characters' });
    else if (!isStorable(value) || value.includes('"')) ctx.addIssue({ code: 'custom', message: UNSTORABLE_MESSAGE });
    return value;
  });
const matching = (max: number, test: RegExp, message: string, normalise: (v: string) => string = (v) => v) =>
  z
    .union([z.string().max(max + 10, message), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      const value = normalise((v ?? '').trim());
      if (value === '') return null;
      if (!test.test(value)) ctx.addIssue({ code: 'custom', message });
      return value;
    });
const pincode = (who: string) =>
  z.union([z.string().max(10, 'A PIN code is 6 digits, not starting with 0'), z.number()], { error: `Enter the ${who} PIN code` }).transform((v, ctx) => {
    const value = String(v).trim();
    if (!PINCODE.test(value)) ctx.addIssue({ code: 'custom', message: 'A PIN code is 6 digits, not starting with 0' });
    return value;
  });
const isoDate = z
  .union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD'), z.null()], { error: 'Enter a date as YYYY-MM-DD' })
  .optional()
  .transform((v) => v ?? null);

/** What the owner sends: the places, and the transport (blank when only the e-invoice is wanted). */
export const DispatchBodySchema = z
  .object({
    fromPlace: place('Enter the place the goods leave from'),
    fromPincode: pincode('dispatch'),
    toPlace: place('Enter the place the goods go to'),
    toPincode: pincode('delivery'),
    transportMode: z.enum(TRANSPORT_MODES, { error: 'Choose 1 road, 2 rail, 3 air or 4 ship' }).optional().default('1'),
    distanceKm: z
      .union([z.number(), z.string().max(10, `The distance is ${DISTANCE_KM.min} to ${DISTANCE_KM.max} km, in whole km`)], { error: `Enter the distance in km (${DISTANCE_KM.min} to ${DISTANCE_KM.max})` })
      .transform((v, ctx) => {
        const value = Number(v);
        if (!Number.isInteger(value) || value < DISTANCE_KM.min || value > DISTANCE_KM.max) {
          ctx.addIssue({ code: 'custom', message: `The distance is ${DISTANCE_KM.min} to ${DISTANCE_KM.max} km, in whole km` });
        }
        return value;
      }),
    transporterId: matching(15, TRANSPORTER_ID, "A transporter's GSTIN or TRANSIN is 15 characters", (v) => v.toUpperCase()),
    transporterName: optionalText(100),
    transportDocNumber: matching(15, TRANSPORT_DOC_NUMBER, 'Up to 15 letters, digits, / and -'),
    transportDocDate: isoDate,
    vehicleNumber: matching(20, VEHICLE_NUMBER, 'A vehicle number looks like KA01AB1234', (v) => v.toUpperCase().replace(/[\s-]/g, '')),
    vehicleType: z.enum(VEHICLE_TYPES, { error: 'Choose R regular or O over-dimensional' }).optional().default('R'),
  })
  .superRefine((body, ctx) => {
    // Part B: by road a vehicle (or a transporter who will enter it); else the railway receipt, airway bill or bill of lading.
    if (body.transportMode === '1' && !body.vehicleNumber && !body.transporterId) {
      ctx.addIssue({ code: 'custom', path: ['vehicleNumber'], message: "Enter the vehicle number, or the transporter's ID for them to add it" });
    }
    if (body.transportMode !== '1' && !body.transportDocNumber) {
      ctx.addIssue({ code: 'custom', path: ['transportDocNumber'], message: 'Enter the railway receipt, airway bill or bill of lading number' });
    }
    if (body.transportDocNumber && !body.transportDocDate) {
      ctx.addIssue({ code: 'custom', path: ['transportDocDate'], message: "Enter the transport document's date" });
    }
    // india-compliance validate_distance_for_same_pincode: within one PIN code at most 100 km.
    if (body.fromPincode === body.toPincode && body.distanceKm > 100) {
      ctx.addIssue({ code: 'custom', path: ['distanceKm'], message: 'Within one PIN code the distance is at most 100 km' });
    }
  });
export type DispatchBody = z.output<typeof DispatchBodySchema>;
export type DispatchInput = z.input<typeof DispatchBodySchema>;

/**
 * The longest signed QR code taken: what one QR code holds of such text (version 40, low error
 * correction, bytes: 2,953). A longer one could not be printed on the invoice (Rule 48(4)).
 */
export const SIGNED_QR_MAX = 2953;

/** What the portal answers on an e-invoice, pasted back by the owner. */
export const IrnBodySchema = z.object({
  irn: z
    .string({ error: 'Paste the IRN' })
    .max(100, 'An IRN is 64 characters, 0-9 and a-f')
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => /^[0-9a-f]{64}$/.test(v), 'An IRN is 64 characters, 0-9 and a-f'),
  ackNo: z
    .union([z.string().max(40, 'An Ack No is digits only'), z.number()], { error: 'Paste the Ack No' })
    .transform((v) => String(v).trim())
    .refine((v) => /^[0-9]{1,20}$/.test(v), 'An Ack No is digits only'),
  ackDate: z
    .string({ error: 'Paste the Ack Date' })
    .max(40, 'Ack Date as the portal shows it: YYYY-MM-DD HH:MM:SS')
    .transform((v) => v.trim())
    .refine((v) => /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v), 'Ack Date as the portal shows it: YYYY-MM-DD HH:MM:SS'),
  signedQrCode: z
    .string({ error: 'Paste the signed QR code' })
    // Room for the spaces and line ends a paste brings; the code itself is held to SIGNED_QR_MAX below.
    .max(SIGNED_QR_MAX + 100, `At most ${SIGNED_QR_MAX} characters: a QR code holds no more`)
    .transform((v) => v.trim())
    .refine((v) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(v), 'The signed QR code is the long text of three parts joined by dots')
    .refine((v) => v.length <= SIGNED_QR_MAX, `At most ${SIGNED_QR_MAX} characters: a QR code holds no more`),
});
export type IrnBody = z.output<typeof IrnBodySchema>;

/** A document's e-documents as answered: its dispatch details and its IRN (null until entered). */
export const EDocumentsSchema = z.object({
  dispatch: z
    .object({
      fromPlace: z.string(),
      fromPincode: z.string(),
      toPlace: z.string(),
      toPincode: z.string(),
      transportMode: z.enum(TRANSPORT_MODES),
      distanceKm: z.number(),
      transporterId: z.string().nullable(),
      transporterName: z.string().nullable(),
      transportDocNumber: z.string().nullable(),
      transportDocDate: z.string().nullable(),
      vehicleNumber: z.string().nullable(),
      vehicleType: z.enum(VEHICLE_TYPES),
    })
    .nullable(),
  irn: z.object({ irn: z.string(), ackNo: z.string(), ackDate: z.string(), signedQrCode: z.string() }).nullable(),
});
export type EDocuments = z.output<typeof EDocumentsSchema>;
export type Dispatch = NonNullable<EDocuments['dispatch']>;
export type Irn = NonNullable<EDocuments['irn']>;

/** The e-documents stream of a document's stream: `e-documents-sales-invoice-7`. */
export const eDocumentsStream = (documentStream: string) => `e-documents-${documentStream}`;

export const E_DOCUMENT_EVENTS = { dispatch: 'DispatchDetailsRecorded', irn: 'IrnRecorded' } as const;
const DispatchStored = EDocumentsSchema.shape.dispatch.unwrap();
const IrnStored = EDocumentsSchema.shape.irn.unwrap();
/** The events of a document's e-documents stream; each names the document's stream. */
export const EDocumentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(E_DOCUMENT_EVENTS.dispatch), data: DispatchStored.extend({ document: z.string() }) }),
  z.object({ type: z.literal(E_DOCUMENT_EVENTS.irn), data: IrnStored.extend({ document: z.string() }) }),
]);
export type EDocumentEvent = z.output<typeof EDocumentEventSchema>;

/** The e-documents routes under a document's record path (`/api/sales/invoices/7`). */
export const eDocumentPaths = (record: string) => ({
  /** GET: the dispatch details, the IRN, whether an e-way bill is needed, what stops an e-invoice. */
  state: `${record}/e-documents`,
  /** POST: places, PIN codes and transport. */
  dispatch: `${record}/dispatch`,
  /** POST: the IRN, Ack No and Date and signed QR code from the portal. */
  irn: `${record}/irn`,
  /** GET: the e-way bill JSON (bulk upload). */
  eWayBill: `${record}/e-way-bill`,
  /** GET: the e-invoice JSON (IRP schema 1.1). */
  eInvoice: `${record}/e-invoice`,
});

/** What the e-documents screen reads. */
export const EDocumentsAnswerSchema = EDocumentsSchema.extend({
  eWayBill: z.object({
    /** The consignment's value (taxable goods with their tax) and the limit on the document's date. */
    value: z.string(),
    limit: z.string(),
    required: z.boolean(),
    /** Why the portal would refuse it now (too old, future dated); null when it would not. */
    problem: z.string().nullable(),
  }),
  /** Why no e-invoice can be made for it (no GSTIN…); null when one can. */
  eInvoiceProblem: z.string().nullable(),
});
export type EDocumentsAnswer = z.output<typeof EDocumentsAnswerSchema>;

/** A document's e-documents after one more event (the decider's evolve and the reads share it). */
export const applyEDocumentEvent = (state: EDocuments, event: EDocumentEvent): EDocuments => {
  if (event.type === E_DOCUMENT_EVENTS.dispatch) {
    const { document: _document, ...dispatch } = event.data;
    return { ...state, dispatch };
  }
  const { document: _document, ...irn } = event.data;
  return { ...state, irn };
};
/** Stored events (as the store answers them) → the document's e-documents. */
export const eDocumentsFrom = (events: readonly unknown[]): EDocuments =>
  events.reduce<EDocuments>((state, stored) => {
    const parsed = EDocumentEventSchema.safeParse(stored);
    return parsed.success ? applyEDocumentEvent(state, parsed.data) : state;
  }, { dispatch: null, irn: null });
