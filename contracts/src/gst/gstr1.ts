import type Big from 'big.js';

import { uqcOf } from '../constants';
import { decimal, fromPaise, toPaise } from '../money';
import type {
  Gstr1B2cs,
  Gstr1Hsn,
  Gstr1HsnTable,
  Gstr1IgstDetail,
  Gstr1Item,
  Gstr1ItemDetail,
  Gstr1Json,
  Gstr1Nil,
  Gstr1NilSupply,
} from './gstr1-json';
import { byCounterOf, docIssue } from './gstr1-doc-issue';
import { hsnSplit } from './gstr1-json';
import type { HsnLine, ReturnData, SupplyLine } from './return-lines';
import type { TaxRegime } from './tax';

export { GSTR1_SECTIONS, type Gstr1Section, gstr1Csv, gstr1Sections } from './gstr1-csv';
export type * from './gstr1-json';
export { hsnSplit } from './gstr1-json';

/**
 * GSTR-1, the return of outward supplies, built from one month's sales invoices and credit notes
 * (shared/domain/GST-AND-BOOKS.md §4–5: india-compliance's keys and classification). Every figure
 * is the sum of the documents' own line figures (already to the paisa), so B2B agrees with
 * HSN-B2B and B2CL + B2CS with HSN-B2C exactly; amounts become JSON numbers only at the end.
 *
 * Which document goes where:
 * - a tax section (b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn) takes only an active document priced
 *   with GST; one with tax typed by hand (`taxMode` 'manual') carries no rate or tax per line, so it
 *   is left out of them all, as is one to our own GSTIN (a transfer, not a supply to report);
 * - of those, b2b, b2cl, b2cs, cdnr and cdnur take only the taxable lines; nil-rated, exempt and
 *   non-GST lines (0 %) go to table 8 (`nil`), a note's subtracted; the HSN summary takes every line;
 * - doc_issue counts every document, active or not, manual or not: the inactive as cancelled.
 */
export interface Gstr1Input<L extends SupplyLine = HsnLine> {
  /** The business's own GSTIN (its first two digits are its state). */
  readonly gstin: string;
  /** The return period. */
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  /** Sales invoices and credit notes (sales side) dated in the month, active or not. */
  readonly documents: readonly Gstr1Document<L>[];
}

/** A sales invoice or credit note; its lines as the HSN summary reads them unless said (`Gstr1Document<SupplyLine>`). */
export interface Gstr1Document<L extends SupplyLine = HsnLine> {
  readonly kind: 'invoice' | 'credit-note';
  readonly data: ReturnData<L>;
  /** The customer's GSTIN as recorded on the customer (null or '' when unregistered). */
  readonly partyGstin: string | null;
  /** The series prefix the number was taken from (e.g. 'INV/2026-27/'), or null for a number typed by hand; used for doc_issue ranges. */
  readonly series: string | null;
}

/** The B2CL limit on an invoice's total: ₹2.5 lakh up to 31 July 2024, ₹1 lakh from 1 August 2024. */
export const b2clLimit = (date: string): string => (date <= '2024-07-31' ? '250000.00' : '100000.00');

type Bucket = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur';
/** A document that goes in the tax sections, with what classifies it. */
interface Taxed<L extends SupplyLine = SupplyLine> {
  readonly kind: Gstr1Document['kind'];
  readonly data: ReturnData<L>;
  readonly supply: TaxRegime;
  readonly pos: string;
  readonly ctin: string | null;
  readonly bucket: Bucket;
  /** Each line with its rate and its figures as the return reads them. */
  readonly lines: readonly TaxedLine<L>[];
}
interface TaxedLine<L extends SupplyLine = SupplyLine> {
  readonly line: L;
  readonly rt: string;
  readonly tax: Tax;
}
/** In whole paise (every figure is already to the paisa, so sums in paise are exact). */
interface Tax {
  readonly txval: bigint;
  readonly iamt: bigint;
  readonly camt: bigint;
  readonly samt: bigint;
}
const NONE: Tax = { txval: 0n, iamt: 0n, camt: 0n, samt: 0n };

const addTax = (a: Tax, b: Tax, sign: 1 | -1): Tax =>
  sign === 1
    ? { txval: a.txval + b.txval, iamt: a.iamt + b.iamt, camt: a.camt + b.camt, samt: a.samt + b.samt }
    : { txval: a.txval - b.txval, iamt: a.iamt - b.iamt, camt: a.camt - b.camt, samt: a.samt - b.samt };
const isZero = (t: Tax) => t.txval === 0n && t.iamt === 0n && t.camt === 0n && t.samt === 0n;
const abs = (x: bigint) => (x < 0n ? -x : x);
/** A JSON amount from paise: a number (never −0). */
const money = (x: bigint) => Number(fromPaise(x)) || 0;
/** Rates ('5', '18', '0.25') in ascending order: each rate's place among the month's, worked out once. */
type ByRate = (a: string, b: string) => number;
const byRateOf = (rates: Iterable<string>): ByRate => {
  const place = new Map([...rates].sort((a, b) => decimal(a).cmp(decimal(b))).map((rt, i) => [rt, i]));
  return (a, b) => place.get(a)! - place.get(b)!;
};
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A line's taxable value and tax as the return reads it: IGST only across states, CGST + SGST only within. */
const lineTax = (line: SupplyLine, supply: TaxRegime): Tax => ({
  txval: toPaise(line.taxableValue),
  iamt: supply === 'inter' ? toPaise(line.igst) : 0n,
  camt: supply === 'intra' ? toPaise(line.cgst) : 0n,
  samt: supply === 'intra' ? toPaise(line.sgst) : 0n,
});

/** '2026-04-05' → '05-04-2026'. */
const gstDate = (date: string) => date.split('-').reverse().join('-');
const gstinOf = (gstin: string | null) => gstin?.trim().toUpperCase() || null;
const yn = (flag: boolean) => (flag ? 'Y' : 'N');

/** The lines a tax section reads: taxable ones (nil-rated, exempt and non-GST are table 8's). */
const taxable = (lines: readonly TaxedLine[]) => lines.filter((l) => l.line.gstCategory === 'taxable');

/** One item per rate on a document (lines of the same rate summed), numbered from 1; a note's figures positive. */
const items = <D>(t: Taxed, byRate: ByRate, detail: (rt: number, tax: Tax) => D): Gstr1Item<D>[] => {
  const rates = new Map<string, Tax>();
  for (const { rt, tax } of taxable(t.lines)) rates.set(rt, addTax(rates.get(rt) ?? NONE, tax, 1));
  const positive = (x: Tax): Tax => (t.kind === 'invoice' ? x : { txval: abs(x.txval), iamt: abs(x.iamt), camt: abs(x.camt), samt: abs(x.samt) });
  return [...rates].sort(([a], [b]) => byRate(a, b)).map(([rt, tax], i) => ({ num: i + 1, itm_det: detail(Number(rt), positive(tax)) }));
};
const full = (rt: number, t: Tax): Gstr1ItemDetail => ({ txval: money(t.txval), rt, iamt: money(t.iamt), camt: money(t.camt), samt: money(t.samt), csamt: 0 });
const igst = (rt: number, t: Tax): Gstr1IgstDetail => ({ txval: money(t.txval), rt, iamt: money(t.iamt), csamt: 0 });

/** Groups in the order of their keys. */
const groupBy = <T, R>(list: readonly T[], key: (t: T) => string, make: (key: string, group: T[]) => R): R[] => {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups].sort(([a], [b]) => text(a, b)).map(([k, group]) => make(k, group));
};

/** B2CL-sized: inter-state and above the B2CL limit on its date. */
const isLarge = (data: Pick<ReturnData, 'supplyType' | 'totalAmount' | 'date'>) => data.supplyType === 'inter' && toPaise(data.totalAmount) > toPaise(b2clLimit(data.date));

/**
 * B2B to a GSTIN; else B2CL when large; else B2CS. A credit note: CDNR to a GSTIN; CDNUR (B2CL)
 * when it is inter-state and the invoice it is against was large (judged by the note's own total
 * when that invoice is not among the month's documents); else netted in B2CS.
 */
const classify = (doc: Gstr1Document<SupplyLine>, ctin: string | null, invoices: ReadonlyMap<number, ReturnData<SupplyLine>>): Bucket => {
  if (doc.kind === 'invoice') return ctin ? 'b2b' : isLarge(doc.data) ? 'b2cl' : 'b2cs';
  const original = doc.data.againstId === null ? undefined : invoices.get(doc.data.againstId);
  return ctin ? 'cdnr' : doc.data.supplyType === 'inter' && isLarge(original ?? doc.data) ? 'cdnur' : 'b2cs';
};

const b2csRows = (taxed: readonly Taxed[], home: string, byRate: ByRate): Gstr1B2cs[] => {
  const rows = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: string; tax: Tax }>();
  for (const t of taxed) {
    const sply_ty = t.supply === 'inter' || (t.supply === 'none' && t.pos !== home) ? 'INTER' : 'INTRA';
    for (const { rt, tax } of taxable(t.lines)) {
      const key = `${t.pos}|${sply_ty}|${rt}`;
      const row = rows.get(key);
      if (row) row.tax = addTax(row.tax, tax, t.kind === 'invoice' ? 1 : -1);
      else rows.set(key, { sply_ty, pos: t.pos, rt, tax: addTax(NONE, tax, t.kind === 'invoice' ? 1 : -1) });
    }
  }
  return [...rows.values()]
    .filter((r) => !isZero(r.tax))
    .sort((a, b) => text(a.pos, b.pos) || text(a.sply_ty, b.sply_ty) || byRate(a.rt, b.rt))
    .map(({ sply_ty, pos, rt, tax }) => ({ sply_ty, pos, typ: 'OE', ...full(Number(rt), tax) }));
};

const NIL_ORDER: readonly Gstr1NilSupply[] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];
const NIL_FIELD = { nil: 'nil_amt', exempt: 'expt_amt', 'non-gst': 'ngsup_amt' } as const;

/** Table 8: the taxable value of nil-rated, exempt and non-GST lines, a note's subtracted, by inter/intra and B2B/B2C. */
const nilRows = (taxed: readonly Taxed[], home: string): Gstr1Nil[] => {
  const rows = new Map<Gstr1NilSupply, Record<(typeof NIL_FIELD)[keyof typeof NIL_FIELD], bigint>>();
  for (const t of taxed) {
    const sply_ty: Gstr1NilSupply = `${t.pos === home ? 'INTRA' : 'INTR'}${t.ctin ? 'B2B' : 'B2C'}`;
    for (const { line, tax } of t.lines) {
      if (line.gstCategory === 'taxable') continue;
      const row = rows.get(sply_ty) ?? { nil_amt: 0n, expt_amt: 0n, ngsup_amt: 0n };
      const field = NIL_FIELD[line.gstCategory];
      row[field] = t.kind === 'invoice' ? row[field] + tax.txval : row[field] - tax.txval;
      rows.set(sply_ty, row);
    }
  }
  return NIL_ORDER.flatMap((sply_ty) => {
    const row = rows.get(sply_ty);
    if (!row || (row.nil_amt === 0n && row.expt_amt === 0n && row.ngsup_amt === 0n)) return [];
    return [{ sply_ty, nil_amt: money(row.nil_amt), expt_amt: money(row.expt_amt), ngsup_amt: money(row.ngsup_amt) }];
  });
};

/**
 * Table 12: lines by HSN, UQC and rate, a credit note's subtracted. A service (SAC 99…) has no
 * quantity or unit: UQC 'NA', quantity 0 (india-compliance's HSN summary: "service item doesn't
 * have qty/uom").
 */
const hsnRows = (taxed: readonly Taxed<HsnLine>[], byRate: ByRate): Gstr1Hsn[] => {
  const rows = new Map<string, { hsn: string; uqc: string; rt: string; desc: string; qty: Big; tax: Tax }>();
  for (const t of taxed) {
    const sign = t.kind === 'invoice' ? 1 : -1;
    for (const { line, rt, tax } of t.lines) {
      const hsn = line.hsn?.trim() ?? '';
      const service = hsn.startsWith('99');
      const uqc = service ? 'NA' : uqcOf(line.unit);
      const key = `${hsn}|${uqc}|${rt}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { hsn, uqc, rt, desc: line.itemName.slice(0, 30), qty: decimal(0), tax: NONE }));
      if (!service) row.qty = sign === 1 ? row.qty.plus(decimal(line.quantity)) : row.qty.minus(decimal(line.quantity));
      row.tax = addTax(row.tax, tax, sign);
    }
  }
  return [...rows.values()]
    .filter((r) => !(isZero(r.tax) && r.qty.eq(0)))
    .sort((a, b) => text(a.hsn, b.hsn) || text(a.uqc, b.uqc) || byRate(a.rt, b.rt))
    .map((r, i) => ({ num: i + 1, hsn_sc: r.hsn, desc: r.desc, uqc: r.uqc, qty: Number(r.qty.toString()) || 0, ...full(Number(r.rt), r.tax) }));
};

/** The month's documents in the order the return lists them, and those its tax sections read (with their lines' figures). */
const prepare = <L extends SupplyLine>(input: Gstr1Input<L>) => {
  const own = gstinOf(input.gstin) ?? '';
  const home = own.slice(0, 2);
  const byCounter = byCounterOf(input.documents);
  const documents = [...input.documents].sort((a, b) => text(a.data.date, b.data.date) || byCounter(a, b) || a.data.id - b.data.id);
  // A line's rate as the return writes it ('18.00' → '18'), each distinct rate read once.
  const rates = new Map<string, string>();
  const rateOf = (rate: string | undefined) => {
    const key = rate ?? '';
    const known = rates.get(key);
    if (known !== undefined) return known;
    const rt = decimal(rate).toString();
    rates.set(key, rt);
    return rt;
  };
  const invoices = new Map(documents.filter((d) => d.kind === 'invoice').map((d) => [d.data.id, d.data]));
  const taxed: Taxed<L>[] = documents.flatMap((doc) => {
    const { data } = doc;
    const ctin = gstinOf(doc.partyGstin);
    if (!data.active || data.taxMode !== 'gst' || data.supplyType === null || (ctin !== null && ctin === own)) return [];
    const supply = data.supplyType;
    const lines = data.lines.map((line) => ({ line, rt: rateOf(line.gstRate), tax: lineTax(line, supply) }));
    return [{ kind: doc.kind, data, supply, pos: data.placeOfSupply ?? home, ctin, bucket: classify(doc, ctin, invoices), lines }];
  });
  return { own, home, byCounter, documents, taxed, byRate: byRateOf(new Set(rates.values())) };
};

export type Gstr1Supplies = Pick<Gstr1Json, 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'nil'>;

/** The sections of supplies: b2b, b2cl, b2cs, cdnr, cdnur and table 8. */
const suppliesOf = ({ home, taxed, byRate }: ReturnType<typeof prepare<SupplyLine>>): Gstr1Supplies => {
  // A document without taxable lines is in table 8 alone (and in the HSN summary).
  const inBucket = (bucket: Bucket) => taxed.filter((t) => t.bucket === bucket && (bucket === 'b2cs' || taxable(t.lines).length > 0));
  const head = (t: Taxed) => ({ val: money(abs(toPaise(t.data.totalAmount))), pos: t.pos });
  const noteHead = (t: Taxed) => ({ ntty: 'C' as const, nt_num: t.data.number, nt_dt: gstDate(t.data.date), ...head(t) });
  return {
    b2b: groupBy(inBucket('b2b'), (t) => t.ctin ?? '', (ctin, group) => ({
      ctin,
      inv: group.map((t) => ({ inum: t.data.number, idt: gstDate(t.data.date), ...head(t), rchrg: yn(t.data.reverseCharge), inv_typ: 'R' as const, itms: items(t, byRate, full) })),
    })),
    b2cl: groupBy(inBucket('b2cl'), (t) => t.pos, (pos, group) => ({
      pos,
      inv: group.map((t) => ({ inum: t.data.number, idt: gstDate(t.data.date), val: head(t).val, itms: items(t, byRate, igst) })),
    })),
    b2cs: b2csRows(inBucket('b2cs'), home, byRate),
    cdnr: groupBy(inBucket('cdnr'), (t) => t.ctin ?? '', (ctin, group) => ({
      ctin,
      nt: group.map((t) => ({ ...noteHead(t), rchrg: yn(t.data.reverseCharge), inv_typ: 'R' as const, itms: items(t, byRate, full) })),
    })),
    cdnur: inBucket('cdnur').map((t) => ({ typ: 'B2CL' as const, ...noteHead(t), itms: items(t, byRate, igst) })),
    nil: { inv: nilRows(taxed, home) },
  };
};

/** GSTR-1's sections of supplies alone, as `gstr1` writes them: what the tie-out totals (no HSN summary or document ranges to build). */
export const gstr1Supplies = (input: Gstr1Input<SupplyLine>): Gstr1Supplies => suppliesOf(prepare(input));

/** The month's GSTR-1 as the GST portal takes it (see the module comment for what goes where). */
export const gstr1 = (input: Gstr1Input): Gstr1Json => {
  const month = prepare(input);
  const { taxed, byRate } = month;
  const hsn: Gstr1HsnTable = hsnSplit(`${input.year}-${String(input.month).padStart(2, '0')}-01`)
    ? { hsn_b2b: hsnRows(taxed.filter((t) => t.ctin !== null), byRate), hsn_b2c: hsnRows(taxed.filter((t) => t.ctin === null), byRate) }
    : { data: hsnRows(taxed, byRate) };
  return { gstin: month.own, fp: `${String(input.month).padStart(2, '0')}${input.year}`, ...suppliesOf(month), hsn, doc_issue: docIssue(month.documents, month.byCounter) };
};
