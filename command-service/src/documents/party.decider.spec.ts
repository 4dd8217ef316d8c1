import { customersEntity, DomainError, type PartyConfig, purchaseInvoices, salesInvoices, vendorsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { partyDecider, type PartyUseCommand } from './party.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const customers = DeciderSpecification.for(partyDecider(customersEntity));
const customer = salesInvoices.party;
const use = (opensBusiness = true, party: PartyConfig<string> = customer): PartyUseCommand => ({ type: 'Use', data: { id: 7, party, opensBusiness }, metadata });
const created = (active = true) => ({ type: 'CustomerCreated', data: { id: 7, name: 'Ravi Traders', active } });
const used = { type: 'CustomerUsed', data: { id: 7 } };
const onField = (field: string, words: RegExp) => (e: unknown) =>
  e instanceof DomainError && e.kind === 'validation' && e.issues?.[0]?.path === field && words.test(e.message) && words.test(e.issues[0].message);

describe('a document names a party (issue 42)', () => {
  it('records the first use on the party\'s stream', () => customers.given([created()]).when(use()).then([used]));
  it('records it once: a party already used is only checked', () => customers.given([created(), used]).when(use()).thenNothingHappened());
  it('speaks the vendor side as VendorUsed', () =>
    DeciderSpecification.for(partyDecider(vendorsEntity))
      .given([{ type: 'VendorCreated', data: { id: 7, name: 'Metro' } }])
      .when(use(true, purchaseInvoices.party))
      .then([{ type: 'VendorUsed', data: { id: 7 } }]));
  it('refuses a party that does not exist, on the party field, with the seed message', () => {
    customers.given([]).when(use()).thenThrows(onField('customerId', /not found|select a customer/));
    customers.given([created(), { type: 'CustomerDeleted', data: { id: 7 } }]).when(use()).thenThrows(onField('customerId', /not found|select a customer/));
  });
  it('refuses a new invoice for an inactive party, saying so on the party field', () =>
    customers.given([created(), used, { type: 'CustomerUpdated', data: { id: 7, changes: { active: false } } }]).when(use()).thenThrows(onField('customerId', /customer is inactive/)));
  it('still takes what settles an inactive party (a receipt, a note)', () => {
    customers.given([created(false), used]).when(use(false)).thenNothingHappened();
    customers.given([created(false)]).when(use(false)).then([used]);
  });
  it('folds the use beside the record: the record is as its own events left it', () => {
    const decider = partyDecider(customersEntity);
    const state = [created(), used].reduce((s, e) => decider.evolve(s, decider.decode(e)!), decider.initialState());
    expect(state).toEqual({ used: true, record: { status: 'active', id: 7, values: { name: 'Ravi Traders', active: true } } });
  });
});
