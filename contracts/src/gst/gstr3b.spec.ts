import { describe, expect, it } from 'vitest';

import { gstr1 } from './gstr1';
import { gstr3b } from './gstr3b';
import { bill, KA_VENDOR, MH_BUYER, OWN, sale } from './return-docs.testing';

/*
 * A month of a Maharashtra (27) business, worked by hand from the law and the portal's format.
 * Format: the GST portal's GSTR-3B offline-utility JSON as india-compliance builds it
 * (resilient-tech/india-compliance, gst_india/doctype/gstr_3b_report/gstr_3b_report_template.json:
 * sup_details → osup_det, osup_zero, osup_nil_exmp, isup_rev, osup_nongst; inter_sup →
 * unreg_details, comp_details, uin_details {pos, txval, iamt}; itc_elg → itc_avl [IMPG, IMPS, ISRC,
 * ISD, OTH], itc_rev [RUL, OTH], itc_net, itc_inelg [RUL, OTH]; inward_sup → isup_details [GST,
 * NONGST] {inter, intra}; eco_dtls), amounts with 2 decimals (its format_values: flt(…, 2)).
 * Law: GSTR-3B's tables (CGST Rule 61(5), Form GSTR-3B); B2CL limit ₹1 lakh from 1 August 2024
 * (india-compliance issue #2413); set-off order CGST Act s.49(5), s.49A, Rule 88A; reverse
 * charge paid in cash, s.49(4). Zero-rated supplies (exports, SEZ) are not modelled: 3.1(b) is 0.
 */
const may = {
  outward: [
    // 1. Intra-state B2B: 10,000 at 18 % → CGST 900, SGST 900; rice 300 nil-rated, milk 500 exempt, petrol 200 non-GST.
    sale({ id: 1, number: 'INV/1', date: '2026-05-02', party: MH_BUYER, lines: [
      { name: 'Kettle', qty: '10', rate: '1000', gst: '18' },
      { name: 'Rice', qty: '10', rate: '30', gst: '0', category: 'nil' },
      { name: 'Milk', qty: '10', rate: '50', gst: '0', category: 'exempt' },
      { name: 'Petrol', qty: '2', rate: '100', gst: '0', category: 'non-gst' },
    ] }),
    // 2. Inter-state B2C to Karnataka (29), 1,50,000 at 18 % → IGST 27,000; total 1,77,000 > ₹1 lakh: B2CL.
    sale({ id: 2, number: 'INV/2', date: '2026-05-03', pos: '29', lines: [{ name: 'Machine', qty: '1', rate: '150000', gst: '18' }] }),
    // 3. Inter-state B2C to Gujarat (24), 2,000 at 12 % → IGST 240; total 2,240 ≤ ₹1 lakh: B2CS.
    sale({ id: 3, number: 'INV/3', date: '2026-05-04', pos: '24', lines: [{ name: 'Notebooks', qty: '20', rate: '100', gst: '12' }] }),
    // 4. A credit note on invoice 2: 10,000 back at 18 % → IGST 1,800 at 29.
    sale({ id: 4, number: 'CN/1', date: '2026-05-20', pos: '29', againstId: 2, lines: [{ name: 'Machine', qty: '1', rate: '10000', gst: '18' }] }, 'credit-note'),
  ],
  inward: [
    // Within Maharashtra: 20,000 at 18 % → CGST 1,800, SGST 1,800; and 700 of exempt goods (table 5, intra).
    bill({ id: 11, number: 'PS/1', date: '2026-05-05', party: MH_BUYER, lines: [{ name: 'Steel', qty: '1', rate: '20000', gst: '18' }, { name: 'Eggs', qty: '1', rate: '700', gst: '0', category: 'exempt' }] }),
    // From Karnataka: 5,000 at 5 % → IGST 250.
    bill({ id: 12, number: 'KA/9', date: '2026-05-06', party: KA_VENDOR, lines: [{ name: 'Tea', qty: '1', rate: '5000', gst: '5' }] }),
    // Reverse charge, unregistered transporter in Maharashtra: 1,000 at 18 % → CGST 90, SGST 90 (3.1(d), 4(A)(3)).
    bill({ id: 13, number: 'GTA/4', date: '2026-05-07', reverseCharge: true, lines: [{ name: 'Freight', qty: '1', rate: '1000', gst: '18' }] }),
    // A debit note on PS/1: 2,000 back at 18 % → CGST 180, SGST 180.
    bill({ id: 14, number: 'DN/1', date: '2026-05-25', party: MH_BUYER, againstId: 11, lines: [{ name: 'Steel', qty: '1', rate: '2000', gst: '18' }] }, 'debit-note'),
  ],
  // The seam's credit (bills from registered vendors less debit notes): IGST 250; CGST and SGST 1,800 − 180 = 1,620.
  itc: { igst: '250.00', cgst: '1620.00', sgst: '1620.00', cess: '0.00' },
};

describe('GSTR-3B for a month', () => {
  const { json, payment } = gstr3b({ gstin: OWN, year: 2026, month: 5, ...may });

  it('3.1: taxable 10,000 + 1,50,000 + 2,000 − 10,000; nil and exempt 800; reverse charge 1,000; non-GST 200; zero-rated 0', () => {
    expect(json.gstin).toBe(OWN);
    expect(json.ret_period).toBe('052026');
    expect(json.sup_details).toEqual({
      // IGST 27,000 + 240 − 1,800 = 25,440.
      osup_det: { txval: 152000, iamt: 25440, camt: 900, samt: 900, csamt: 0 },
      osup_zero: { txval: 0, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: 800 },
      isup_rev: { txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 },
      osup_nongst: { txval: 200 },
    });
  });

  it('3.2: inter-state to unregistered buyers by place of supply — 24: 2,000 / 240; 29: 1,50,000 − 10,000 / 27,000 − 1,800', () => {
    expect(json.inter_sup).toEqual({
      unreg_details: [{ pos: '24', txval: 2000, iamt: 240 }, { pos: '29', txval: 140000, iamt: 25200 }],
      comp_details: [],
      uin_details: [],
    });
  });

  it('4: reverse charge 90 + 90, all other ITC from the seam, nothing reversed, net = A − B', () => {
    const row = (ty: string, iamt: number, camt: number, samt: number) => ({ ty, iamt, camt, samt, csamt: 0 });
    expect(json.itc_elg).toEqual({
      itc_avl: [row('IMPG', 0, 0, 0), row('IMPS', 0, 0, 0), row('ISRC', 0, 90, 90), row('ISD', 0, 0, 0), row('OTH', 250, 1620, 1620)],
      itc_rev: [row('RUL', 0, 0, 0), row('OTH', 0, 0, 0)],
      itc_net: { iamt: 250, camt: 1710, samt: 1710, csamt: 0 },
      itc_inelg: [row('RUL', 0, 0, 0), row('OTH', 0, 0, 0)],
    });
  });

  it('5: exempt inward 700 within the state', () => {
    expect(json.inward_sup.isup_details).toEqual([{ ty: 'GST', inter: 0, intra: 700 }, { ty: 'NONGST', inter: 0, intra: 0 }]);
  });

  it('6.1: IGST credit 250 first; CGST 1,710 pays CGST 900 then 810 of IGST; SGST likewise → cash IGST 23,570, CGST 90, SGST 90', () => {
    // IGST 25,440 − 250 − 810 − 810 = 23,570; CGST and SGST: the set-off leaves 0, the reverse charge 90 each is cash (s.49(4)).
    expect(payment.setOff.heads.igst).toEqual({ liability: '25440.00', paidFromCredit: { igst: '250.00', cgst: '810.00', sgst: '810.00' }, cash: '23570.00', credit: '250.00', carriedForward: '0.00' });
    expect(payment.setOff.heads.cgst).toMatchObject({ liability: '900.00', paidFromCredit: { igst: '0.00', cgst: '900.00', sgst: '0.00' }, cash: '0.00', credit: '1710.00', carriedForward: '0.00' });
    expect(payment.cash).toEqual({ igst: '23570.00', cgst: '90.00', sgst: '90.00' });
    expect(payment.totalCash).toBe('23750.00');
  });

  it('agrees with GSTR-1 of the same documents: B2CL holds invoice 2, B2CS invoice 3, CDNUR the note', () => {
    const g1 = gstr1({ gstin: OWN, year: 2026, month: 5, documents: may.outward });
    expect(g1.b2cl.map((g) => [g.pos, g.inv.map((i) => i.inum)])).toEqual([['29', ['INV/2']]]);
    expect(g1.b2cs.map((r) => [r.pos, r.txval, r.iamt])).toEqual([['24', 2000, 240]]);
    expect(g1.cdnur.map((n) => n.nt_num)).toEqual(['CN/1']);
  });

  it('a sale on reverse charge: its value in 3.1(c), no tax of ours in 3.1(a); tax typed by hand and a sale to our own GSTIN are in no table', () => {
    const { json: rc } = gstr3b({
      gstin: OWN, year: 2026, month: 5, inward: [], itc: { igst: '0', cgst: '0', sgst: '0', cess: '0' },
      outward: [
        sale({ id: 1, number: 'INV/1', date: '2026-05-02', party: MH_BUYER, reverseCharge: true, lines: [{ name: 'Rent', qty: '1', rate: '5000', gst: '18' }] }),
        sale({ id: 2, number: 'INV/2', date: '2026-05-02', party: MH_BUYER, taxMode: 'manual', lines: [{ name: 'Misc', qty: '1', rate: '700', gst: '18' }] }),
        sale({ id: 3, number: 'INV/3', date: '2026-05-02', party: OWN, lines: [{ name: 'Transfer', qty: '1', rate: '900', gst: '18' }] }),
      ],
    });
    expect(rc.sup_details.osup_det).toEqual({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(rc.sup_details.osup_nil_exmp).toEqual({ txval: 5000 });
  });

  it('debit notes above the month\'s bills: the excess is ITC reversed (4(B)(2)) and adds to the tax due', () => {
    const { json: rev, payment: pay } = gstr3b({ gstin: OWN, year: 2026, month: 5, outward: [], inward: [], itc: { igst: '0', cgst: '-180.00', sgst: '-180.00', cess: '0' } });
    expect(rev.itc_elg.itc_rev[1]).toEqual({ ty: 'OTH', iamt: 0, camt: 180, samt: 180, csamt: 0 });
    expect(rev.itc_elg.itc_net).toEqual({ iamt: 0, camt: -180, samt: -180, csamt: 0 });
    expect(pay.cash).toEqual({ igst: '0.00', cgst: '180.00', sgst: '180.00' });
  });
});
