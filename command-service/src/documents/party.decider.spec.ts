import { DomainError, type PartyConfig, purchaseInvoices, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import type { MasterDataState } from '../master-data/master-data.decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { type PartyUseCommand, partyUseDecider } from './party.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const spec = DeciderSpecification.for(partyUseDecider);
const customer = salesInvoices.party;
const active: MasterDataState = { status: 'active', id: 7, values: { name: 'Ravi Traders', active: true } };
const inactive: MasterDataState = { status: 'active', id: 7, values: { name: 'Ravi Traders', active: false } };
const use = (record: MasterDataState, opensBusiness = true, party: PartyConfig<string> = customer): PartyUseCommand => ({
  type: 'Use',
  data: { id: 7, by: 'sales-invoice-3', context: { party, record, opensBusiness } },
  metadata,
});
const used = { type: 'CustomerUsed', data: { id: 7, by: 'sales-invoice-1' } };
const onField = (field: string, words: RegExp) => (e: unknown) =>
  e instanceof DomainError && e.kind === 'validation' && e.issues?.[0]?.path === field && words.test(e.message) && words.test(e.issues[0].message);

describe('a document names a party', () => {
  it('records the first use, naming the document', () =>
    spec.given([]).when(use(active)).then([{ type: 'CustomerUsed', data: { id: 7, by: 'sales-invoice-3' } }]));
  it('records it once: a party already used is only checked', () => spec.given([used]).when(use(active)).thenNothingHappened());
  it('speaks the vendor side as VendorUsed', () =>
    spec.given([]).when(use(active, true, purchaseInvoices.party)).then([{ type: 'VendorUsed', data: { id: 7, by: 'sales-invoice-3' } }]));
  it('refuses a party that does not exist, on the party field, with the seed message', () => {
    spec.given([]).when(use({ status: 'absent' })).thenThrows(onField('customerId', /select a customer|not found/));
    spec.given([used]).when(use({ status: 'deleted', id: 7 })).thenThrows(onField('customerId', /select a customer|not found/));
  });
  it('refuses a new invoice for an inactive party, saying so on the party field', () =>
    spec.given([used]).when(use(inactive)).thenThrows(onField('customerId', /customer is inactive/)));
  it('still takes what settles an inactive party (a receipt, a note)', () => {
    spec.given([used]).when(use(inactive, false)).thenNothingHappened();
    spec.given([]).when(use(inactive, false)).then([{ type: 'CustomerUsed', data: { id: 7, by: 'sales-invoice-3' } }]);
  });
  it('reads only its own events', () => {
    expect(partyUseDecider.decode({ type: 'CustomerUsed', data: { id: 7, by: 'receipt-2' } })).toEqual({ type: 'CustomerUsed', data: { id: 7, by: 'receipt-2' } });
    expect(partyUseDecider.decode({ type: 'CustomerCreated', data: { id: 7 } })).toBeNull();
  });
});

describe('a party is deleted', () => {
  const close: PartyUseCommand = { type: 'Close', data: { id: 7, party: customer }, metadata };
  it('closes its use stream, so a first use racing the delete conflicts on the same version', () =>
    spec.given([]).when(close).then([{ type: 'CustomerUseClosed', data: { id: 7 } }]));
  it('a closed stream is not a used one', () => {
    const closed = { type: 'CustomerUseClosed', data: { id: 7 } };
    expect(partyUseDecider.evolve(partyUseDecider.initialState(), partyUseDecider.decode(closed)!)).toEqual({ used: false });
  });
});
