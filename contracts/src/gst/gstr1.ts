import type Big from 'big.js';

import { uqcOf } from '../constants';
import type { InvoiceData } from '../documents/invoice-kind';
import type { InvoiceLine } from '../documents/lines';
import { decimal, toMoney } from '../money';
import type { TaxRegime } from './tax';

export { GSTR1_SECTIONS, type Gstr1Section, gstr1Csv } from './gstr1-csv';

/**
 * GSTR-1, the return of outward supplies, built from one month's sales invoices and credit notes
 * (shared/domain/GST-AND-BOOKS.md §4–5: india-compliance's keys and classification). Every figure
 * is the sum of the documents' own line figures (already to the paisa), so B2B agrees with
 * HSN-B2B and B2CL + B2CS with HSN-B2C exactly; amounts become JSON numbers only at the end.
 *
 * Which document goes where:
 * - a tax section (b2b, b2cl, b2cs, cdnr, cdnur, hsn) takes only an active document priced with
 *   GST; one with tax typed by hand (`taxMode` 'manual') carries no rate or tax per line, so it is
 *   left out of them all, as is one to our own GSTIN (a transfer, not a supply to report);
 * - doc_issue counts every document, active or not, manual or not: the inactive as cancelled.
 */
export interface Gstr1Input {
  /** The business's own GSTIN (its first two digits are its state). */
  readonly gstin: string;
  /** The return period. */
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  /** Sales invoices and credit notes (sales side) dated in the month, active or not. */
  readonly documents: readonly Gstr1Document[];
}

export interface Gstr1Document {
  readonly kind: 'invoice' | 'credit-note';
  readonly data: InvoiceData;
  /** The customer's GSTIN as recorded on the customer (null or '' when unregistered). */
  readonly partyGstin: string | null;
  /** The series prefix the number was taken from (e.g. 'INV/2026-27/'), or null for a number typed by hand; used for doc_issue ranges. */
  readonly series: string | null;
}

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
  readonly hsn: { readonly hsn_b2b: readonly Gstr1Hsn[]; readonly hsn_b2c: readonly Gstr1Hsn[] };
  /** doc_num 1: invoices for outward supply; 5: credit notes. */
  readonly doc_issue: { readonly doc_det: readonly { readonly doc_num: 1 | 5; readonly docs: readonly Gstr1DocRange[] }[] };
}

/** The B2CL limit on an invoice's total: ₹2.5 lakh up to 31 July 2024, ₹1 lakh from 1 August 2024. */
export const b2clLimit = (date: string): string => (date <= '2024-07-31' ? '250000.00' : '100000.00');

type Bucket = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur';
/** A document that goes in the tax sections, with what classifies it. */
interface Taxed {
  readonly kind: Gstr1Document['kind'];
  readonly data: InvoiceData;
  readonly supply: TaxRegime;
  readonly pos: string;
  readonly ctin: string | null;
  readonly bucket: Bucket;
  /** Each line with its rate and its figures as the return reads them. */
  readonly lines: readonly { readonly line: InvoiceLine; readonly rt: string; readonly tax: Tax }[];
}
interface Tax {
  readonly txval: Big;
  readonly iamt: Big;
  readonly camt: Big;
  readonly samt: Big;
}
const NONE: Tax = { txval: decimal(0), iamt: decimal(0), camt: decimal(0), samt: decimal(0) };

const addTax = (a: Tax, b: Tax, sign: 1 | -1): Tax => {
  const add = (x: Big, y: Big) => (sign === 1 ? x.plus(y) : x.minus(y));
  return { txval: add(a.txval, b.txval), iamt: add(a.iamt, b.iamt), camt: add(a.camt, b.camt), samt: add(a.samt, b.samt) };
};
const isZero = (t: Tax) => t.txval.eq(0) && t.iamt.eq(0) && t.camt.eq(0) && t.samt.eq(0);
/** A JSON amount: half-up to the paisa, then a number (never −0). */
const money = (x: Big) => Number(toMoney(x)) || 0;
const byRateAsc = (a: string, b: string) => decimal(a).cmp(decimal(b));
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A line's taxable value and tax as the return reads it: IGST only across states, CGST + SGST only within. */
const lineTax = (line: InvoiceLine, supply: TaxRegime): Tax => ({
  txval: decimal(line.taxableValue),
  iamt: supply === 'inter' ? decimal(line.igst) : decimal(0),
  camt: supply === 'intra' ? decimal(line.cgst) : decimal(0),
  samt: supply === 'intra' ? decimal(line.sgst) : decimal(0),
});

/** '2026-04-05' → '05-04-2026'. */
const gstDate = (date: string) => date.split('-').reverse().join('-');
const gstinOf = (gstin: string | null) => gstin?.trim().toUpperCase() || null;
const yn = (flag: boolean) => (flag ? 'Y' : 'N');

/** One item per rate on a document (lines of the same rate summed), numbered from 1; a note's figures positive. */
const items = <D>(t: Taxed, detail: (rt: number, tax: Tax) => D): Gstr1Item<D>[] => {
  const rates = new Map<string, Tax>();
  for (const { rt, tax } of t.lines) rates.set(rt, addTax(rates.get(rt) ?? NONE, tax, 1));
  const abs = (x: Tax): Tax => (t.kind === 'invoice' ? x : { txval: x.txval.abs(), iamt: x.iamt.abs(), camt: x.camt.abs(), samt: x.samt.abs() });
  return [...rates].sort(([a], [b]) => byRateAsc(a, b)).map(([rt, tax], i) => ({ num: i + 1, itm_det: detail(Number(rt), abs(tax)) }));
};
const full = (rt: number, t: Tax): Gstr1ItemDetail => ({ txval: money(t.txval), rt, iamt: money(t.iamt), camt: money(t.camt), samt: money(t.samt), csamt: 0 });
const igst = (rt: number, t: Tax): Gstr1IgstDetail => ({ txval: money(t.txval), rt, iamt: money(t.iamt), csamt: 0 });

/** Groups in the order of their keys. */
const groupBy = <T, R>(list: readonly T[], key: (t: T) => string, make: (key: string, group: T[]) => R): R[] => {
  const groups = new Map<string, T[]>();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].sort(([a], [b]) => text(a, b)).map(([k, group]) => make(k, group));
};

/** B2CL-sized: inter-state and above the B2CL limit on its date. */
const isLarge = (data: InvoiceData) => data.supplyType === 'inter' && decimal(data.totalAmount).gt(decimal(b2clLimit(data.date)));

/**
 * B2B to a GSTIN; else B2CL when large; else B2CS. A credit note: CDNR to a GSTIN; CDNUR (B2CL)
 * when it is inter-state and the invoice it is against was large (judged by the note's own total
 * when that invoice is not among the month's documents); else netted in B2CS.
 */
const classify = (doc: Gstr1Document, ctin: string | null, invoices: ReadonlyMap<number, InvoiceData>): Bucket => {
  if (doc.kind === 'invoice') return ctin ? 'b2b' : isLarge(doc.data) ? 'b2cl' : 'b2cs';
  const original = doc.data.againstId === null ? undefined : invoices.get(doc.data.againstId);
  return ctin ? 'cdnr' : doc.data.supplyType === 'inter' && isLarge(original ?? doc.data) ? 'cdnur' : 'b2cs';
};

const b2csRows = (taxed: readonly Taxed[], home: string): Gstr1B2cs[] => {
  const rows = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: string; tax: Tax }>();
  for (const t of taxed) {
    const sply_ty = t.supply === 'inter' || (t.supply === 'none' && t.pos !== home) ? 'INTER' : 'INTRA';
    for (const { rt, tax } of t.lines) {
      const key = `${t.pos}|${sply_ty}|${rt}`;
      const row = rows.get(key) ?? { sply_ty, pos: t.pos, rt, tax: NONE };
      rows.set(key, { ...row, tax: addTax(row.tax, tax, t.kind === 'invoice' ? 1 : -1) });
    }
  }
  return [...rows.values()]
    .filter((r) => !isZero(r.tax))
    .sort((a, b) => text(a.pos, b.pos) || text(a.sply_ty, b.sply_ty) || byRateAsc(a.rt, b.rt))
    .map(({ sply_ty, pos, rt, tax }) => ({ sply_ty, pos, typ: 'OE', ...full(Number(rt), tax) }));
};

/** Table 12: lines by HSN, UQC and rate, a credit note's subtracted; 'NA' as the UQC of a service (SAC 99…). */
const hsnRows = (taxed: readonly Taxed[]): Gstr1Hsn[] => {
  const rows = new Map<string, { hsn: string; uqc: string; rt: string; desc: string; qty: Big; tax: Tax }>();
  for (const t of taxed) {
    const sign = t.kind === 'invoice' ? 1 : -1;
    for (const { line, rt, tax } of t.lines) {
      const hsn = line.hsn?.trim() ?? '';
      const uqc = hsn.startsWith('99') ? 'NA' : uqcOf(line.unit);
      const key = `${hsn}|${uqc}|${rt}`;
      const row = rows.get(key) ?? { hsn, uqc, rt, desc: line.itemName.slice(0, 30), qty: decimal(0), tax: NONE };
      const qty = sign === 1 ? row.qty.plus(decimal(line.quantity)) : row.qty.minus(decimal(line.quantity));
      rows.set(key, { ...row, qty, tax: addTax(row.tax, tax, sign) });
    }
  }
  return [...rows.values()]
    .filter((r) => !(isZero(r.tax) && r.qty.eq(0)))
    .sort((a, b) => text(a.hsn, b.hsn) || text(a.uqc, b.uqc) || byRateAsc(a.rt, b.rt))
    .map((r, i) => ({ num: i + 1, hsn_sc: r.hsn, desc: r.desc, uqc: r.uqc, qty: Number(r.qty.toString()) || 0, ...full(Number(r.rt), r.tax) }));
};

/** The series' counter of a number: its last run of digits, without leading zeros. */
const counter = (number: string) => /(\d+)\D*$/.exec(number)?.[1]?.replace(/^0+(?=\d)/, '') ?? null;
/** By counter (exactly, as digit strings), numbers without one last, then as text. */
const byCounter = (a: Gstr1Document, b: Gstr1Document) => {
  const [x, y] = [counter(a.data.number), counter(b.data.number)];
  if (x !== null && y !== null && x !== y) return x.length - y.length || text(x, y);
  if ((x === null) !== (y === null)) return x === null ? 1 : -1;
  return text(a.data.number, b.data.number);
};

/** One range per series (numbers typed by hand together, last), from the lowest counter to the highest. */
const docRanges = (docs: readonly Gstr1Document[]): Gstr1DocRange[] => {
  const series = new Map<string | null, Gstr1Document[]>();
  for (const doc of docs) series.set(doc.series || null, [...(series.get(doc.series || null) ?? []), doc]);
  return [...series]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : text(a, b)))
    .map(([, group], i) => {
      const sorted = [...group].sort(byCounter);
      const cancel = group.filter((d) => !d.data.active).length;
      const [first, last] = [sorted[0]?.data.number ?? '', sorted.at(-1)?.data.number ?? ''];
      return { num: i + 1, from: first, to: last, totnum: group.length, cancel, net_issue: group.length - cancel };
    });
};

/** The month's GSTR-1 as the GST portal takes it (see the module comment for what goes where). */
export const gstr1 = (input: Gstr1Input): Gstr1Json => {
  const own = gstinOf(input.gstin) ?? '';
  const home = own.slice(0, 2);
  const documents = [...input.documents].sort(
    (a, b) => text(a.data.date, b.data.date) || byCounter(a, b) || a.data.id - b.data.id,
  );
  const invoices = new Map(documents.filter((d) => d.kind === 'invoice').map((d) => [d.data.id, d.data]));
  const taxed: Taxed[] = documents.flatMap((doc) => {
    const { data } = doc;
    const ctin = gstinOf(doc.partyGstin);
    if (!data.active || data.taxMode !== 'gst' || data.supplyType === null || (ctin !== null && ctin === own)) return [];
    const supply = data.supplyType;
    const lines = data.lines.map((line) => ({ line, rt: decimal(line.gstRate).toString(), tax: lineTax(line, supply) }));
    return [{ kind: doc.kind, data, supply, pos: data.placeOfSupply ?? home, ctin, bucket: classify(doc, ctin, invoices), lines }];
  });
  const inBucket = (bucket: Bucket) => taxed.filter((t) => t.bucket === bucket);
  const head = (t: Taxed) => ({ val: money(decimal(t.data.totalAmount).abs()), pos: t.pos });
  const noteHead = (t: Taxed) => ({ ntty: 'C' as const, nt_num: t.data.number, nt_dt: gstDate(t.data.date), ...head(t) });
  return {
    gstin: own,
    fp: `${String(input.month).padStart(2, '0')}${input.year}`,
    b2b: groupBy(inBucket('b2b'), (t) => t.ctin ?? '', (ctin, group) => ({
      ctin,
      inv: group.map((t) => ({ inum: t.data.number, idt: gstDate(t.data.date), ...head(t), rchrg: yn(t.data.reverseCharge), inv_typ: 'R' as const, itms: items(t, full) })),
    })),
    b2cl: groupBy(inBucket('b2cl'), (t) => t.pos, (pos, group) => ({
      pos,
      inv: group.map((t) => ({ inum: t.data.number, idt: gstDate(t.data.date), val: head(t).val, itms: items(t, igst) })),
    })),
    b2cs: b2csRows(inBucket('b2cs'), home),
    cdnr: groupBy(inBucket('cdnr'), (t) => t.ctin ?? '', (ctin, group) => ({
      ctin,
      nt: group.map((t) => ({ ...noteHead(t), rchrg: yn(t.data.reverseCharge), inv_typ: 'R' as const, itms: items(t, full) })),
    })),
    cdnur: inBucket('cdnur').map((t) => ({ typ: 'B2CL' as const, ...noteHead(t), itms: items(t, igst) })),
    hsn: { hsn_b2b: hsnRows(taxed.filter((t) => t.ctin !== null)), hsn_b2c: hsnRows(taxed.filter((t) => t.ctin === null)) },
    doc_issue: {
      doc_det: [
        { doc_num: 1, docs: docRanges(documents.filter((d) => d.kind === 'invoice')) },
        { doc_num: 5, docs: docRanges(documents.filter((d) => d.kind === 'credit-note')) },
      ],
    },
  };
};
