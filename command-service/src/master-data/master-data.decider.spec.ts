import { DomainError, employeesEntity, type MasterDataEntity, withComputed } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { MASTER_DATA_SLICES } from './index';
import type { MasterDataCommand } from './master-data.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const id = 42;
const is = (kind: DomainError['kind']) => (e: unknown) => e instanceof DomainError && e.kind === kind;

/** What the route hands the decider: the body as the contract's schema normalised it. */
const parsed = (entity: MasterDataEntity, body: Record<string, unknown>): Record<string, unknown> => {
  const result = entity.body.safeParse(body);
  if (!result.success) throw new Error(`sample of ${entity.plural} is invalid: ${result.error.message}`);
  return { ...(result.data as Record<string, unknown>) };
};

describe.each(MASTER_DATA_SLICES.map((s) => [s.entity.label, s] as const))('%s decider', (_label, { entity, decider }) => {
  const sample = MASTER_DATA_SAMPLES[entity.plural]!;
  const body = parsed(entity, sample.body('one'));
  const { names } = entity.events;
  // Computed fields (a payroll's net) are the server's, worked out from the rest.
  const created = { type: names.created, data: { ...withComputed(entity, body), id } };
  const deleted = { type: names.deleted, data: { id } };
  const create: MasterDataCommand<MasterDataEntity> = { type: 'Create', data: { id, body }, metadata };
  const update = (changes: Record<string, unknown>): MasterDataCommand<MasterDataEntity> => ({
    type: 'Update',
    data: { id, body: parsed(entity, { ...sample.body('one'), ...changes }) },
    metadata,
  });
  const remove: MasterDataCommand<MasterDataEntity> = { type: 'Delete', data: { id }, metadata };
  const changed = parsed(entity, { ...sample.body('one'), [sample.change.field]: sample.change.value })[sample.change.field];
  const spec = DeciderSpecification.for(decider);

  describe('when absent', () => {
    it('creates the record with every field, as the schema normalised it', () => spec.given([]).when(create).then([created]));
    it('cannot update a record that does not exist', () => spec.given([]).when(update({})).thenThrows(is('not_found')));
    it('cannot delete a record that does not exist', () => spec.given([]).when(remove).thenThrows(is('not_found')));
  });

  describe('when active', () => {
    it('refuses a second create with the same id', () => spec.given([created]).when(create).thenThrows(is('conflict')));
    it('records only the field that changed', () =>
      spec.given([created]).when(update({ [sample.change.field]: sample.change.value })).then([
        { type: names.updated, data: { id, changes: { [sample.change.field]: changed } } },
      ]));
    it('records nothing when nothing changed', () => spec.given([created]).when(update({})).thenNothingHappened());
    it('sees earlier updates when diffing', () =>
      spec
        .given([created, { type: names.updated, data: { id, changes: { [sample.change.field]: changed } } }])
        .when(update({ [sample.change.field]: sample.change.value }))
        .thenNothingHappened());
    it('deletes the record', () => spec.given([created]).when(remove).then([deleted]));
  });

  describe('when deleted', () => {
    it('cannot update it', () => spec.given([created, deleted]).when(update({})).thenThrows(is('not_found')));
    it('cannot delete it twice', () => spec.given([created, deleted]).when(remove).thenThrows(is('not_found')));
    it('cannot re-create the id', () => spec.given([created, deleted]).when(create).thenThrows(is('conflict')));
  });

  it('reads an event written before a field existed, that field as absent', () => {
    const [first] = entity.fieldNames;
    const older: Record<string, unknown> = { ...created.data };
    delete older[first!];
    expect(decider.decode({ type: names.created, data: older })).toEqual({ type: names.created, data: older });
  });

  it('refuses to read an event of its own type whose data breaks the contract', () => {
    expect(() => decider.decode({ type: names.created, data: { id: 'seven' } })).toThrow();
    expect(decider.decode({ type: 'SomethingElse', data: {} })).toBeNull();
  });
});

describe('field normalisation reaches the events', () => {
  it('money becomes a 2-decimal string, an integer a number, a blank optional field null', () => {
    const customers = MASTER_DATA_SLICES.find((s) => s.entity.plural === 'customers')!;
    const items = MASTER_DATA_SLICES.find((s) => s.entity.plural === 'items')!;
    const customer = parsed(customers.entity, { name: 'A', creditLimit: 75000.5, phone: '' });
    expect([customer.creditLimit, customer.phone]).toEqual(['75000.50', null]);
    const item = parsed(items.entity, { name: 'Rice', unit: 'KG', reorderLevel: '', taxRate: '' });
    expect([item.reorderLevel, item.taxRate, item.unit]).toEqual([10, '18', 'KG']);
    expect(employeesEntity.unique).toEqual({ field: 'employeeId', label: 'Employee ID' });
  });
});

describe('a party in use is not deleted (issue 42)', () => {
  const customers = MASTER_DATA_SLICES.find((s) => s.entity.plural === 'customers')!;
  const vendors = MASTER_DATA_SLICES.find((s) => s.entity.plural === 'vendors')!;
  const created = (label: string) => ({ type: `${label}Created`, data: { id, name: 'Ravi Traders', active: true } });
  const unused = { used: false, documents: [], balanceDue: '0.00', owedBy: 'them' as const };
  const remove = (usage: typeof unused | { used: boolean; documents: { label: string; count: number }[]; balanceDue: string; owedBy: 'them' | 'us' }): MasterDataCommand<MasterDataEntity> => ({
    type: 'Delete',
    data: { id, usage },
    metadata,
  });
  const refusedSaying = (words: RegExp) => (e: unknown) => e instanceof DomainError && e.kind === 'conflict' && words.test(e.message);

  it('deletes a party no document names', () =>
    DeciderSpecification.for(customers.decider).given([created('Customer')]).when(remove(unused)).then([{ type: 'CustomerDeleted', data: { id } }]));

  it('refuses one with documents, naming them and what they owe, and offering to make them inactive', () =>
    DeciderSpecification.for(customers.decider)
      .given([created('Customer')])
      .when(remove({ used: true, documents: [{ label: 'invoice', count: 3 }, { label: 'receipt', count: 1 }], balanceDue: '4251.00', owedBy: 'them' }))
      .thenThrows(refusedSaying(/^Ravi Traders has 3 invoices and 1 receipt and owes ₹4,251\.00; make them inactive instead$/)));

  it('refuses a vendor we owe, saying so', () =>
    DeciderSpecification.for(vendors.decider)
      .given([created('Vendor')])
      .when(remove({ used: false, documents: [{ label: 'invoice', count: 1 }], balanceDue: '900.00', owedBy: 'us' }))
      .thenThrows(refusedSaying(/^Ravi Traders has 1 invoice and is owed ₹900\.00; make them inactive instead$/)));

  it('refuses one a document named before, though none names it now', () =>
    DeciderSpecification.for(customers.decider)
      .given([created('Customer')])
      .when(remove({ ...unused, used: true }))
      .thenThrows(refusedSaying(/^Ravi Traders is named on documents; make them inactive instead$/)));

  it('refuses one with documents recorded before uses were recorded', () =>
    DeciderSpecification.for(customers.decider)
      .given([created('Customer')])
      .when(remove({ ...unused, documents: [{ label: 'credit note', count: 2 }] }))
      .thenThrows(refusedSaying(/^Ravi Traders has 2 credit notes; make them inactive instead$/)));
});
