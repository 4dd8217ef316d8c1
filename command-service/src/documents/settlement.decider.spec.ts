import { DomainError, type SettlementChange, type SettlementData, type SettlementLine } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { SETTLEMENT_SLICES } from './index';
import type { SettlementCommand, SettlementDraft } from './settlement.decider';

// 2026-11-27 at 20:00 UTC is 28 November in India.
const metadata = { now: new Date('2026-11-27T20:00:00Z'), userId: 1, correlationId: 'c-1' };
const refused = (kind: DomainError['kind'], message: RegExp, path?: string) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect((e as DomainError).message).toMatch(message);
  expect(e).toMatchObject({ kind, ...(path ? { issues: [{ path, message: expect.stringMatching(message) }] } : {}) });
  return true;
};

const line = (lineNo: number, invoiceId: number, amount: string): SettlementLine => ({ lineNo, invoiceId, invoiceNumber: `INV-${invoiceId}`, invoiceAmount: '1180.50', amount });
const draft = (over: Partial<SettlementDraft> = {}): SettlementDraft => ({
  number: 'RCT/2026-27/0001',
  partyId: 4,
  date: '2026-11-20',
  paymentMethod: 'upi',
  texts: {},
  active: true,
  lines: [line(1, 11, '1000.25'), line(2, 12, '180.25')],
  directAmount: null,
  ...over,
});
const data = (over: Partial<SettlementData> = {}): SettlementData => ({
  id: 7,
  number: 'RCT/2026-27/0001',
  partyId: 4,
  date: '2026-11-20',
  paymentMethod: 'upi',
  texts: {},
  totalAmount: '1180.50',
  active: true,
  lines: [line(1, 11, '1000.25'), line(2, 12, '180.25')],
  ...over,
});

describe.each(SETTLEMENT_SLICES)('$doc.label (settlement.decider)', ({ doc, decider }) => {
  const spec = DeciderSpecification.for(decider);
  const record = (d: SettlementDraft = draft()): SettlementCommand => ({ type: 'Record', data: { id: 7, draft: d }, metadata });
  const revise = (d: SettlementDraft): SettlementCommand => ({ type: 'Revise', data: { id: 7, draft: d }, metadata });
  const voidIt: SettlementCommand = { type: 'Void', data: { id: 7, reason: 'Entered twice' }, metadata };
  const draw = (amount: string, partyId = 4): SettlementCommand => ({ type: 'Allocate', data: { id: 7, by: 'refund-3', partyId, amount, path: 'lines.0.amount' }, metadata });
  const release: SettlementCommand = { type: 'Release', data: { id: 7, by: 'refund-3' }, metadata };
  const recorded = (over: Partial<SettlementData> = {}): SettlementChange => ({ kind: 'recorded', data: data(over) });
  const drawn = (amount: string): SettlementChange => ({ kind: 'allocated', id: 7, by: 'refund-3', amount });
  const voided: SettlementChange = { kind: 'voided', id: 7, reason: 'Entered twice' };
  // ₹1,180.50 on the lines and ₹19.50 more: an advance of that much.
  const withAdvance = recorded({ totalAmount: '1200.00' });

  describe('when absent', () => {
    it('records its lines, its total their sum to the paisa', () => spec.given([]).when(record()).then([recorded()]));

    it('records the amount said when it is more than the lines (the rest an advance), and today in India without a date', () =>
      spec.given([]).when(record(draft({ directAmount: '1200.00', date: null }))).then([recorded({ totalAmount: '1200.00', date: '2026-11-28' })]));

    it('cannot be revised, voided or drawn on', () => {
      spec.given([]).when(revise(draft())).thenThrows(refused('not_found', new RegExp(`${doc.label} 7 not found`)));
      spec.given([]).when(voidIt).thenThrows(refused('not_found', /not found/));
      spec.given([]).when(draw('1.00')).thenThrows(refused('conflict', /has no money to refund/, 'lines.0.source'));
    });

    it('a release of what was never drawn is nothing', () => spec.given([]).when(release).thenNothingHappened());
  });

  describe('when recorded', () => {
    it('cannot be recorded again', () => spec.given([recorded()]).when(record()).thenThrows(refused('conflict', /already exists/)));

    it('revises what changed, keeping its number and date when not said', () =>
      spec
        .given([recorded()])
        .when(revise(draft({ number: null, date: null, lines: [line(1, 11, '1180.50')] })))
        .then([{ kind: 'revised', data: data({ lines: [line(1, 11, '1180.50')] }) }]));

    it('a revision that changes nothing is nothing', () => spec.given([recorded()]).when(revise(draft())).thenNothingHappened());

    it('a refund draws on its advance to the paisa, and no more than is unapplied', () => {
      spec.given([withAdvance]).when(draw('19.50')).then([drawn('19.50')]);
      spec.given([withAdvance]).when(draw('19.51')).thenThrows(refused('conflict', /Only ₹19\.50 of .* is unapplied/, 'lines.0.amount'));
      spec.given([recorded()]).when(draw('0.01')).thenThrows(refused('conflict', /Only ₹0\.00/));
    });

    it("another party's refund cannot draw on it", () =>
      spec.given([withAdvance]).when(draw('1.00', 5)).thenThrows(refused('conflict', new RegExp(`not from this ${doc.party.label.toLowerCase()}`), 'lines.0.source')));

    it('a refund asking again for what it drew is nothing; asking anew, its own share is not counted twice', () => {
      spec.given([withAdvance, drawn('10.00')]).when(draw('10.00')).thenNothingHappened();
      spec.given([withAdvance, drawn('10.00')]).when(draw('19.50')).then([drawn('19.50')]);
    });

    it('a refund releases what it drew', () => spec.given([withAdvance, drawn('10.00')]).when(release).then([{ kind: 'released', id: 7, by: 'refund-3' }]));

    it('keeps what was refunded: no revision below it, no deactivating, no voiding until the refund is voided', () => {
      const given = [withAdvance, drawn('10.00')];
      spec.given(given).when(revise(draft({ directAmount: '1190.49' }))).thenThrows(refused('conflict', /₹10\.00 of this .* was refunded: void that refund first/, 'amount'));
      spec.given(given).when(revise(draft({ directAmount: '1200.00', active: false }))).thenThrows(refused('conflict', /was refunded/, 'active'));
      spec.given(given).when(voidIt).thenThrows(refused('conflict', /was refunded/, 'id'));
      spec.given(given).when(revise(draft({ directAmount: '1190.50' }))).then([{ kind: 'revised', data: data({ totalAmount: '1190.50' }) }]);
      spec.given([...given, { kind: 'released', id: 7, by: 'refund-3' }]).when(voidIt).then([voided]);
    });
  });

  describe('when voided', () => {
    it('is kept, inactive: it cannot be revised, voided again or drawn on', () => {
      spec.given([recorded(), voided]).when(revise(draft())).thenThrows(refused('conflict', /was voided: record a new one instead/, 'id'));
      spec.given([recorded(), voided]).when(voidIt).thenThrows(refused('conflict', /was voided/));
      spec.given([withAdvance, voided]).when(draw('1.00')).thenThrows(refused('conflict', /has no money to refund/));
    });
  });
});
