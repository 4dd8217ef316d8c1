import { describe, expect, it } from 'vitest';

import { amendmentPlace, gstr1Amendments } from './amendments';
import type { Gstr1Json } from './gstr1-json';
import { filedMessage, nextPeriod, periodLabel } from './filing';

/*
 * Hand-written vectors in the GST portal's GSTR-1 offline JSON (GST-AND-BOOKS.md §5, india-compliance's
 * keys). Where amendments go: CGST Rule 59(4A) (GSTR-1A, after GSTR-1 and before GSTR-3B of the
 * same period; Notification 12/2024-CT) and s.37(3) with the amendment tables 9A (b2ba, b2cla),
 * 9C (cdnra, cdnura) and 10 (b2csa) of the next GSTR-1.
 *
 * A Maharashtra (27) business, August 2026. Filed: INV/1 to a Pune buyer, 10,000 at 18 %
 * (CGST 900, SGST 900, value 11,800); walk-in sales in Maharashtra 2,000 at 18 % (CGST 180, SGST 180).
 */
const BUYER = '27ABCPT5678L1ZV';
const inv1 = { inum: 'INV/1', idt: '03-08-2026', val: 11800, pos: '27', rchrg: 'N' as const, inv_typ: 'R' as const, itms: [{ num: 1, itm_det: { txval: 10000, rt: 18, iamt: 0, camt: 900, samt: 900, csamt: 0 } }] };
const b2cs = (txval: number, tax: number) => ({ sply_ty: 'INTRA' as const, pos: '27', typ: 'OE' as const, rt: 18, txval, iamt: 0, camt: tax, samt: tax, csamt: 0 });
const august = (over: Partial<Gstr1Json> = {}): Gstr1Json => ({
  gstin: '27AAPFU0939F1ZV',
  fp: '082026',
  b2b: [{ ctin: BUYER, inv: [inv1] }],
  b2cl: [],
  b2cs: [b2cs(2000, 180)],
  cdnr: [],
  cdnur: [],
  nil: { inv: [] },
  hsn: { hsn_b2b: [], hsn_b2c: [] },
  doc_issue: { doc_det: [] },
  ...over,
});
// A credit note of 28 August, recorded after filing: 1,000 back at 18 % (CGST 90, SGST 90, value 1,180).
const cn1 = { ntty: 'C' as const, nt_num: 'CN/1', nt_dt: '28-08-2026', val: 1180, pos: '27', rchrg: 'N' as const, inv_typ: 'R' as const, itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 0, camt: 90, samt: 90, csamt: 0 } }] };

const open = amendmentPlace('2026-08', false, '2026-09');
const closed = amendmentPlace('2026-08', true, '2026-09');

describe('a filed August amended by a credit note recorded later (issue 44 item 4)', () => {
  const now = august({ cdnr: [{ ctin: BUYER, nt: [cn1] }] });
  it('while August 3B is not filed: GSTR-1A of August, the note added in cdnr', () => {
    expect(open).toEqual({ return: 'GSTR-1A', period: '2026-08' });
    expect(gstr1Amendments(august(), now, open)).toEqual([{ table: 'cdnr', section: 'cdnr', key: `${BUYER} CN/1`, original: null, amended: { ctin: BUYER, ...cn1 } }]);
  });
  it('once August 3B is filed: the next GSTR-1 (September), the note in cdnr with its own date', () => {
    expect(closed).toEqual({ return: 'GSTR-1', period: '2026-09' });
    expect(gstr1Amendments(august(), now, closed)).toEqual([{ table: 'cdnr', section: 'cdnr', key: `${BUYER} CN/1`, original: null, amended: { ctin: BUYER, ...cn1 } }]);
  });
  it('the note itself changed after it was reported: cdnra, original → amended', () => {
    const reported = august({ cdnr: [{ ctin: BUYER, nt: [cn1] }] });
    const cn1b = { ...cn1, val: 2360, itms: [{ num: 1, itm_det: { txval: 2000, rt: 18, iamt: 0, camt: 180, samt: 180, csamt: 0 } }] };
    const rows = gstr1Amendments(reported, august({ cdnr: [{ ctin: BUYER, nt: [cn1b] }] }), closed);
    expect(rows.map((r) => [r.table, r.original?.val, r.amended?.val])).toEqual([['cdnra', 1180, 2360]]);
  });
});

describe('B2C (others) of a filed month: a summary per state and rate', () => {
  // A walk-in sale of 1,000 at 18 % missed in August's return: the 27 / 18 % row 2,000 → 3,000.
  const now = august({ b2cs: [b2cs(3000, 270)] });
  it('in GSTR-1A: the b2cs row as it is now', () => expect(gstr1Amendments(august(), now, open).map((r) => [r.table, r.original?.txval, r.amended?.txval])).toEqual([['b2cs', 2000, 3000]]));
  it('in the next GSTR-1: b2csa, original → amended', () => expect(gstr1Amendments(august(), now, closed).map((r) => [r.table, r.original?.txval, r.amended?.txval])).toEqual([['b2csa', 2000, 3000]]));
  it('a buyer\'s GSTIN found after filing: the walk-in row goes (b2csa to nothing), the invoice comes in b2b', () => {
    const inv2 = { ...inv1, inum: 'INV/2', val: 2360, itms: [{ num: 1, itm_det: { txval: 2000, rt: 18, iamt: 0, camt: 180, samt: 180, csamt: 0 } }] };
    const rows = gstr1Amendments(august(), august({ b2b: [{ ctin: BUYER, inv: [inv1, inv2] }], b2cs: [] }), closed);
    expect(rows.map((r) => [r.table, r.key, r.original?.txval ?? r.original?.val ?? null, r.amended?.val ?? null])).toEqual([
      ['b2b', `${BUYER} INV/2`, null, 2360],
      ['b2csa', 'INTRA 27 18%', 2000, null],
    ]);
  });
});

describe('nothing changed', () => {
  it('no rows, whatever the key order of the stored copy', () => {
    const copy = JSON.parse(JSON.stringify(august(), (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v))) as Gstr1Json;
    expect(gstr1Amendments(copy, august(), open)).toEqual([]);
  });
});

describe('words and months', () => {
  it('names the month and the refusal', () => {
    expect(periodLabel('2026-08')).toBe('August 2026');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(filedMessage('2026-08', '2026-08-03')).toBe(
      'GSTR-1 for August 2026 is filed: a document dated 03-08-2026 can no longer be changed or voided. Record a credit or debit note dated later instead.',
    );
  });
});
