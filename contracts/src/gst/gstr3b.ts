import { fromPaise, toPaise } from '../money';
import type { Gstr1Document } from './gstr1';
import type { ReturnData, SupplyLine } from './return-lines';
import type { Gstr3bAmounts, Gstr3bItcRow, Gstr3bJson, Gstr3bPos } from './gstr3b-json';
import { type ByHead, type GstPayment, gstPayment } from './set-off';

export type * from './gstr3b-json';

/**
 * GSTR-3B for a month from the books, as the GST portal's offline utility takes it (keys and layout
 * of india-compliance's gstr_3b_report_template.json: sup_details, inter_sup, itc_elg, inward_sup,
 * eco_dtls; amounts to 2 decimals). The outward side reads the month's sales invoices less credit
 * notes with the rules GSTR-1 uses (an active document priced with GST, not to our own GSTIN);
 * the inward side reads purchase bills less debit notes; input tax credit comes from one seam
 * (`itc`). The business charges no cess, so every cess figure is 0.
 *
 * - 3.1(a) taxable lines (not on reverse charge): taxable value and tax per head;
 * - 3.1(b) zero-rated: 0 — exports and SEZ supplies are not modelled (GSTR-1 has no exp section);
 * - 3.1(c) nil-rated and exempt lines, and the taxable value of sales on which the customer pays
 *   the tax on reverse charge (CGST Act s.9(3): none of it is ours to pay);
 * - 3.1(d) purchases on reverse charge: taxable value and tax; 3.1(e) non-GST lines;
 * - 3.2 taxable sales across states to unregistered buyers, by place of supply;
 * - 4(A)(3) the tax on purchases on reverse charge; 4(A)(5) the seam's credit; a head whose debit
 *   notes exceed its bills is credit to reverse: 4(B)(2); 4(C) = 4(A) − 4(B);
 * - 5 purchases' nil-rated and exempt (GST) and non-GST lines, across states or within;
 * - 6.1 the set-off in the legal order (`gstPayment`), the rest in cash.
 */
export interface Gstr3bInput {
  readonly gstin: string;
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  /** Sales invoices and credit notes dated in the month, active or not. */
  readonly outward: readonly Gstr1Document<SupplyLine>[];
  /** Purchase bills and debit notes dated in the month, active or not. */
  readonly inward: readonly InwardDocument[];
  /** The month's input tax credit per head (4(A)(5)): what `itcForPeriod` counts. */
  readonly itc: Itc;
}

export interface InwardDocument {
  readonly kind: 'bill' | 'debit-note';
  readonly data: ReturnData<SupplyLine>;
  readonly partyGstin: string | null;
}

/** Input tax credit per head; below zero when debit notes exceed bills. */
export interface Itc {
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly cess: string;
}

export interface Gstr3b {
  readonly json: Gstr3bJson;
  /** Table 6.1: output tax (3.1(a), (b)) against the net credit, in the legal order; cash per head. */
  readonly payment: GstPayment;
}

/** In whole paise (every figure is already to the paisa, so sums in paise are exact). */
type Sums = { txval: bigint; iamt: bigint; camt: bigint; samt: bigint };
const zero = (): Sums => ({ txval: 0n, iamt: 0n, camt: 0n, samt: 0n });
const add = (to: Sums, from: Sums, sign: 1 | -1) => {
  for (const k of ['txval', 'iamt', 'camt', 'samt'] as const) to[k] = sign === 1 ? to[k] + from[k] : to[k] - from[k];
};
/** A JSON amount from paise: a number (never −0). */
const amount = (x: bigint): number => Number(fromPaise(x)) || 0;
const gstinOf = (gstin: string | null) => gstin?.trim().toUpperCase() || null;

/** What one outward document adds to the return's outward tables (a credit note: subtracts). */
export interface OutwardShare {
  /** 3.1(a). */
  readonly taxable: Sums;
  /** 3.1(c): nil-rated, exempt, and sales on reverse charge (their taxable value). */
  readonly nilExempt: bigint;
  /** 3.1(e). */
  readonly nonGst: bigint;
  /** 3.2: a taxable inter-state sale to an unregistered buyer, at its place of supply. */
  readonly unregistered: { readonly pos: string; readonly sums: Sums } | null;
  /** What the same document puts in GSTR-1 (tax on reverse charge included, as table 4B has it). */
  readonly gstr1: Sums;
}

/** Whether a return reads a document at all: active, priced with GST by rate, not to (from) our own GSTIN. */
export const inReturns = (data: Pick<ReturnData, 'active' | 'taxMode' | 'supplyType'>, partyGstin: string | null, ownGstin: string) =>
  data.active && data.taxMode === 'gst' && data.supplyType !== null && gstinOf(partyGstin) !== gstinOf(ownGstin);

const lineSums = (data: Pick<ReturnData, 'supplyType'>, line: SupplyLine): Sums => ({
  txval: toPaise(line.taxableValue),
  iamt: data.supplyType === 'inter' ? toPaise(line.igst) : 0n,
  camt: data.supplyType === 'intra' ? toPaise(line.cgst) : 0n,
  samt: data.supplyType === 'intra' ? toPaise(line.sgst) : 0n,
});

/**
 * Each document's share, worked out once for a GSTIN: GSTR-3B and the tie-out both read it (a
 * month has 10,000 documents; a document as read is never changed).
 */
const shares = new WeakMap<Gstr1Document<SupplyLine>, { readonly own: string; readonly share: OutwardShare | null }>();

/** One outward document's share of 3.1 and 3.2 (null when no return reads it). */
export const outwardShare = (doc: Gstr1Document<SupplyLine>, ownGstin: string): OutwardShare | null => {
  const known = shares.get(doc);
  if (known?.own === ownGstin) return known.share;
  const share = shareOf(doc, ownGstin);
  shares.set(doc, { own: ownGstin, share });
  return share;
};

const shareOf = (doc: Gstr1Document<SupplyLine>, ownGstin: string): OutwardShare | null => {
  const { data } = doc;
  if (!inReturns(data, doc.partyGstin, ownGstin)) return null;
  const sign = doc.kind === 'invoice' ? 1 : -1;
  const taxable = zero();
  const gstr1 = zero();
  let nilExempt = 0n;
  let nonGst = 0n;
  for (const line of data.lines) {
    const sums = lineSums(data, line);
    add(gstr1, sums, sign);
    const txval = sign === 1 ? sums.txval : -sums.txval;
    if (line.gstCategory === 'non-gst') nonGst += txval;
    else if (line.gstCategory !== 'taxable' || data.reverseCharge) nilExempt += txval;
    else add(taxable, sums, sign);
  }
  const home = ownGstin.slice(0, 2);
  const pos = data.placeOfSupply ?? home;
  const toUnregistered = !gstinOf(doc.partyGstin) && data.supplyType === 'inter' && taxable.txval !== 0n;
  return { taxable, nilExempt, nonGst, unregistered: toUnregistered ? { pos, sums: taxable } : null, gstr1 };
};

/** One inward document's share of 3.1(d) and table 5 (null when no return reads it). */
export const inwardShare = (doc: InwardDocument, ownGstin: string) => {
  const { data } = doc;
  if (!inReturns(data, doc.partyGstin, ownGstin)) return null;
  const sign = doc.kind === 'bill' ? 1 : -1;
  const reverseCharge = zero();
  const exempt = { gst: 0n, nonGst: 0n };
  for (const line of data.lines) {
    const sums = lineSums(data, line);
    const txval = sign === 1 ? sums.txval : -sums.txval;
    if (line.gstCategory === 'taxable') {
      if (data.reverseCharge) add(reverseCharge, sums, sign);
    } else if (line.gstCategory === 'non-gst') exempt.nonGst += txval;
    else exempt.gst += txval;
  }
  return { reverseCharge, exempt, inter: data.supplyType === 'inter' };
};

const amounts = (s: Sums): Gstr3bAmounts => ({ txval: amount(s.txval), iamt: amount(s.iamt), camt: amount(s.camt), samt: amount(s.samt), csamt: 0 });
const itcRow = <T extends string>(ty: T, h: { iamt: bigint; camt: bigint; samt: bigint; csamt: bigint }): Gstr3bItcRow<T> => ({
  ty,
  iamt: amount(h.iamt),
  camt: amount(h.camt),
  samt: amount(h.samt),
  csamt: amount(h.csamt),
});
const NIL = { iamt: 0n, camt: 0n, samt: 0n, csamt: 0n };
const positive = (x: bigint) => (x > 0n ? x : 0n);
const negativePart = (x: bigint) => (x < 0n ? -x : 0n);

/** The month's GSTR-3B (see the interface comment for what goes where). */
export const gstr3b = (input: Gstr3bInput): Gstr3b => {
  const own = gstinOf(input.gstin) ?? '';
  const taxable = zero();
  let nilExempt = 0n;
  let nonGst = 0n;
  const unregistered = new Map<string, Sums>();
  for (const doc of input.outward) {
    const share = outwardShare(doc, own);
    if (!share) continue;
    add(taxable, share.taxable, 1);
    nilExempt += share.nilExempt;
    nonGst += share.nonGst;
    if (share.unregistered) {
      const row = unregistered.get(share.unregistered.pos) ?? zero();
      add(row, share.unregistered.sums, 1);
      unregistered.set(share.unregistered.pos, row);
    }
  }
  const reverseCharge = zero();
  const exempt = { gst: { inter: 0n, intra: 0n }, nonGst: { inter: 0n, intra: 0n } };
  for (const doc of input.inward) {
    const share = inwardShare(doc, own);
    if (!share) continue;
    add(reverseCharge, share.reverseCharge, 1);
    const side = share.inter ? 'inter' : 'intra';
    exempt.gst[side] += share.exempt.gst;
    exempt.nonGst[side] += share.exempt.nonGst;
  }
  const itc = { iamt: toPaise(input.itc.igst), camt: toPaise(input.itc.cgst), samt: toPaise(input.itc.sgst), csamt: toPaise(input.itc.cess) };
  const rcm = { iamt: positive(reverseCharge.iamt), camt: positive(reverseCharge.camt), samt: positive(reverseCharge.samt), csamt: 0n };
  const other = { iamt: positive(itc.iamt), camt: positive(itc.camt), samt: positive(itc.samt), csamt: positive(itc.csamt) };
  const reversed = {
    iamt: negativePart(itc.iamt) + negativePart(reverseCharge.iamt),
    camt: negativePart(itc.camt) + negativePart(reverseCharge.camt),
    samt: negativePart(itc.samt) + negativePart(reverseCharge.samt),
    csamt: negativePart(itc.csamt),
  };
  const net = (k: keyof typeof NIL) => rcm[k] + other[k] - reversed[k];
  const pos: Gstr3bPos[] = [...unregistered]
    .filter(([, s]) => !(s.txval === 0n && s.iamt === 0n))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([p, s]) => ({ pos: p, txval: amount(s.txval), iamt: amount(s.iamt) }));
  const json: Gstr3bJson = {
    gstin: own,
    ret_period: `${String(input.month).padStart(2, '0')}${input.year}`,
    sup_details: {
      osup_det: amounts(taxable),
      osup_zero: { txval: 0, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: amount(nilExempt) },
      isup_rev: amounts(reverseCharge),
      osup_nongst: { txval: amount(nonGst) },
    },
    inter_sup: { unreg_details: pos, comp_details: [], uin_details: [] },
    itc_elg: {
      itc_avl: [itcRow('IMPG', NIL), itcRow('IMPS', NIL), itcRow('ISRC', rcm), itcRow('ISD', NIL), itcRow('OTH', other)],
      itc_rev: [itcRow('RUL', NIL), itcRow('OTH', reversed)],
      itc_net: { iamt: amount(net('iamt')), camt: amount(net('camt')), samt: amount(net('samt')), csamt: amount(net('csamt')) },
      itc_inelg: [itcRow('RUL', NIL), itcRow('OTH', NIL)],
    },
    inward_sup: {
      isup_details: [
        { ty: 'GST', inter: amount(exempt.gst.inter), intra: amount(exempt.gst.intra) },
        { ty: 'NONGST', inter: amount(exempt.nonGst.inter), intra: amount(exempt.nonGst.intra) },
      ],
    },
    eco_dtls: { eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 }, eco_reg_sup: { txval: 0 } },
  };
  const heads = (s: { iamt: bigint; camt: bigint; samt: bigint }): ByHead<string> => ({ igst: fromPaise(s.iamt), cgst: fromPaise(s.camt), sgst: fromPaise(s.samt) });
  return { json, payment: gstPayment(heads(taxable), heads(itc), heads(reverseCharge)) };
};
