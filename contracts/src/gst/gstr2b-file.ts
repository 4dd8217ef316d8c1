import { z } from 'zod';

import { validationError } from '../domain-errors';
import { toIssues } from '../errors';
import { sumMoney, toMoney } from '../money';
import { errorMessage, isRecord } from '../thrown';

/**
 * The GSTR-2B and IMS files as the GST portal gives them (issue 44 item 3), read with zod.
 *
 * GSTR-2B: `{ data: { gstin, rtnprd: "MMYYYY", gendt, docdata: { b2b: [{ ctin, trdnm, inv: [{
 * inum, dt: "dd-mm-yyyy", val, pos, rev, typ, items: [{ txval, igst, cgst, sgst, cess }] }] }],
 * cdnr: [{ ctin, trdnm, nt: [{ ntnum, typ: "C"|"D", dt, val, pos, rev, items }] }] } } }` —
 * india-compliance `gst_india/utils/gstr_2/gstr_2b.py` (GSTR2bB2B, GSTR2bCDNR) and its sample
 * `gst_india/data/test_gstr_2b.json`. Other sections (b2ba, impg, isd…) are counted, not read.
 *
 * IMS: `{ b2b: [{ stin, inum, idt, action: "A"|"R"|"P"|"N", rtnprd, val, pos, txval, iamt, camt,
 * samt, cess, inv_typ, srcform, prev_status… }], b2bcn/b2bdn: [{ …, nt_num, nt_dt }] }` —
 * india-compliance `gst_returns/fields/ims.py` (RawField), `gst_india/utils/gstr_2/ims.py` and
 * `gst_india/data/test_ims.json`.
 */

/** At most this much JSON in one file (the API's body limit is 256 kB). */
export const GSTR2B_FILE_MAX = 240_000;
/** At most this many invoices and notes in one file. */
export const GSTR2B_ROWS_MAX = 2_000;

export type Gstr2bKind = 'invoice' | 'credit-note' | 'debit-note';

/** One supplier document of a 2B, amounts summed over its items. */
export interface Gstr2bDocument {
  /** `invoice:27AAPFU0939F1ZV:INV-17`: its kind, supplier and number as the supplier wrote it. */
  readonly key: string;
  readonly kind: Gstr2bKind;
  readonly ctin: string;
  readonly supplierName: string | null;
  readonly number: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly value: string;
  readonly placeOfSupply: string;
  readonly reverseCharge: boolean;
  readonly taxableValue: string;
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly cess: string;
  /** The portal's supply type (`R` regular, `SEWP`, `DE`…) and the supplier's return period (MMYYYY). */
  readonly supplyType: string;
  readonly supplierPeriod: string;
}

export const documentKey = (kind: Gstr2bKind, ctin: string, number: string) => `${kind}:${ctin}:${number}`;

const Gstin = z.string({ error: 'A GSTIN is required' }).regex(/^[0-9]{2}[0-9A-Z]{13}$/, 'Not a GSTIN (15 characters)');
const Amount = z.number({ error: 'Must be a number' }).finite('Must be a number').min(0, 'Must not be negative').max(1e12, 'Too large');
const Tax = Amount.optional().default(0);
const PortalDate = z
  .string({ error: 'A date (dd-mm-yyyy) is required' })
  .regex(/^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-(19|2\d)\d{2}$/, 'A date is dd-mm-yyyy')
  .transform((v) => `${v.slice(6, 10)}-${v.slice(3, 5)}-${v.slice(0, 2)}`);
const Number16 = z.string({ error: 'A document number is required' }).trim().min(1, 'A document number is required').max(16, 'At most 16 characters (Rule 46)');
const Item = z.object({ txval: Amount, igst: Tax, cgst: Tax, sgst: Tax, cess: Tax });
const Common = {
  dt: PortalDate,
  val: Amount,
  pos: z.string({ error: 'A place of supply is required' }).regex(/^\d{2}$/, 'A place of supply is 2 digits'),
  rev: z.enum(['Y', 'N'], { error: 'Reverse charge is Y or N' }),
  items: z.array(Item, { error: 'Items are required' }).min(1, 'At least one item').max(100, 'At most 100 items'),
};
const Invoice = z.object({ inum: Number16, typ: z.string().max(10).optional(), ...Common });
const Note = z.object({ ntnum: Number16, typ: z.enum(['C', 'D'], { error: 'A note is C (credit) or D (debit)' }), suptyp: z.string().max(10).optional(), ...Common });
const Supplier = { ctin: Gstin, trdnm: z.string().max(200).optional(), supprd: z.string().regex(/^\d{6}$/, 'A return period is MMYYYY').optional() };

export const Gstr2bFileSchema = z.object({
  data: z.object(
    {
      gstin: Gstin,
      rtnprd: z.string({ error: 'The return period is required' }).regex(/^(0[1-9]|1[0-2])(19|2\d)\d{2}$/, 'The return period is MMYYYY'),
      gendt: z.string().max(20).optional(),
      docdata: z.object(
        {
          b2b: z.array(z.object({ ...Supplier, inv: z.array(Invoice).max(GSTR2B_ROWS_MAX) })).max(GSTR2B_ROWS_MAX).optional().default([]),
          cdnr: z.array(z.object({ ...Supplier, nt: z.array(Note).max(GSTR2B_ROWS_MAX) })).max(GSTR2B_ROWS_MAX).optional().default([]),
        },
        { error: 'docdata (the documents) is missing' },
      ),
    },
    { error: 'Not a GSTR-2B file: "data" is missing' },
  ),
});

/** "MMYYYY" → "YYYY-MM". */
export const periodOfReturn = (rtnprd: string) => `${rtnprd.slice(2)}-${rtnprd.slice(0, 2)}`;
/** "YYYY-MM" → "MMYYYY". */
export const returnPeriodOf = (period: string) => `${period.slice(5, 7)}${period.slice(0, 4)}`;

const sum = (items: readonly z.output<typeof Item>[], field: keyof z.output<typeof Item>) => sumMoney(items.map((i) => toMoney(String(i[field]))));

/** JSON text → its value, or a 400 saying where it stops being JSON. */
const jsonOf = (text: string, path: string): unknown => {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw validationError('The file is not JSON', [{ path, message: `Not JSON: ${errorMessage(error).slice(0, 120)}` }]);
  }
};

const parsed = <S extends z.ZodType>(schema: S, value: unknown, path: string, what: string): z.output<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error).slice(0, 20).map((i) => ({ path: `${path}.${i.path}`, message: i.message }));
  throw validationError(`The file is not a ${what} the portal gives`, issues);
};

const KNOWN_2B = new Set(['b2b', 'cdnr']);

/** A GSTR-2B file's text → its period, the recipient's GSTIN and its documents; a 400 naming what is wrong. */
export const readGstr2b = (text: string, path = 'file') => {
  const value = jsonOf(text, path);
  const { gstin, rtnprd, gendt, docdata } = parsed(Gstr2bFileSchema, value, path, 'GSTR-2B').data;
  // What the schema leaves out, read from the file as it is: the sections this reader does not know.
  const raw = isRecord(value) && isRecord(value.data) && isRecord(value.data.docdata) ? value.data.docdata : {};
  const documents: Gstr2bDocument[] = [];
  type SupplierOf = { ctin: string; trdnm?: string | undefined; supprd?: string | undefined };
  const add = (kind: Gstr2bKind, supplier: SupplierOf, number: string, supplyType: string | undefined, doc: z.output<typeof Invoice> | z.output<typeof Note>) =>
    documents.push({
      key: documentKey(kind, supplier.ctin, number),
      kind,
      ctin: supplier.ctin,
      supplierName: supplier.trdnm?.trim() || null,
      number,
      date: doc.dt,
      value: toMoney(String(doc.val)),
      placeOfSupply: doc.pos,
      reverseCharge: doc.rev === 'Y',
      taxableValue: sum(doc.items, 'txval'),
      igst: sum(doc.items, 'igst'),
      cgst: sum(doc.items, 'cgst'),
      sgst: sum(doc.items, 'sgst'),
      cess: sum(doc.items, 'cess'),
      supplyType: supplyType ?? 'R',
      supplierPeriod: supplier.supprd ?? rtnprd,
    });
  for (const s of docdata.b2b) for (const inv of s.inv) add('invoice', s, inv.inum, inv.typ, inv);
  for (const s of docdata.cdnr) for (const nt of s.nt) add(nt.typ === 'C' ? 'credit-note' : 'debit-note', s, nt.ntnum, nt.suptyp, nt);
  if (documents.length > GSTR2B_ROWS_MAX) throw validationError(`At most ${GSTR2B_ROWS_MAX} documents in one file`, [{ path, message: `${documents.length} invoices and notes: at most ${GSTR2B_ROWS_MAX}` }]);
  const seen = new Set<string>();
  for (const d of documents) {
    if (seen.has(d.key)) throw validationError('A document is in the file twice', [{ path, message: `${d.number} of ${d.ctin} is in the file twice` }]);
    seen.add(d.key);
  }
  const notRead = Object.entries(raw).flatMap(([k, rows]) => (!KNOWN_2B.has(k) && Array.isArray(rows) && rows.length > 0 ? [k] : []));
  return { period: periodOfReturn(rtnprd), gstin, generatedOn: gendt ?? null, documents, notRead };
};

/** An IMS action: the portal's code and ours. */
export const IMS_ACTIONS = { A: 'accept', R: 'reject', P: 'pending', N: 'none' } as const;
export type ImsAction = (typeof IMS_ACTIONS)[keyof typeof IMS_ACTIONS];

const ImsCommon = {
  stin: Gstin,
  action: z.enum(['A', 'R', 'P', 'N'], { error: 'The action is A, R, P or N' }),
  rtnprd: z.string({ error: "The supplier's return period is required" }).regex(/^(0[1-9]|1[0-2])(19|2\d)\d{2}$/, 'The return period is MMYYYY'),
};
const ImsInvoice = z.object({ ...ImsCommon, inum: Number16, idt: PortalDate });
const ImsNote = z.object({ ...ImsCommon, nt_num: Number16, nt_dt: PortalDate });
const ImsFileSchema = z
  .object({
    b2b: z.array(ImsInvoice).max(GSTR2B_ROWS_MAX).optional().default([]),
    b2bcn: z.array(ImsNote).max(GSTR2B_ROWS_MAX).optional().default([]),
    b2bdn: z.array(ImsNote).max(GSTR2B_ROWS_MAX).optional().default([]),
  })
  .refine((f) => f.b2b.length + f.b2bcn.length + f.b2bdn.length > 0, 'No b2b, b2bcn or b2bdn records: not an IMS file');

export interface ImsStatus {
  readonly key: string;
  /** YYYY-MM: the 2B the document belongs to (its supplier's return period). */
  readonly period: string;
  readonly action: ImsAction;
}

/** An IMS download's text → each document's action on the portal, by the 2B period it falls in. */
export const readIms = (text: string, path = 'file'): ImsStatus[] => {
  const file = parsed(ImsFileSchema, jsonOf(text, path), path, 'IMS file');
  const rows = [
    ...file.b2b.map((r) => ({ key: documentKey('invoice', r.stin, r.inum), r })),
    ...file.b2bcn.map((r) => ({ key: documentKey('credit-note', r.stin, r.nt_num), r })),
    ...file.b2bdn.map((r) => ({ key: documentKey('debit-note', r.stin, r.nt_num), r })),
  ];
  if (rows.length > GSTR2B_ROWS_MAX) throw validationError(`At most ${GSTR2B_ROWS_MAX} documents in one file`, [{ path, message: `${rows.length} records: at most ${GSTR2B_ROWS_MAX}` }]);
  return rows.map(({ key, r }) => ({ key, period: periodOfReturn(r.rtnprd), action: IMS_ACTIONS[r.action] }));
};
