import type { Gstr2bDocument, ImsAction } from './gstr2b-file';

/**
 * The IMS upload JSON: the owner's actions as the portal takes them. Layout from india-compliance
 * (`gst_india/utils/gstr_2/ims.py::IMS.convert_data_to_gov_format` + `get_category_details`, and
 * the upload's `category_key_map`): records grouped under `b2b`, `b2bcn`, `b2bdn`, each with
 * `stin, inv_typ, srcform, rtnprd, val, pos, prev_status, iamt, camt, samt, cess, txval, action`
 * and `inum, idt` (invoices) or `nt_num, nt_dt` (notes); actions A (accept), R (reject),
 * P (pending); dates dd-mm-yyyy; amounts positive numbers. `prev_status` is left out when no IMS
 * file told us the portal's action. The API envelope around it (GSTIN, request type) is the
 * portal's and not written here.
 */
const CODES = { accept: 'A', reject: 'R', pending: 'P', none: 'N' } as const;
const SECTIONS = { invoice: 'b2b', 'credit-note': 'b2bcn', 'debit-note': 'b2bdn' } as const;

export interface ImsUploadEntry {
  readonly document: Gstr2bDocument;
  readonly action: Exclude<ImsAction, 'none'>;
  /** The portal's action before ours, from an imported IMS file. */
  readonly previous: ImsAction | null;
}

const portalDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
/** A money string as the JSON number the portal reads (exact: at most 2 places). */
const amount = (money: string) => Number(money);

export type ImsUpload = Partial<Record<(typeof SECTIONS)[keyof typeof SECTIONS], Record<string, string | number>[]>>;

export const imsUpload = (entries: readonly ImsUploadEntry[]): ImsUpload => {
  const out: ImsUpload = {};
  for (const { document: d, action, previous } of entries) {
    const numbered: Record<string, string> = d.kind === 'invoice' ? { inum: d.number, idt: portalDate(d.date) } : { nt_num: d.number, nt_dt: portalDate(d.date) };
    const record = {
      stin: d.ctin,
      inv_typ: d.supplyType,
      srcform: 'R1',
      rtnprd: d.supplierPeriod,
      val: amount(d.value),
      pos: d.placeOfSupply,
      ...(previous ? { prev_status: CODES[previous] } : {}),
      iamt: amount(d.igst),
      camt: amount(d.cgst),
      samt: amount(d.sgst),
      cess: amount(d.cess),
      txval: amount(d.taxableValue),
      action: CODES[action],
      ...numbered,
    };
    const section = SECTIONS[d.kind];
    (out[section] ??= []).push(record);
  }
  return out;
};
