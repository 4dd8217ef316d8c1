import { customerRefunds, DomainError, receipts, type RefundChange, type SettlementChange } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { evolveAll } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { REFUND_SLICES, SETTLEMENT_SLICES } from './index';
import type { RefundCommand, RefundDraft } from './refund.decider';
import { type SettlementCommand, type SettlementDraft, settlementOf } from './settlement.decider';

/**
 * Issue 42: a receipt may hold more than its lines settle (an advance, money on account); refunds
 * draw on that rest, never more, and what was refunded stays covered.
 */
const metadata = { now: new Date('2026-11-22T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const conflictOn = (path: string, message: RegExp) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect(e).toMatchObject({ kind: 'conflict', issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};

describe('a receipt with an advance', () => {
  const { decider } = SETTLEMENT_SLICES.find((s) => s.doc === receipts)!;
  const spec = DeciderSpecification.for(decider);
  const line = (amount: string) => ({ lineNo: 1, invoiceId: 3, invoiceNumber: 'INV-3', invoiceAmount: '1000.00', amount });
  const draft = (over: Partial<SettlementDraft> = {}): SettlementDraft => ({
    number: 'RCT/2026-27/0001', partyId: 4, date: '2026-11-20', paymentMethod: 'cash', texts: { referenceNumber: null, notes: null, description: null }, active: true, lines: [line('600.00')], directAmount: '1000.00', ...over,
  });
  const [recorded] = decider.decide({ type: 'Record', data: { id: 5, draft: draft() }, metadata }, decider.initialState()) as SettlementChange[];
  const draw = (by: string, amount: string): SettlementCommand => ({ type: 'Allocate', data: { id: 5, by, partyId: 4, amount, path: 'lines.0.amount' }, metadata });
  const drawn = (by: string, amount: string): SettlementChange => ({ kind: 'allocated', id: 5, by, amount });
  const revise = (over: Partial<SettlementDraft>): SettlementCommand => ({ type: 'Revise', data: { id: 5, draft: draft({ number: null, ...over }) }, metadata });

  it('holds the amount received; what its lines do not settle is unapplied', () => {
    expect(recorded).toMatchObject({ kind: 'recorded', data: { totalAmount: '1000.00' } });
    expect(settlementOf(receipts, evolveAll(decider, decider.initialState(), [recorded!]))).toMatchObject({ appliedAmount: '600.00', refundedAmount: '0.00', unappliedAmount: '400.00' });
  });

  it('a refund draws on the advance up to what is unapplied, and no more (409 on the refund\'s line)', () => {
    spec.given([recorded!]).when(draw('refund-1', '400')).then([drawn('refund-1', '400.00')]);
    spec.given([recorded!, drawn('refund-1', '300.00')]).when(draw('refund-2', '100.01')).thenThrows(conflictOn('lines.0.amount', /Only ₹100\.00 of receipt RCT\/2026-27\/0001 is unapplied/));
    spec.given([recorded!, drawn('refund-1', '300.00')]).when(draw('refund-1', '400.00')).then([drawn('refund-1', '400.00')]);
  });

  it('a refund of another customer, or of a voided receipt, draws nothing', () => {
    spec.given([recorded!]).when({ ...draw('refund-1', '1'), data: { ...draw('refund-1', '1').data, partyId: 5 } } as SettlementCommand).thenThrows(conflictOn('lines.0.source', /is not from this customer/));
    spec.given([recorded!, { kind: 'voided', id: 5, reason: 'x' }]).when(draw('refund-1', '1')).thenThrows(conflictOn('lines.0.source', /has no money to refund/));
  });

  it('what was refunded stays covered: its amount less its lines cannot drop below it; it cannot be voided or made inactive', () => {
    const given = spec.given([recorded!, drawn('refund-1', '300.00')]);
    given.when(revise({ lines: [line('800.00')] })).thenThrows(conflictOn('amount', /₹300\.00 of this receipt was refunded: void that refund first/));
    given.when(revise({ active: false })).thenThrows(conflictOn('active', /void that refund first/));
    given.when({ type: 'Void', data: { id: 5, reason: 'Cheque bounced' }, metadata }).thenThrows(conflictOn('id', /void that refund first/));
    given.when(revise({ lines: [line('700.00')] })).then([{ kind: 'revised', data: expect.objectContaining({ totalAmount: '1000.00' }) }]);
  });

  it('a refund no longer drawing releases it: then it can be voided', () => {
    spec.given([recorded!, drawn('refund-1', '300.00')]).when({ type: 'Release', data: { id: 5, by: 'refund-1' }, metadata }).then([{ kind: 'released', id: 5, by: 'refund-1' }]);
    spec.given([recorded!, drawn('refund-1', '300.00'), { kind: 'released', id: 5, by: 'refund-1' }]).when({ type: 'Void', data: { id: 5, reason: 'Cheque bounced' }, metadata }).then([{ kind: 'voided', id: 5, reason: 'Cheque bounced' }]);
  });

  it('stores its draws and reads them back the same', () => {
    const change = drawn('refund-1', '300.00');
    expect(receipts.read(receipts.write(change))).toEqual(change);
  });
});

describe('a refund', () => {
  const { decider } = REFUND_SLICES.find((s) => s.doc === customerRefunds)!;
  const spec = DeciderSpecification.for(decider);
  const draft: RefundDraft = {
    number: 'RFD/2026-27/0001', partyId: 4, date: '2026-11-21', paymentMethod: 'cash', texts: { referenceNumber: null, notes: null }, active: true,
    lines: [{ lineNo: 1, source: 'credit-note-1', sourceNumber: 'CN-1', amount: '380.00' }, { lineNo: 2, source: 'receipt-5', sourceNumber: 'RCT-5', amount: '20.00' }],
  };
  const record: RefundCommand = { type: 'Record', data: { id: 2, draft }, metadata };
  const [recorded] = decider.decide(record, decider.initialState()) as RefundChange[];

  it('pays back the sum of its lines, numbered by its series', () => expect(recorded).toMatchObject({ kind: 'recorded', data: { number: 'RFD/2026-27/0001', totalAmount: '400.00', lines: draft.lines } }));

  it('voided it is kept, inactive, with the reason, and cannot change any more', () => {
    spec.given([recorded!]).when({ type: 'Void', data: { id: 2, reason: 'Paid twice' }, metadata }).then([{ kind: 'voided', id: 2, reason: 'Paid twice' }]);
    spec.given([recorded!, { kind: 'voided', id: 2, reason: 'Paid twice' }]).when({ type: 'Revise', data: { id: 2, draft: { ...draft, number: null } }, metadata }).thenThrows(conflictOn('id', /was voided/));
  });

  it('a revision that changes nothing appends nothing', () => spec.given([recorded!]).when({ type: 'Revise', data: { id: 2, draft: { ...draft, number: null } }, metadata }).thenNothingHappened());

  it('reads its events back the same', () => expect(customerRefunds.read(customerRefunds.write(recorded!))).toEqual(recorded));
});
