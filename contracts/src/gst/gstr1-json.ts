/**
 * GSTR-1's JSON as the GST portal's offline tool takes it (shared/domain/GST-AND-BOOKS.md §5:
 * india-compliance's keys), section by section. Amounts are JSON numbers.
 */

/** One rate's taxable value and tax on a document. */
export interface Gstr1ItemDetail {
  readonly txval: number;
  readonly rt: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}
/** A large inter-state sale to an unregistered person (B2CL) carries IGST only. */
export type Gstr1IgstDetail = Pick<Gstr1ItemDetail, 'txval' | 'rt' | 'iamt' | 'csamt'>;
export interface Gstr1Item<D> {
  readonly num: number;
  readonly itm_det: D;
}
export interface Gstr1B2bInvoice {
  readonly inum: string;
  readonly idt: string;
  readonly val: number;
  readonly pos: string;
  readonly rchrg: 'Y' | 'N';
  readonly inv_typ: 'R';
  readonly itms: readonly Gstr1Item<Gstr1ItemDetail>[];
}
export interface Gstr1B2clInvoice {
  readonly inum: string;
  readonly idt: string;
  readonly val: number;
  readonly itms: readonly Gstr1Item<Gstr1IgstDetail>[];
}
export interface Gstr1B2cs {
  readonly sply_ty: 'INTRA' | 'INTER';
  readonly pos: string;
  readonly typ: 'OE';
  readonly rt: number;
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}
export interface Gstr1Note {
  readonly ntty: 'C';
  readonly nt_num: string;
  readonly nt_dt: string;
  readonly val: number;
  readonly pos: string;
  readonly rchrg: 'Y' | 'N';
  readonly inv_typ: 'R';
  readonly itms: readonly Gstr1Item<Gstr1ItemDetail>[];
}
export interface Gstr1UnregisteredNote {
  readonly typ: 'B2CL';
  readonly ntty: 'C';
  readonly nt_num: string;
  readonly nt_dt: string;
  readonly val: number;
  readonly pos: string;
  readonly itms: readonly Gstr1Item<Gstr1IgstDetail>[];
}
export interface Gstr1Hsn {
  readonly num: number;
  readonly hsn_sc: string;
  readonly desc: string;
  readonly uqc: string;
  readonly qty: number;
  readonly rt: number;
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}
/**
 * Table 12, the HSN summary: one table (`data`) for return periods before May 2025; from May 2025
 * one for supplies to registered persons (`hsn_b2b`) and one for the rest (`hsn_b2c`).
 */
export type Gstr1HsnTable = { readonly data: readonly Gstr1Hsn[] } | { readonly hsn_b2b: readonly Gstr1Hsn[]; readonly hsn_b2c: readonly Gstr1Hsn[] };
/** INTR/INTRA: inter- or intra-state; B2B/B2C: to a registered person or not. */
export type Gstr1NilSupply = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
export interface Gstr1Nil {
  readonly sply_ty: Gstr1NilSupply;
  readonly nil_amt: number;
  readonly expt_amt: number;
  readonly ngsup_amt: number;
}
export interface Gstr1DocRange {
  readonly num: number;
  readonly from: string;
  readonly to: string;
  readonly totnum: number;
  readonly cancel: number;
  readonly net_issue: number;
}
export interface Gstr1Json {
  readonly gstin: string;
  /** 'MMYYYY'. */
  readonly fp: string;
  readonly b2b: readonly { readonly ctin: string; readonly inv: readonly Gstr1B2bInvoice[] }[];
  readonly b2cl: readonly { readonly pos: string; readonly inv: readonly Gstr1B2clInvoice[] }[];
  readonly b2cs: readonly Gstr1B2cs[];
  readonly cdnr: readonly { readonly ctin: string; readonly nt: readonly Gstr1Note[] }[];
  readonly cdnur: readonly Gstr1UnregisteredNote[];
  /** Table 8: nil-rated, exempt and non-GST supplies, by inter/intra-state and registered/unregistered. */
  readonly nil: { readonly inv: readonly Gstr1Nil[] };
  readonly hsn: Gstr1HsnTable;
  /** doc_num 1: invoices for outward supply; 5: credit notes. */
  readonly doc_issue: { readonly doc_det: readonly { readonly doc_num: 1 | 5; readonly docs: readonly Gstr1DocRange[] }[] };
}

/**
 * Table 12 is split into B2B and B2C from the May 2025 return period (GSTN's advisory on HSN
 * reporting, phase 3; india-compliance's HSN_BIFURCATION_FROM = 2025-05-01); before, one table.
 */
export const hsnSplit = (periodStart: string): boolean => periodStart >= '2025-05-01';
