import { fromPaise, toPaise } from '../money';
import type { Gstr1Document, Gstr1Supplies } from './gstr1';
import { inReturns, type InwardDocument, outwardShare, inwardShare } from './gstr3b';
import type { Gstr3bJson } from './gstr3b-json';
import type { SupplyLine } from './return-lines';

/**
 * The tie-out before filing: for a month, the books (the journal's Sales, Sales Returns and Output
 * GST accounts; its Input GST accounts) beside GSTR-1 (its sections' totals) and GSTR-3B, per head.
 * Each source is also split by document; a document whose figures differ between the sources is
 * named with the reason, or marked unexplained. Ready to file only when nothing is unexplained.
 */
export const TIE_OUT_HEADS = ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const;
export type TieOutHead = (typeof TIE_OUT_HEADS)[number];
export type Figures = Readonly<Record<TieOutHead, string>>;

/** What a document posted to the journal in the month, per head (a voucher's stream: `sales-invoice-7`). */
export interface BooksEntry {
  readonly stream: string;
  readonly voucherType: string;
  readonly voucherNumber: string | null;
  readonly date: string;
  readonly figures: Figures;
}

export type TiedOutward<L extends SupplyLine = SupplyLine> = Gstr1Document<L> & { readonly stream: string };
export type TiedInward = InwardDocument & { readonly stream: string };

export interface TieOutInput {
  readonly gstin: string;
  readonly outward: readonly TiedOutward[];
  readonly inward: readonly TiedInward[];
  /** GSTR-1's sections of supplies (the whole return will do). */
  readonly gstr1: Gstr1Supplies;
  readonly gstr3b: Gstr3bJson;
  /** The month's journal: outward accounts (taxable = Sales + Sales Returns, tax = Output GST). */
  readonly booksOutward: readonly BooksEntry[];
  /** The month's journal: Input GST accounts (taxable 0). */
  readonly booksInput: readonly BooksEntry[];
  /** The bills the input tax credit seam counts, by stream, per head. */
  readonly itcBills: readonly { readonly stream: string; readonly igst: string; readonly cgst: string; readonly sgst: string; readonly cess: string }[];
  /** The stream prefixes of the documents the returns read (`sales-invoice`…): another voucher is a journal entry. */
  readonly documentStreams: readonly string[];
}

export const TIE_OUT_REASONS = ['journal-entry', 'tax-by-hand', 'own-gstin', 'reverse-charge', 'other-period', 'credit-not-counted', 'unexplained'] as const;
export type TieOutReason = (typeof TIE_OUT_REASONS)[number];

export interface TieOutDifference {
  /** The document (`sales-invoice-7`), or null for a difference no document accounts for. */
  readonly stream: string | null;
  readonly document: string;
  readonly date: string | null;
  readonly reason: TieOutReason;
  readonly explained: boolean;
  readonly books: Figures;
  /** Null on the input side (GSTR-1 has none). */
  readonly gstr1: Figures | null;
  readonly gstr3b: Figures;
}

export interface TieOutSide {
  readonly books: Figures;
  readonly gstr1: Figures | null;
  readonly gstr3b: Figures;
  readonly differences: readonly TieOutDifference[];
}

export interface TieOut {
  readonly ready: boolean;
  readonly outward: TieOutSide;
  readonly input: TieOutSide;
}

/** In whole paise (every figure is already to the paisa, so sums in paise are exact). */
type Sums = Record<TieOutHead, bigint>;
type Amount = bigint | string | number;
/** A figure in paise: a return's JSON number ('12.5' as written) or money text. */
const paiseOf = (x: Amount | undefined) => (typeof x === 'bigint' ? x : x === undefined ? 0n : toPaise(String(x)));
const none = (): Sums => ({ taxable: 0n, igst: 0n, cgst: 0n, sgst: 0n, cess: 0n });
const plus = (a: Sums, b: Partial<Record<TieOutHead, Amount>>, sign: 1 | -1 = 1): Sums => {
  const add = (h: TieOutHead) => (sign === 1 ? a[h] + paiseOf(b[h]) : a[h] - paiseOf(b[h]));
  return { taxable: add('taxable'), igst: add('igst'), cgst: add('cgst'), sgst: add('sgst'), cess: add('cess') };
};
/** `to` += `from` × sign, in place (a month's sums over 10,000 documents: one object, not one per document). */
const addTo = (to: Sums, from: Sums, sign: 1 | -1 = 1) => {
  for (const h of TIE_OUT_HEADS) to[h] += sign === 1 ? from[h] : -from[h];
};
const shown = (s: Sums): Figures => ({ taxable: fromPaise(s.taxable), igst: fromPaise(s.igst), cgst: fromPaise(s.cgst), sgst: fromPaise(s.sgst), cess: fromPaise(s.cess) });
const same = (a: Sums, b: Sums) => a.taxable === b.taxable && a.igst === b.igst && a.cgst === b.cgst && a.sgst === b.sgst && a.cess === b.cess;
const fromFigures = (f: Figures) => plus(none(), f);
/** A return's sums by its own heads (a share's, in paise) → the tie-out's; `extra` taxable value added. */
const ofSums = (s: { readonly txval: bigint; readonly iamt: bigint; readonly camt: bigint; readonly samt: bigint }, extra = 0n): Sums => ({
  taxable: s.txval + extra,
  igst: s.iamt,
  cgst: s.camt,
  sgst: s.samt,
  cess: 0n,
});
type Item = { readonly txval: Amount; readonly iamt: Amount; readonly camt?: Amount; readonly samt?: Amount; readonly csamt?: number };
const ofItem = (i: Item) => ({ taxable: i.txval, igst: i.iamt, cgst: i.camt ?? 0, sgst: i.samt ?? 0, cess: i.csamt ?? 0 });

/** GSTR-1's totals from its sections: B2B + B2CL + B2CS + table 8 − CDNR − CDNUR. */
const gstr1Totals = (g: Gstr1Supplies): Sums => {
  const s = none();
  const add = (i: Item, sign: 1 | -1 = 1) => addTo(s, { taxable: paiseOf(i.txval), igst: paiseOf(i.iamt), cgst: paiseOf(i.camt), sgst: paiseOf(i.samt), cess: paiseOf(i.csamt) }, sign);
  for (const x of g.b2b) for (const v of x.inv) for (const i of v.itms) add(i.itm_det);
  for (const x of g.b2cl) for (const v of x.inv) for (const i of v.itms) add(i.itm_det);
  for (const r of g.b2cs) add(r);
  for (const r of g.nil.inv) s.taxable += paiseOf(r.nil_amt) + paiseOf(r.expt_amt) + paiseOf(r.ngsup_amt);
  for (const x of g.cdnr) for (const v of x.nt) for (const i of v.itms) add(i.itm_det, -1);
  for (const v of g.cdnur) for (const i of v.itms) add(i.itm_det, -1);
  return s;
};

/** GSTR-3B's outward totals: 3.1(a) + (b) with tax; (c) and (e) value only. */
const gstr3bOutward = (g: Gstr3bJson): Sums => {
  const { osup_det: a, osup_zero: b, osup_nil_exmp: c, osup_nongst: e } = g.sup_details;
  return plus(plus(none(), ofItem(a)), { taxable: paiseOf(b.txval) + paiseOf(c.txval) + paiseOf(e.txval), igst: b.iamt, cess: b.csamt });
};

/** 'Sales Invoice INV/7' (the journal's words for it), else the document's kind and number. */
const nameOf = (doc: { readonly kind: string; readonly data: { readonly number: string } } | undefined, entry: BooksEntry | undefined) =>
  `${entry?.voucherType ?? doc?.kind ?? ''} ${doc?.data.number ?? entry?.voucherNumber ?? ''}`.trim();

/** A document's name, date and why the sources differ on it (worked out only for a document they differ on). */
interface Named {
  readonly document: string;
  readonly date: string | null;
  readonly reason: TieOutReason;
}

interface Attributed {
  readonly stream: string;
  readonly books: Sums;
  readonly gstr1: Sums | null;
  readonly gstr3b: Sums;
  readonly named: () => Named;
}

const side = (totals: { books: Sums; gstr1: Sums | null; gstr3b: Sums }, docs: readonly Attributed[]): TieOutSide => {
  const differences: TieOutDifference[] = [];
  // What the documents do not account for: a source's total less the sum of its documents.
  const rest = { books: { ...totals.books }, gstr1: totals.gstr1 && { ...totals.gstr1 }, gstr3b: { ...totals.gstr3b } };
  for (const d of docs) {
    addTo(rest.books, d.books, -1);
    addTo(rest.gstr3b, d.gstr3b, -1);
    if (rest.gstr1 && d.gstr1) addTo(rest.gstr1, d.gstr1, -1);
    if (same(d.books, d.gstr3b) && (d.gstr1 === null || same(d.books, d.gstr1))) continue;
    const { document, date, reason } = d.named();
    differences.push({ stream: d.stream, document, date, reason, explained: reason !== 'unexplained', books: shown(d.books), gstr1: d.gstr1 && shown(d.gstr1), gstr3b: shown(d.gstr3b) });
  }
  const zero = none();
  if (!same(rest.books, zero) || !same(rest.gstr3b, zero) || (rest.gstr1 && !same(rest.gstr1, zero))) {
    differences.push({ stream: null, document: 'not traced to a document', date: null, reason: 'unexplained', explained: false, books: shown(rest.books), gstr1: rest.gstr1 && shown(rest.gstr1), gstr3b: shown(rest.gstr3b) });
  }
  return { books: shown(totals.books), gstr1: totals.gstr1 && shown(totals.gstr1), gstr3b: shown(totals.gstr3b), differences };
};

/** Why a document's books differ from its returns, from what it is (in the order a reader would check). */
const reasonOf = (doc: { readonly data: TiedOutward['data']; readonly partyGstin: string | null } | undefined, own: string, isDocument: boolean): TieOutReason => {
  if (!doc) return isDocument ? 'other-period' : 'journal-entry';
  if (doc.data.taxMode !== 'gst' || doc.data.supplyType === null) return 'tax-by-hand';
  if (!inReturns(doc.data, doc.partyGstin, own) && doc.data.active) return 'own-gstin';
  if (doc.data.reverseCharge) return 'reverse-charge';
  return 'unexplained';
};

/** The month's tie-out (see the module comment). */
export const tieOut = (input: TieOutInput): TieOut => {
  const own = input.gstin;
  const isDocument = (stream: string) => input.documentStreams.some((prefix) => stream.startsWith(`${prefix}-`));
  // Each entry's figures in paise, worked out once (its document's row and the side's total both read them).
  const booksOf = (entries: readonly BooksEntry[]) => {
    const booked = entries.map((entry) => ({ entry, sums: fromFigures(entry.figures) }));
    const total = none();
    for (const { sums } of booked) addTo(total, sums);
    return Object.assign(new Map(booked.map((b) => [b.entry.stream, b])), { total });
  };
  const outBooks = booksOf(input.booksOutward);
  const outDocs = new Map(input.outward.map((d) => [d.stream, d]));
  const outward = [...new Set([...outDocs.keys(), ...outBooks.keys()])].map((stream): Attributed => {
    const doc = outDocs.get(stream);
    const booked = outBooks.get(stream);
    const entry = booked?.entry;
    const share = doc ? outwardShare(doc, own) : null;
    return {
      stream,
      books: booked ? booked.sums : none(),
      gstr1: share ? ofSums(share.gstr1) : none(),
      gstr3b: share ? ofSums(share.taxable, share.nilExempt + share.nonGst) : none(),
      named: () => ({ document: nameOf(doc, entry), date: doc?.data.date ?? entry?.date ?? null, reason: reasonOf(doc, own, isDocument(stream)) }),
    };
  });
  const inBooks = booksOf(input.booksInput);
  const inDocs = new Map(input.inward.map((d) => [d.stream, d]));
  const counted = new Map(input.itcBills.map((b) => [b.stream, b]));
  const inward = [...new Set([...inDocs.keys(), ...inBooks.keys(), ...counted.keys()])].map((stream): Attributed => {
    const doc = inDocs.get(stream);
    const booked = inBooks.get(stream);
    const entry = booked?.entry;
    const share = doc ? inwardShare(doc, own) : null;
    const bill = counted.get(stream);
    const rcm = share ? { igst: share.reverseCharge.iamt, cgst: share.reverseCharge.camt, sgst: share.reverseCharge.samt } : {};
    return {
      stream,
      books: booked ? booked.sums : none(),
      gstr1: null,
      gstr3b: plus(plus(none(), rcm), bill ?? {}),
      named: () => {
        const reason = reasonOf(doc, own, isDocument(stream));
        return { document: nameOf(doc, entry), date: doc?.data.date ?? entry?.date ?? null, reason: doc && reason === 'unexplained' && !bill ? 'credit-not-counted' : reason };
      },
    };
  });
  const net = input.gstr3b.itc_elg.itc_net;
  const outSide = side({ books: outBooks.total, gstr1: gstr1Totals(input.gstr1), gstr3b: gstr3bOutward(input.gstr3b) }, outward);
  const inSide = side({ books: inBooks.total, gstr1: null, gstr3b: plus(none(), { igst: net.iamt, cgst: net.camt, sgst: net.samt, cess: net.csamt }) }, inward);
  const ready = [...outSide.differences, ...inSide.differences].every((d) => d.explained);
  return { ready, outward: outSide, input: inSide };
};
