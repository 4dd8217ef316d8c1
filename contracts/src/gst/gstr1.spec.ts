import { describe, expect, it } from 'vitest';

import type { Unit } from '../constants';
import type { InvoiceData } from '../documents/invoice-kind';
import type { LineBody } from '../documents/lines';
import { priceDocument } from '../documents/pricing';
import { subtractMoney, sumMoney } from '../money';
import { b2clLimit, type Gstr1Document as ReturnDocument, type Gstr1Hsn, type Gstr1Json, GSTR1_SECTIONS, gstr1, gstr1Csv, gstr1Sections } from './gstr1';
import type { GstCategory } from './tax';

/** A document as recorded (its whole data: the checks below read its totals too). */
type Gstr1Document = ReturnDocument & { readonly data: InvoiceData };

// The business: Maharashtra (27). Customers: one in Maharashtra, one in Karnataka (29).
const OWN = '27AAPFU0939F1ZV';
const MH = '27ABCPT5678L1ZV';
const KA = '29AAPFU0939F1ZR';
const business = { state: '27', gstin: OWN, taxpayerType: 'regular' as const };

interface LineSpec {
  readonly name: string;
  readonly qty: string;
  readonly rate: string;
  readonly gst: string;
  readonly hsn?: string | null;
  readonly unit?: Unit | null;
  readonly discount?: string;
  readonly category?: GstCategory;
}
interface DocSpec {
  readonly kind?: Gstr1Document['kind'];
  readonly id?: number;
  readonly number: string;
  readonly date: string;
  /** The customer's GSTIN; none: unregistered. */
  readonly party?: string | null;
  /** An unregistered customer's state. */
  readonly pos?: string | null;
  /** A credit note: its invoice's place of supply. */
  readonly invoicePos?: string;
  readonly lines: readonly LineSpec[];
  readonly active?: boolean;
  readonly taxMode?: 'gst' | 'manual';
  readonly series?: string | null;
  readonly againstId?: number | null;
  readonly reverseCharge?: boolean;
}

const lineOf = (l: LineSpec): LineBody => ({
  itemId: null,
  itemName: l.name,
  description: null,
  hsn: l.hsn === undefined ? '8516' : l.hsn,
  unit: l.unit === undefined ? 'PC' : l.unit,
  quantity: l.qty,
  rate: l.rate,
  discount: l.discount ?? '0.00',
  gstRate: l.gst,
  gstCategory: l.category ?? null,
  sourceLineNo: null,
});

let ids = 0;
/** A document priced the way the decider prices it (`priceDocument`, sales side). */
const doc = (spec: DocSpec): Gstr1Document => {
  const taxMode = spec.taxMode ?? 'gst';
  const party = spec.party ?? null;
  const input = { taxMode, taxAmount: '10.00', placeOfSupply: spec.pos ?? null, reverseCharge: spec.reverseCharge ?? false, lines: spec.lines.map(lineOf), invoicePlaceOfSupply: spec.invoicePos ?? null };
  const priced = priceDocument('sales', input, business, party);
  if (!priced) throw new Error('unpriced');
  return {
    kind: spec.kind ?? 'invoice',
    partyGstin: party,
    series: spec.series === undefined ? 'INV/' : spec.series,
    data: {
      id: spec.id ?? ++ids,
      partyId: 1,
      number: spec.number,
      date: spec.date,
      dueDate: null,
      texts: {},
      active: spec.active ?? true,
      taxMode,
      againstId: spec.againstId ?? null,
      againstNumber: null,
      ...priced,
    },
  };
};
const month = (documents: readonly Gstr1Document[], year = 2026, m = 4) => gstr1({ gstin: OWN, year, month: m, documents });

// The GST issue's worked example (gst.spec.ts): intra-state, three rates.
const example: LineSpec[] = [
  { name: 'Tea', hsn: '0902', unit: 'KG', qty: '2', rate: '50.05', gst: '5' },
  { name: 'Notebooks', hsn: '4820', qty: '7', rate: '33.13', gst: '12' },
  { name: 'Electric kettle', hsn: '8516', qty: '3', rate: '411.59', gst: '18' },
];

type Figures = { txval: number; iamt?: number; camt?: number; samt?: number };
const KEYS = ['txval', 'iamt', 'camt', 'samt'] as const;
/** Σ of each figure, as money strings (exact: the numbers have at most 2 decimals). */
const totals = (rows: readonly Figures[]) => Object.fromEntries(KEYS.map((k) => [k, sumMoney(rows.map((r) => r[k] ?? 0))]));
const minus = (a: Record<string, string>, b: Record<string, string>) => Object.fromEntries(KEYS.map((k) => [k, subtractMoney(a[k] ?? 0, b[k] ?? 0)]));
/** The HSN tables of a return from May 2025 (split into B2B and B2C). */
const split = (json: Gstr1Json) => {
  if (!('hsn_b2b' in json.hsn)) throw new Error(`one HSN table in ${json.fp}`);
  return json.hsn;
};
/** The one HSN table of a return before May 2025. */
const single = (json: Gstr1Json): readonly Gstr1Hsn[] => {
  if (!('data' in json.hsn)) throw new Error(`two HSN tables in ${json.fp}`);
  return json.hsn.data;
};
/** Table 8's taxable values of supplies to registered (B2B) or unregistered (B2C) persons, as `txval`. */
const nilOf = (json: Gstr1Json, to: 'B2B' | 'B2C') =>
  json.nil.inv.filter((r) => r.sply_ty.endsWith(to)).map((r) => ({ txval: Number(sumMoney([r.nil_amt, r.expt_amt, r.ngsup_amt])) }));
const details = (json: Gstr1Json) => ({
  b2b: json.b2b.flatMap((g) => g.inv.flatMap((i) => i.itms.map((t) => t.itm_det))),
  b2cl: json.b2cl.flatMap((g) => g.inv.flatMap((i) => i.itms.map((t) => t.itm_det))),
  cdnr: json.cdnr.flatMap((g) => g.nt.flatMap((n) => n.itms.map((t) => t.itm_det))),
  cdnur: json.cdnur.flatMap((n) => n.itms.map((t) => t.itm_det)),
});

describe('gstr1: the return of outward supplies, from one month of sales documents', () => {
  it('a worked month: intra- and inter-state B2B, one item per rate, fp and dates as the portal writes them', () => {
    const json = month([
      doc({ number: 'INV/1', date: '2026-04-02', party: MH, lines: example }),
      doc({ number: 'INV/2', date: '2026-04-15', party: KA, lines: [{ name: 'Kettle', qty: '1', rate: '1000', gst: '18' }] }),
    ]);
    expect(json.gstin).toBe(OWN);
    expect(json.fp).toBe('042026');
    expect(json.b2b).toEqual([
      {
        ctin: MH,
        inv: [
          {
            inum: 'INV/1',
            idt: '02-04-2026',
            val: 1822,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: { txval: 100.1, rt: 5, iamt: 0, camt: 2.5, samt: 2.5, csamt: 0 } },
              { num: 2, itm_det: { txval: 231.91, rt: 12, iamt: 0, camt: 13.91, samt: 13.91, csamt: 0 } },
              { num: 3, itm_det: { txval: 1234.77, rt: 18, iamt: 0, camt: 111.13, samt: 111.13, csamt: 0 } },
            ],
          },
        ],
      },
      {
        ctin: KA,
        inv: [
          {
            inum: 'INV/2',
            idt: '15-04-2026',
            val: 1180,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 180, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect([json.b2cl, json.b2cs, json.cdnr, json.cdnur, split(json).hsn_b2c]).toEqual([[], [], [], [], []]);
    expect(split(json).hsn_b2b).toEqual([
      { num: 1, hsn_sc: '0902', desc: 'Tea', uqc: 'KGS', qty: 2, rt: 5, txval: 100.1, iamt: 0, camt: 2.5, samt: 2.5, csamt: 0 },
      { num: 2, hsn_sc: '4820', desc: 'Notebooks', uqc: 'PCS', qty: 7, rt: 12, txval: 231.91, iamt: 0, camt: 13.91, samt: 13.91, csamt: 0 },
      { num: 3, hsn_sc: '8516', desc: 'Electric kettle', uqc: 'PCS', qty: 4, rt: 18, txval: 2234.77, iamt: 180, camt: 111.13, samt: 111.13, csamt: 0 },
    ]);
    expect(totals(details(json).b2b)).toEqual(totals(split(json).hsn_b2b));
    expect(gstr1({ gstin: OWN, year: 2027, month: 1, documents: [] }).fp).toBe('012027');
  });

  it('two lines of one rate are summed into one item; two rates give two items; reverse charge is marked', () => {
    const json = month([
      doc({
        number: 'INV/3',
        date: '2026-04-30',
        party: MH,
        reverseCharge: true,
        lines: [
          { name: 'A', qty: '1', rate: '100', gst: '18' },
          { name: 'B', qty: '1', rate: '50.50', gst: '5' },
          { name: 'C', qty: '3', rate: '10', gst: '18' },
        ],
      }),
    ]);
    const [invoice] = json.b2b[0]?.inv ?? [];
    expect(invoice).toMatchObject({ idt: '30-04-2026', rchrg: 'Y', val: 181 });
    expect(invoice?.itms).toEqual([
      { num: 1, itm_det: { txval: 50.5, rt: 5, iamt: 0, camt: 1.26, samt: 1.26, csamt: 0 } },
      { num: 2, itm_det: { txval: 130, rt: 18, iamt: 0, camt: 11.7, samt: 11.7, csamt: 0 } },
    ]);
  });

  describe('B2CL: inter-state to an unregistered person above the limit of its date', () => {
    // ₹1.2 lakh: 101,695 + 18 % IGST 18,305.10 = 1,20,000.10 → 1,20,000.
    const large = (date: string) => doc({ number: 'INV/9', date, pos: '29', lines: [{ name: 'Machine', hsn: '8422', qty: '1', rate: '101695', gst: '18' }] });

    it('the limit is ₹2.5 lakh up to 31 July 2024 and ₹1 lakh from 1 August 2024', () => {
      expect(b2clLimit('2024-07-31')).toBe('250000.00');
      expect(b2clLimit('2024-08-01')).toBe('100000.00');
      expect(b2clLimit('2017-07-01')).toBe('250000.00');
      expect(b2clLimit('2026-04-01')).toBe('100000.00');
    });

    it('₹1.2 lakh after 1 August 2024 is B2CL, grouped by place of supply, IGST only', () => {
      const json = month([large('2024-08-10')], 2024, 8);
      expect(json.fp).toBe('082024');
      expect(json.b2cl).toEqual([
        { pos: '29', inv: [{ inum: 'INV/9', idt: '10-08-2024', val: 120000, itms: [{ num: 1, itm_det: { txval: 101695, rt: 18, iamt: 18305.1, csamt: 0 } }] }] },
      ]);
      expect(json.b2cs).toEqual([]);
      expect(totals(details(json).b2cl)).toEqual(totals(single(json)));
    });

    it('the same invoice in July 2024 is under the ₹2.5 lakh limit: B2CS', () => {
      const json = month([large('2024-07-10')], 2024, 7);
      expect(json.b2cl).toEqual([]);
      expect(json.b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', txval: 101695, rt: 18, iamt: 18305.1, camt: 0, samt: 0, csamt: 0 }]);
    });

    it('exactly at the limit, or within the state, is B2CS', () => {
      // 84,745.76 + 18 % (15,254.2368 → 15,254.24) = 1,00,000.00: not above the limit.
      const atLimit = doc({ number: 'INV/10', date: '2026-04-01', pos: '29', lines: [{ name: 'M', qty: '1', rate: '84745.76', gst: '18' }] });
      const intra = doc({ number: 'INV/11', date: '2026-04-01', lines: [{ name: 'M', qty: '1', rate: '500000', gst: '18' }] });
      const json = month([atLimit, intra]);
      expect(json.b2cl).toEqual([]);
      expect(json.b2cs.map((r) => [r.sply_ty, r.pos, r.rt])).toEqual([
        ['INTRA', '27', 18],
        ['INTER', '29', 18],
      ]);
      expect(atLimit.data.totalAmount).toBe('100000.00');
    });
  });

  it('B2CS is one row per place of supply and rate, summed over invoices', () => {
    const json = month([
      doc({ number: 'INV/1', date: '2026-04-01', lines: [{ name: 'A', qty: '1', rate: '100', gst: '18' }, { name: 'B', qty: '2', rate: '10', gst: '5' }] }),
      doc({ number: 'INV/2', date: '2026-04-02', lines: [{ name: 'A', qty: '1', rate: '200.33', gst: '18' }] }),
      doc({ number: 'INV/3', date: '2026-04-03', pos: '07', lines: [{ name: 'A', qty: '1', rate: '300', gst: '18' }] }),
      doc({ number: 'INV/4', date: '2026-04-04', pos: '07', lines: [{ name: 'A', qty: '1', rate: '50', gst: '18' }] }),
    ]);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '07', typ: 'OE', txval: 350, rt: 18, iamt: 63, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', txval: 20, rt: 5, iamt: 0, camt: 0.5, samt: 0.5, csamt: 0 },
      // 18.03 per half on 200.33 (18.0297 → 18.03) plus 9.00 on 100.
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', txval: 300.33, rt: 18, iamt: 0, camt: 27.03, samt: 27.03, csamt: 0 },
    ]);
    expect(totals(json.b2cs)).toEqual(totals(split(json).hsn_b2c));
  });

  describe('credit notes', () => {
    const invoice = doc({ id: 100, number: 'INV/1', date: '2026-04-01', party: KA, lines: example });
    const note = doc({ kind: 'credit-note', series: 'CN/', number: 'CN/1', date: '2026-04-20', party: KA, againstId: 100, lines: [example[2] as LineSpec] });

    it('to a registered party: CDNR by GSTIN, positive, and subtracted from HSN-B2B', () => {
      const json = month([invoice, note]);
      expect(json.cdnr).toEqual([
        {
          ctin: KA,
          nt: [
            {
              ntty: 'C',
              nt_num: 'CN/1',
              nt_dt: '20-04-2026',
              val: 1457,
              pos: '29',
              rchrg: 'N',
              inv_typ: 'R',
              itms: [{ num: 1, itm_det: { txval: 1234.77, rt: 18, iamt: 222.26, camt: 0, samt: 0, csamt: 0 } }],
            },
          ],
        },
      ]);
      expect(split(json).hsn_b2b.map((r) => [r.hsn_sc, r.qty, r.txval])).toEqual([
        ['0902', 2, 100.1],
        ['4820', 7, 231.91],
      ]);
      const { b2b, cdnr } = details(json);
      expect(minus(totals(b2b), totals(cdnr))).toEqual(totals(split(json).hsn_b2b));
      expect(json.b2cs).toEqual([]);
    });

    it('to an unregistered party, not B2CL-sized: netted in its B2CS row and in HSN-B2C', () => {
      const sale = doc({ number: 'INV/5', date: '2026-04-01', lines: [{ name: 'Kettle', qty: '3', rate: '1000', gst: '18' }] });
      const refund = doc({ kind: 'credit-note', series: 'CN/', number: 'CN/2', date: '2026-04-09', lines: [{ name: 'Kettle', qty: '1', rate: '1000', gst: '18' }] });
      const json = month([sale, refund]);
      expect(json.cdnur).toEqual([]);
      expect(json.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', txval: 2000, rt: 18, iamt: 0, camt: 180, samt: 180, csamt: 0 }]);
      expect(split(json).hsn_b2c).toEqual([{ num: 1, hsn_sc: '8516', desc: 'Kettle', uqc: 'PCS', qty: 2, rt: 18, txval: 2000, iamt: 0, camt: 180, samt: 180, csamt: 0 }]);
    });

    it('against a B2CL invoice: CDNUR of type B2CL, judged by the invoice when it is in the month, else by the note', () => {
      const big = doc({ id: 200, number: 'INV/6', date: '2026-04-01', pos: '29', lines: [{ name: 'Machine', qty: '1', rate: '150000', gst: '18' }] });
      const part = doc({ kind: 'credit-note', series: 'CN/', number: 'CN/3', date: '2026-04-10', pos: '29', againstId: 200, lines: [{ name: 'Machine', qty: '1', rate: '1000', gst: '18' }] });
      const json = month([big, part]);
      expect(json.b2cs).toEqual([]);
      expect(json.cdnur).toEqual([
        { typ: 'B2CL', ntty: 'C', nt_num: 'CN/3', nt_dt: '10-04-2026', val: 1180, pos: '29', itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 180, csamt: 0 } }] },
      ]);
      // The invoice from an earlier month: the note alone is small, so it nets in B2CS …
      expect(month([part]).b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', txval: -1000, rt: 18, iamt: -180, camt: 0, samt: 0, csamt: 0 }]);
      // … and a note above the limit by itself is CDNUR.
      const whole = doc({ kind: 'credit-note', series: 'CN/', number: 'CN/4', date: '2026-04-10', pos: '29', againstId: 999, lines: [{ name: 'Machine', qty: '1', rate: '150000', gst: '18' }] });
      expect(month([whole]).cdnur.map((n) => [n.nt_num, n.val])).toEqual([['CN/4', 177000]]);
      // A B2CL note is inter-state: one within the state (CGST + SGST, which CDNUR cannot carry) nets in B2CS.
      const local = doc({ kind: 'credit-note', series: 'CN/', number: 'CN/5', date: '2026-04-11', againstId: 200, lines: [{ name: 'Machine', qty: '1', rate: '100', gst: '18' }] });
      expect(month([big, local]).b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', txval: -100, rt: 18, iamt: 0, camt: -9, samt: -9, csamt: 0 }]);
      const b2c = month([big, part, whole]);
      const d = details(b2c);
      expect(minus(totals([...d.b2cl, ...b2c.b2cs]), totals(d.cdnur))).toEqual(totals(split(b2c).hsn_b2c));
    });
  });

  describe('table 8 (nil): nil-rated, exempt and non-GST supplies, out of b2b and b2cs', () => {
    // GSTR-1 table 8 "Nil rated, exempted and non-GST outward supplies", one row per inter/intra-state and
    // registered/unregistered recipient (sply_ty INTRB2B, INTRAB2B, INTRB2C, INTRAB2C: GST-AND-BOOKS §5); an
    // inter-state supply is one whose place of supply is not the supplier's state (IGST Act s.7, s.8). Worked by hand:
    // INTRAB2B nil 200 − 20 (the note) = 180, exempt 50, non-GST 1,000; INTRB2B nil 300; INTRB2C nil 40; INTRAB2C exempt 70.
    const month8 = () =>
      month([
        doc({
          id: 300,
          number: 'INV/1',
          date: '2026-04-01',
          party: MH,
          lines: [
            { name: 'Tea', hsn: '0902', qty: '1', rate: '100', gst: '5' },
            { name: 'Rice', hsn: '1006', qty: '1', rate: '200', gst: '0' },
            { name: 'Milk', hsn: '0401', qty: '1', rate: '50', gst: '0', category: 'exempt' },
            { name: 'Petrol', hsn: '2710', qty: '1', rate: '1000', gst: '0', category: 'non-gst' },
          ],
        }),
        doc({ number: 'INV/2', date: '2026-04-02', party: KA, lines: [{ name: 'Rice', hsn: '1006', qty: '1', rate: '300', gst: '0' }] }),
        doc({ number: 'INV/3', date: '2026-04-03', pos: '29', lines: [{ name: 'Rice', hsn: '1006', qty: '1', rate: '40', gst: '0' }, { name: 'Kettle', qty: '1', rate: '1000', gst: '18' }] }),
        doc({ number: 'INV/4', date: '2026-04-04', lines: [{ name: 'Milk', hsn: '0401', qty: '1', rate: '70', gst: '0', category: 'exempt' }] }),
        doc({ kind: 'credit-note', series: 'CN/', number: 'CN/1', date: '2026-04-05', party: MH, againstId: 300, invoicePos: '27', lines: [{ name: 'Rice', hsn: '1006', qty: '1', rate: '20', gst: '0' }] }),
      ]);

    it('sums each kind by inter/intra-state and B2B/B2C, a credit note subtracted', () => {
      expect(month8().nil).toEqual({
        inv: [
          { sply_ty: 'INTRB2B', nil_amt: 300, expt_amt: 0, ngsup_amt: 0 },
          { sply_ty: 'INTRAB2B', nil_amt: 180, expt_amt: 50, ngsup_amt: 1000 },
          { sply_ty: 'INTRB2C', nil_amt: 40, expt_amt: 0, ngsup_amt: 0 },
          { sply_ty: 'INTRAB2C', nil_amt: 0, expt_amt: 70, ngsup_amt: 0 },
        ],
      });
      expect(month([]).nil).toEqual({ inv: [] });
    });

    it('b2b carries the invoice\'s taxable lines only (its value is the whole invoice\'s); one without taxable lines is in table 8 alone', () => {
      const json = month8();
      // INV/1: 100 + 5 % + 200 + 50 + 1,000 = 1,355.00.
      expect(json.b2b).toEqual([
        { ctin: MH, inv: [{ inum: 'INV/1', idt: '01-04-2026', val: 1355, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { txval: 100, rt: 5, iamt: 0, camt: 2.5, samt: 2.5, csamt: 0 } }] }] },
      ]);
      expect(json.cdnr).toEqual([]);
      expect(json.b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', txval: 1000, rt: 18, iamt: 180, camt: 0, samt: 0, csamt: 0 }]);
      // Table 12 still counts every line: taxable, nil, exempt and non-GST.
      expect(minus(totals([...details(json).b2b, ...nilOf(json, 'B2B')]), totals(details(json).cdnr))).toEqual(totals(split(json).hsn_b2b));
      expect(gstr1Csv(json, 'nil').split('\r\n').slice(0, 3)).toEqual(['sply_ty,nil_amt,expt_amt,ngsup_amt', 'INTRB2B,300.00,0.00,0.00', 'INTRAB2B,180.00,50.00,1000.00']);
    });
  });

  it('a note to an unregistered buyer, no place of supply typed, nets in its invoice\'s B2CS row (IGST at 29), not in a negative INTRA row', () => {
    // The GST issue: invoice 1,000 + 18 % IGST to an unregistered buyer in Karnataka; a note for 400 of it, its
    // place of supply left blank. The note follows the invoice (CGST Act s.34): 1,000 − 400 = 600, IGST 180 − 72 = 108.
    const sale = doc({ id: 400, number: 'INV/5', date: '2026-04-01', pos: '29', lines: [{ name: 'Kettle', qty: '1', rate: '1000', gst: '18' }] });
    const note = doc({ kind: 'credit-note', series: 'CN/', number: 'CN/9', date: '2026-04-09', againstId: 400, invoicePos: '29', lines: [{ name: 'Kettle', qty: '1', rate: '400', gst: '18' }] });
    expect(note.data).toMatchObject({ placeOfSupply: '29', supplyType: 'inter', igst: '72.00', cgst: '0.00' });
    expect(month([sale, note]).b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', txval: 600, rt: 18, iamt: 108, camt: 0, samt: 0, csamt: 0 }]);
  });

  describe('table 12\'s layout by the return period: one table before May 2025, B2B and B2C from May 2025', () => {
    // GSTN's advisory on HSN reporting (phase 3, from the May 2025 return period; india-compliance's
    // HSN_BIFURCATION_FROM = 2025-05-01): `hsn_b2b` and `hsn_b2c`; before it, the single `data` table.
    const sales = (date: string) => [
      doc({ number: 'INV/1', date, party: MH, lines: [{ name: 'Kettle', qty: '1', rate: '1000', gst: '18' }] }),
      doc({ number: 'INV/2', date, lines: [{ name: 'Kettle', qty: '2', rate: '1000', gst: '18' }] }),
    ];
    const kettles = (qty: number, txval: number, half: number): Gstr1Hsn => ({ num: 1, hsn_sc: '8516', desc: 'Kettle', uqc: 'PCS', qty, rt: 18, txval, iamt: 0, camt: half, samt: half, csamt: 0 });

    it('April 2025: one table, registered and unregistered together', () => {
      expect(month(sales('2025-04-30'), 2025, 4).hsn).toEqual({ data: [kettles(3, 3000, 270)] });
      expect(gstr1Sections('2025-04')).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn', 'doc_issue']);
    });

    it('May 2025: the B2B and the B2C table', () => {
      expect(month(sales('2025-05-01'), 2025, 5).hsn).toEqual({ hsn_b2b: [kettles(1, 1000, 90)], hsn_b2c: [kettles(2, 2000, 180)] });
      expect(gstr1Sections('2025-05')).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn_b2b', 'hsn_b2c', 'doc_issue']);
      expect(gstr1Csv(month(sales('2025-05-01'), 2025, 5), 'hsn')).toBe('num,hsn_sc,desc,uqc,qty,rt,txval,iamt,camt,samt,csamt\r\n');
    });
  });

  it('an inactive invoice is only counted, as cancelled, in doc_issue; a manual-tax one and one to our own GSTIN only issued', () => {
    const json = month([
      doc({ number: 'INV/1', date: '2026-04-01', party: MH, lines: example }),
      doc({ number: 'INV/2', date: '2026-04-02', party: MH, lines: example, active: false }),
      doc({ number: 'INV/3', date: '2026-04-03', party: MH, lines: example, taxMode: 'manual' }),
      doc({ number: 'INV/4', date: '2026-04-04', party: OWN.toLowerCase(), lines: example }),
    ]);
    expect(json.b2b.flatMap((g) => g.inv.map((i) => i.inum))).toEqual(['INV/1']);
    expect(split(json).hsn_b2b.map((r) => r.qty)).toEqual([2, 7, 3]);
    expect([json.b2cs, split(json).hsn_b2c]).toEqual([[], []]);
    expect(json.doc_issue.doc_det).toEqual([
      { doc_num: 1, docs: [{ num: 1, from: 'INV/1', to: 'INV/4', totnum: 4, cancel: 1, net_issue: 3 }] },
      { doc_num: 5, docs: [] },
    ]);
  });

  it('doc_issue: one range per series by its counter, numbers typed by hand together last; credit notes as 5', () => {
    const line = [{ name: 'A', qty: '1', rate: '10', gst: '0' }];
    const json = month([
      doc({ number: 'INV/2026-27/10', date: '2026-04-09', lines: line, series: 'INV/2026-27/' }),
      doc({ number: 'INV/2026-27/9', date: '2026-04-01', lines: line, series: 'INV/2026-27/', active: false }),
      doc({ number: 'INV/2026-27/11', date: '2026-04-30', lines: line, series: 'INV/2026-27/' }),
      doc({ number: 'OLD-7', date: '2026-04-02', lines: line, series: null }),
      doc({ number: 'OLD-12', date: '2026-04-03', lines: line, series: null }),
      doc({ number: 'SHOP/0001', date: '2026-04-05', lines: line, series: 'SHOP/' }),
      doc({ kind: 'credit-note', number: 'CN/1', date: '2026-04-10', lines: line, series: 'CN/' }),
    ]);
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        docs: [
          { num: 1, from: 'INV/2026-27/9', to: 'INV/2026-27/11', totnum: 3, cancel: 1, net_issue: 2 },
          { num: 2, from: 'SHOP/0001', to: 'SHOP/0001', totnum: 1, cancel: 0, net_issue: 1 },
          { num: 3, from: 'OLD-7', to: 'OLD-12', totnum: 2, cancel: 0, net_issue: 2 },
        ],
      },
      { doc_num: 5, docs: [{ num: 1, from: 'CN/1', to: 'CN/1', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });

  it('HSN: by code, UQC and rate; a service (SAC 99…) as UQC NA, quantity 0; a line without HSN still counted; desc cut to 30', () => {
    // A service has no quantity or unit in table 12: india-compliance's HSN summary sets "stock_qty = 0, uqc = NA"
    // for a code starting 99 ("service item doesn't have qty/uom"), which is what the portal takes.
    const json = month([
      doc({
        number: 'INV/1',
        date: '2026-04-01',
        party: MH,
        lines: [
          { name: 'Installation and commissioning service', hsn: '998719', unit: 'NOS', qty: '1', rate: '500', gst: '18' },
          { name: 'Cable', hsn: '8544', unit: 'MTR', qty: '2.5', rate: '40', gst: '18' },
          { name: 'Cable', hsn: '8544', unit: 'MTR', qty: '1', rate: '40', gst: '12' },
          { name: 'Sundries', hsn: null, unit: null, qty: '1', rate: '7.77', gst: '5' },
        ],
      }),
    ]);
    expect(split(json).hsn_b2b.map((r) => [r.hsn_sc, r.desc, r.uqc, r.qty, r.rt, r.txval])).toEqual([
      ['', 'Sundries', 'OTH', 1, 5, 7.77],
      ['8544', 'Cable', 'MTR', 1, 12, 40],
      ['8544', 'Cable', 'MTR', 2.5, 18, 100],
      ['998719', 'Installation and commissioning', 'NA', 0, 18, 500],
    ]);
    expect(totals(details(json).b2b)).toEqual(totals(split(json).hsn_b2b));
  });

  describe('gstr1Csv', () => {
    const json = month([
      doc({
        number: 'INV/1',
        date: '2026-04-01',
        party: MH,
        lines: [
          { name: '=HYPERLINK("http://x")', hsn: '1001', qty: '1', rate: '10', gst: '5' },
          { name: 'Tea, "Assam" grade', hsn: '0902', qty: '1', rate: '10', gst: '5' },
          { name: '@SUM(1+1)', hsn: '0903', qty: '1', rate: '10', gst: '5' },
          { name: '-2+3', hsn: '0904', qty: '1', rate: '10', gst: '5' },
          { name: 'Line\nbreak', hsn: '0905', qty: '1', rate: '10', gst: '5' },
        ],
      }),
      doc({ kind: 'credit-note', number: 'CN/1', date: '2026-04-02', series: 'CN/', lines: [{ name: 'A', qty: '1', rate: '10', gst: '5' }] }),
    ]);

    it('quotes commas, quotes and line breaks, and puts a quote before text that would run as a formula', () => {
      const lines = gstr1Csv(json, 'hsn_b2b').split('\r\n');
      expect(lines[0]).toBe('num,hsn_sc,desc,uqc,qty,rt,txval,iamt,camt,samt,csamt');
      expect(lines).toContain('1,0902,"Tea, ""Assam"" grade",PCS,1,5,10.00,0.00,0.25,0.25,0.00');
      expect(lines).toContain(`2,0903,'@SUM(1+1),PCS,1,5,10.00,0.00,0.25,0.25,0.00`);
      expect(lines).toContain(`3,0904,'-2+3,PCS,1,5,10.00,0.00,0.25,0.25,0.00`);
      expect(lines).toContain(`5,1001,"'=HYPERLINK(""http://x"")",PCS,1,5,10.00,0.00,0.25,0.25,0.00`);
      expect(gstr1Csv(json, 'hsn_b2b')).toContain('4,0905,"Line\nbreak",PCS');
    });

    it('puts a quote before a formula that starts after spaces (spreadsheets skip them)', () => {
      const spaced = month([doc({ number: 'INV/9', date: '2026-04-03', party: MH, lines: [{ name: '  =1+1', hsn: '0906', qty: '1', rate: '10', gst: '5' }] })]);
      expect(gstr1Csv(spaced, 'hsn_b2b').split('\r\n')[1]).toBe(`1,0906,'  =1+1,PCS,1,5,10.00,0.00,0.25,0.25,0.00`);
    });

    it('one row per rate of each document, per summary row and per series; a netted amount stays a number', () => {
      expect(gstr1Csv(json, 'b2b').split('\r\n')).toEqual([
        'ctin,inum,idt,val,pos,rchrg,inv_typ,num,rt,txval,iamt,camt,samt,csamt',
        `${MH},INV/1,01-04-2026,53.00,27,N,R,1,5,50.00,0.00,1.25,1.25,0.00`,
        '',
      ]);
      expect(gstr1Csv(json, 'b2cs')).toBe('sply_ty,pos,typ,rt,txval,iamt,camt,samt,csamt\r\nINTRA,27,OE,5,-10.00,0.00,-0.25,-0.25,0.00\r\n');
      expect(gstr1Csv(json, 'doc_issue').split('\r\n').slice(1, 3)).toEqual([
        '1,Invoices for outward supply,1,INV/1,INV/1,1,0,1',
        '5,Credit Note,1,CN/1,CN/1,1,0,1',
      ]);
      for (const section of GSTR1_SECTIONS) expect(gstr1Csv(json, section).endsWith('\r\n')).toBe(true);
      expect(gstr1Csv(json, 'cdnr')).toBe('ctin,ntty,nt_num,nt_dt,val,pos,rchrg,inv_typ,num,rt,txval,iamt,camt,samt,csamt\r\n');
    });
  });
});

describe('gstr1: the sections agree with the HSN summary to the paisa, over 1,000 random months', () => {
  /** mulberry32: a small seeded PRNG, so a failure replays. */
  const prng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const RATES = ['0', '5', '12', '18', '28'];
  const PARTIES = [MH, KA, '07AAACR5055K1Z4', '33AAACI1195H1ZK', null, null, null];
  const STATES = ['27', '27', '29', '07'];
  const HSNS = ['0902', '4820', '8516', '998314', null];
  const UNITS: (Unit | null)[] = ['PC', 'KG', 'MTR', null];

  it('b2b − cdnr + nil(B2B) = hsn_b2b; b2cl + b2cs − cdnur + nil(B2C) = hsn_b2c (one table before May 2025); both = the documents’ own totals', () => {
    const random = prng(20250501);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const amount = (max: number) => (Math.floor(random() * max * 100) / 100).toFixed(2);
    const CATEGORIES: (GstCategory | undefined)[] = [undefined, 'nil', 'exempt', 'non-gst'];
    const seen = { b2b: 0, b2cl: 0, b2cs: 0, cdnr: 0, cdnur: 0, nil: 0, split: 0, single: 0 };
    for (let m = 0; m < 1000; m += 1) {
      const year = 2024 + Math.floor(random() * 3);
      const mm = 1 + Math.floor(random() * 12);
      const day = () => `${year}-${String(mm).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const documents: Gstr1Document[] = [];
      const count = 1 + Math.floor(random() * 12);
      for (let n = 0; n < count; n += 1) {
        const isNote = random() < 0.25;
        const invoiceIds = documents.filter((d) => d.kind === 'invoice').map((d) => d.data.id);
        const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, (): LineSpec => {
          const qty = random() < 0.3 ? (Math.floor(random() * 5000) / 1000 + 0.001).toFixed(3) : String(1 + Math.floor(random() * 20));
          const rate = random() < 0.1 ? amount(200000) : amount(5000);
          const gst = pick(RATES);
          const category = gst === '0' ? pick(CATEGORIES) : undefined;
          return { name: `Item ${n}`, hsn: pick(HSNS), unit: pick(UNITS), qty, rate, gst, ...(category ? { category } : {}), discount: random() < 0.2 ? '0.37' : '0.00' };
        });
        documents.push(
          doc({
            kind: isNote ? 'credit-note' : 'invoice',
            number: `${isNote ? 'CN' : 'INV'}/${n + 1}`,
            series: random() < 0.1 ? null : isNote ? 'CN/' : 'INV/',
            date: day(),
            party: random() < 0.03 ? OWN : pick(PARTIES),
            pos: pick(STATES),
            lines,
            active: random() > 0.1,
            taxMode: random() < 0.1 ? 'manual' : 'gst',
            againstId: isNote && invoiceIds.length > 0 && random() < 0.7 ? pick(invoiceIds) : null,
            reverseCharge: random() < 0.05,
          }),
        );
      }
      const json = gstr1({ gstin: OWN, year, month: mm, documents });
      const d = details(json);
      for (const key of ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'] as const) seen[key] += json[key].length > 0 ? 1 : 0;
      seen.nil += json.nil.inv.length > 0 ? 1 : 0;
      expect([...json.b2b, ...json.cdnr].some((g) => g.ctin === OWN)).toBe(false);
      expect([...d.cdnr, ...d.cdnur].every((t) => t.txval >= 0 && t.iamt >= 0)).toBe(true);
      // 0 % lines are table 8's: never an item or a B2CS row at rate 0.
      expect([...d.b2b, ...d.b2cl, ...d.cdnr, ...d.cdnur, ...json.b2cs].every((t) => t.rt > 0), `month ${m}`).toBe(true);
      const b2bSide = minus(totals([...d.b2b, ...nilOf(json, 'B2B')]), totals(d.cdnr));
      const b2cSide = minus(totals([...d.b2cl, ...json.b2cs, ...nilOf(json, 'B2C')]), totals(d.cdnur));
      if ('hsn_b2b' in json.hsn) {
        seen.split += 1;
        expect(b2bSide, `month ${m}`).toEqual(totals(json.hsn.hsn_b2b));
        expect(b2cSide, `month ${m}`).toEqual(totals(json.hsn.hsn_b2c));
      } else {
        seen.single += 1;
        expect(`${year}-${String(mm).padStart(2, '0')}` < '2025-05', `month ${m}`).toBe(true);
        const both = Object.fromEntries(KEYS.map((k) => [k, sumMoney([b2bSide[k] ?? 0, b2cSide[k] ?? 0])]));
        expect(both, `month ${m}`).toEqual(totals(single(json)));
      }
      // Independently of the sections: the reported documents' own recorded figures, a note's subtracted.
      const reported = documents.filter((x) => x.data.active && x.data.taxMode === 'gst' && x.partyGstin !== OWN);
      const signed = (x: Gstr1Document, v: string) => (x.kind === 'invoice' ? v : subtractMoney(0, v));
      const own = (k: 'subTotal' | 'igst' | 'cgst' | 'sgst') => sumMoney(reported.map((x) => signed(x, x.data[k])));
      const hsnRows = 'data' in json.hsn ? json.hsn.data : [...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c];
      expect(minus(totals(hsnRows), { txval: own('subTotal'), iamt: own('igst'), camt: own('cgst'), samt: own('sgst') })).toEqual({
        txval: '0.00',
        iamt: '0.00',
        camt: '0.00',
        samt: '0.00',
      });
      // Every document issued is counted once; the inactive as cancelled.
      const ranges = json.doc_issue.doc_det.flatMap((x) => x.docs);
      expect(sumMoney(ranges.map((r) => r.totnum))).toBe(sumMoney([documents.length]));
      expect(sumMoney(ranges.map((r) => r.cancel))).toBe(sumMoney([documents.filter((x) => !x.data.active).length]));
    }
    // Every section was exercised, many times over.
    expect(Object.values(seen).every((n) => n >= 50), JSON.stringify(seen)).toBe(true);
  });
});
