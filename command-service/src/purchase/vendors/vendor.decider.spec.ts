import { DomainError } from '@erp/contracts';
import { describe, it } from 'vitest';

import type { MasterDataCommand, MasterDataEvent } from '../../shared/master-data.decider';
import { DeciderSpecification } from '../../testing/decider-specification';
import { vendorDecider } from './vendor.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const id = 42;
const body = {
  name: 'Sharma Traders',
  contactPerson: 'Ravi Sharma',
  phone: '+91-9876543210',
  email: 'ravi@sharma.in',
  address: 'MG Road, Pune',
  gstNumber: '27AAPFU0939F1ZV',
  panNumber: 'AAPFU0939F',
  paymentTerms: '30 days',
  active: true,
};
const created: MasterDataEvent = { type: 'VendorCreated', data: { ...body, id } };
const deleted: MasterDataEvent = { type: 'VendorDeleted', data: { id } };
const create: MasterDataCommand = { type: 'Create', data: { id, body }, metadata };
const update = (changes: Partial<typeof body>): MasterDataCommand => ({
  type: 'Update',
  data: { id, body: { ...body, ...changes } },
  metadata,
});
const remove: MasterDataCommand = { type: 'Delete', data: { id }, metadata };
const is = (kind: DomainError['kind']) => (e: unknown) => e instanceof DomainError && e.kind === kind;

const spec = DeciderSpecification.for(vendorDecider);

describe('vendor decider', () => {
  describe('when absent', () => {
    it('creates the vendor with every field', () => spec.given([]).when(create).then([created]));
    it('cannot update a vendor that does not exist', () => spec.given([]).when(update({})).thenThrows(is('not_found')));
    it('cannot delete a vendor that does not exist', () => spec.given([]).when(remove).thenThrows(is('not_found')));
  });

  describe('when active', () => {
    it('refuses a second create with the same id', () => spec.given([created]).when(create).thenThrows(is('conflict')));
    it('records only the fields that changed', () =>
      spec.given([created]).when(update({ phone: '+91-9000000000', email: null as unknown as string })).then([
        { type: 'VendorUpdated', data: { id, changes: { phone: '+91-9000000000', email: null } } },
      ]));
    it('records nothing when nothing changed', () => spec.given([created]).when(update({})).thenNothingHappened());
    it('sees earlier updates when diffing', () =>
      spec
        .given([created, { type: 'VendorUpdated', data: { id, changes: { name: 'Sharma & Sons' } } }])
        .when(update({ name: 'Sharma & Sons' }))
        .thenNothingHappened());
    it('deletes the vendor', () => spec.given([created]).when(remove).then([deleted]));
  });

  describe('when deleted', () => {
    it('cannot update it', () => spec.given([created, deleted]).when(update({ name: 'X' })).thenThrows(is('not_found')));
    it('cannot delete it twice', () => spec.given([created, deleted]).when(remove).thenThrows(is('not_found')));
    it('cannot re-create the id', () => spec.given([created, deleted]).when(create).thenThrows(is('conflict')));
  });
});
