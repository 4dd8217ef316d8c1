import { describe, expect, it } from 'vitest';

import { gstPayment, setOff } from './set-off';

/**
 * Vectors worked by hand from the law, not from the code: CGST Act s.49(5) (a)–(d) and CGST Rule
 * 88A — IGST credit first against IGST, the rest against CGST and then SGST; CGST credit against
 * CGST, then IGST; SGST credit against SGST, then IGST; CGST credit never against SGST nor SGST
 * credit against CGST; s.49A: CGST and SGST credit only after the IGST credit is used up.
 */
const heads = (igst: string, cgst: string, sgst: string) => ({ igst, cgst, sgst });

describe('setOff: GSTR-3B table 6.1, input tax credit against output tax in the legal order', () => {
  it('the GST issue: output less credit CGST −822.07, SGST −822.07, IGST 2,155.20 → pay IGST 511.06 in cash', () => {
    // Output IGST 2,155.20 (no IGST credit); CGST and SGST 500.00 each against credit 1,322.07 each.
    // CGST credit: 500.00 to CGST, the other 822.07 to IGST; SGST credit likewise 822.07 to IGST.
    // IGST in cash: 2,155.20 − 822.07 − 822.07 = 511.06. Nothing is left to carry forward.
    const result = setOff(heads('2155.20', '500.00', '500.00'), heads('0', '1322.07', '1322.07'));
    expect(result.heads.igst).toEqual({
      liability: '2155.20',
      paidFromCredit: heads('0.00', '822.07', '822.07'),
      cash: '511.06',
      credit: '0.00',
      carriedForward: '0.00',
    });
    expect(result.heads.cgst).toEqual({ liability: '500.00', paidFromCredit: heads('0.00', '500.00', '0.00'), cash: '0.00', credit: '1322.07', carriedForward: '0.00' });
    expect(result.heads.sgst).toEqual({ liability: '500.00', paidFromCredit: heads('0.00', '0.00', '500.00'), cash: '0.00', credit: '1322.07', carriedForward: '0.00' });
    expect([result.cash, result.carriedForward]).toEqual(['511.06', '0.00']);
    // The same nets with nothing owed under CGST and SGST: the same cash.
    expect(setOff(heads('2155.20', '0', '0'), heads('0', '822.07', '822.07')).cash).toBe('511.06');
  });

  it('IGST credit pays IGST, then CGST, then SGST; SGST credit then pays what is left of SGST', () => {
    // IGST credit 500: 100 to IGST, 300 to CGST, the last 100 to SGST. SGST credit 50 to SGST: 300 − 100 − 50 = 150 in cash.
    const result = setOff(heads('100', '300', '300'), heads('500', '0', '50'));
    expect(result.heads.igst.paidFromCredit).toEqual(heads('100.00', '0.00', '0.00'));
    expect(result.heads.cgst.paidFromCredit).toEqual(heads('300.00', '0.00', '0.00'));
    expect(result.heads.sgst.paidFromCredit).toEqual(heads('100.00', '0.00', '50.00'));
    expect([result.heads.igst.cash, result.heads.cgst.cash, result.heads.sgst.cash]).toEqual(['0.00', '0.00', '150.00']);
    expect([result.cash, result.carriedForward]).toEqual(['150.00', '0.00']);
  });

  it('CGST credit never pays SGST (nor SGST credit CGST): the one is paid in cash, the other carried forward', () => {
    const result = setOff(heads('0', '0', '1000'), heads('0', '1000', '0'));
    expect(result.heads.sgst).toMatchObject({ cash: '1000.00', paidFromCredit: heads('0.00', '0.00', '0.00') });
    expect(result.heads.cgst).toMatchObject({ credit: '1000.00', carriedForward: '1000.00' });
    const other = setOff(heads('0', '250.50', '0'), heads('0', '0', '250.50'));
    expect([other.cash, other.heads.sgst.carriedForward]).toEqual(['250.50', '250.50']);
  });

  it('more credit than tax: nothing in cash, each head\'s unused credit carried forward', () => {
    // IGST 50: 10 from IGST credit, 40 from CGST credit (after CGST's own 20). SGST credit 30: 20 to SGST, 10 left.
    const result = setOff(heads('50', '20', '20'), heads('10', '100', '30'));
    expect(result.heads.igst.paidFromCredit).toEqual(heads('10.00', '40.00', '0.00'));
    expect([result.heads.igst.carriedForward, result.heads.cgst.carriedForward, result.heads.sgst.carriedForward]).toEqual(['0.00', '40.00', '10.00']);
    expect([result.cash, result.carriedForward]).toEqual(['0.00', '50.00']);
  });

  it('more credit notes than sales owes nothing; more returned to vendors than claimed is credit to reverse, paid in cash', () => {
    const result = setOff(heads('-100', '10', '10'), heads('0', '-5', '0'));
    expect(result.heads.igst).toMatchObject({ liability: '0.00', cash: '0.00' });
    expect(result.heads.cgst).toMatchObject({ liability: '15.00', credit: '0.00', cash: '15.00' });
    expect(result.cash).toBe('25.00');
  });
});

describe('gstPayment: the month\'s cash, tax on reverse charge included', () => {
  it('reverse-charge tax is paid in cash (CGST Act s.49(4)) and, once paid, is credit against the other output tax (GSTR-3B 4(A)(3))', () => {
    // Output CGST 100, SGST 100; credit CGST 30, SGST 30; reverse charge CGST 50, SGST 50 (a service from an
    // unregistered lawyer). Cash: 50 + 50 for the reverse charge; set-off: 100 − (30 + 50) = 20 per head.
    const payment = gstPayment(heads('0', '100', '100'), heads('0', '30', '30'), heads('0', '50', '50'));
    expect(payment.reverseCharge).toEqual(heads('0.00', '50.00', '50.00'));
    expect(payment.setOff.heads.cgst).toMatchObject({ liability: '100.00', credit: '80.00', cash: '20.00' });
    expect(payment.cash).toEqual(heads('0.00', '70.00', '70.00'));
    expect(payment.totalCash).toBe('140.00');
  });

  it('without reverse charge it is the set-off alone: the GST issue\'s IGST 511.06', () => {
    const payment = gstPayment(heads('2155.20', '0', '0'), heads('0', '822.07', '822.07'), heads('0', '0', '0'));
    expect([payment.cash, payment.totalCash]).toEqual([heads('511.06', '0.00', '0.00'), '511.06']);
  });
});
