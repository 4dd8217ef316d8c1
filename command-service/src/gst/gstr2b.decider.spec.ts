import { DomainError, GSTR2B_EVENTS, type Gstr2bDocument, type Gstr2bEvent } from '@erp/contracts';
import { describe, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type Gstr2bCommand, gstr2bDecider } from './gstr2b.decider';

const metadata = { now: new Date('2026-05-14T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const spec = DeciderSpecification.for(gstr2bDecider);
const period = '2026-04';
const is = (kind: DomainError['kind'], path?: string) => (e: unknown) => e instanceof DomainError && e.kind === kind && (path === undefined || (e.issues ?? []).some((i) => i.path === path));

const doc = (number: string): Gstr2bDocument => ({
  key: `invoice:29AAHCM7727Q1ZI:${number}`, kind: 'invoice', ctin: '29AAHCM7727Q1ZI', supplierName: 'Mehta Traders', number, date: '2026-04-10', value: '1180.00',
  placeOfSupply: '27', reverseCharge: false, taxableValue: '1000.00', igst: '180.00', cgst: '0.00', sgst: '0.00', cess: '0.00', supplyType: 'R', supplierPeriod: '042026',
});
const importing = (documents: Gstr2bDocument[]): Gstr2bCommand => ({ type: 'Import2b', data: { period, fileName: '2b.json', gstin: '27AAPFU0939F1ZV', generatedOn: '14-05-2026', documents, notRead: [] }, metadata });
const imported = (importId: number, documents: Gstr2bDocument[]): Gstr2bEvent => ({ type: GSTR2B_EVENTS.imported, data: { period, importId, fileName: '2b.json', gstin: '27AAPFU0939F1ZV', generatedOn: '14-05-2026', documents, notRead: [] } });
const act = (key: string, action: 'accept' | 'reject' | 'pending'): Gstr2bCommand => ({ type: 'TakeAction', data: { period, key, action }, metadata });

describe('GSTR-2B decider', () => {
  it('an import is numbered; a second one replaces the documents', () =>
    spec.given([imported(1, [doc('A-1')])]).when(importing([doc('A-2')])).then([imported(2, [doc('A-2')])]));

  it('an action on a document of the last import', () =>
    spec.given([imported(1, [doc('A-1')])]).when(act(doc('A-1').key, 'accept')).then([{ type: GSTR2B_EVENTS.actionTaken, data: { period, key: doc('A-1').key, action: 'accept' } }]));

  it('an action on a document the last import no longer has is a 400 on key', () =>
    spec.given([imported(1, [doc('A-1')]), imported(2, [doc('A-2')])]).when(act(doc('A-1').key, 'accept')).thenThrows(is('validation', 'key')));

  it('no action before any import', () => spec.given([]).when(act(doc('A-1').key, 'reject')).thenThrows(is('not_found')));

  it('the same action again is a conflict, whether the owner or an IMS file gave it', () =>
    spec
      .given([imported(1, [doc('A-1')]), { type: GSTR2B_EVENTS.imsImported, data: { period, fileName: 'ims.json', statuses: [{ key: doc('A-1').key, action: 'reject' }] } }])
      .when(act(doc('A-1').key, 'reject'))
      .thenThrows(is('conflict', 'action')));

  it('the tolerance in rupees and paise; the same again changes nothing', () => {
    spec.given([]).when({ type: 'SetTolerance', data: { period, tolerance: '2.5' }, metadata }).then([{ type: GSTR2B_EVENTS.toleranceSet, data: { period, tolerance: '2.50' } }]);
    spec.given([{ type: GSTR2B_EVENTS.toleranceSet, data: { period, tolerance: '2.50' } }]).when({ type: 'SetTolerance', data: { period, tolerance: '2.50' }, metadata }).then([]);
  });
});
