import { DomainError, followUpsEntity, leadsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { masterDataDecider, type MasterDataCommand } from '../master-data/master-data.decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { leadConversionDecider } from './lead-conversion.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const is = (kind: DomainError['kind']) => (e: unknown) => e instanceof DomainError && e.kind === kind;
const naming = (...paths: string[]) => (e: unknown) =>
  is('validation')(e) && JSON.stringify((e as DomainError).issues?.map((i) => i.path).sort()) === JSON.stringify([...paths].sort());

type Command = MasterDataCommand<typeof followUpsEntity>;
const decider = masterDataDecider(followUpsEntity);
const spec = DeciderSpecification.for(decider);
/** The body as the route hands it over; one breaking the cross-field rule (which the schema refuses too) as the schema would normalise it. */
const body = (values: Record<string, unknown>) => followUpsEntity.body.safeParse(values).data ?? (normalised(values) as never);
const normalised = (values: Record<string, unknown>) => ({
  leadId: null, customerId: null, followUpDate: '2026-11-22', followUpType: 'call', status: 'pending', notes: null, outcome: null, nextFollowUp: null, active: true, ...values,
});
const create = (values: Record<string, unknown>): Command => ({ type: 'Create', data: { id: 7, body: body({ followUpType: 'call', followUpDate: '2026-11-22', ...values }) }, metadata });
const update = (values: Record<string, unknown>): Command => ({ type: 'Update', data: { id: 7, body: body({ followUpType: 'call', followUpDate: '2026-11-22', leadId: 3, ...values }) }, metadata });
const createdWith = (values: Record<string, unknown>) => ({ type: 'FollowUpCreated' as const, data: followUpsEntity.events.created.parse({ ...normalised(values), id: 7 }) });

describe('Follow-up decider', () => {
  it('creates a follow-up with a lead, pending by default', () =>
    spec.given([]).when(create({ leadId: 3 })).then([createdWith({ leadId: 3 })]));

  it('creates a follow-up with a customer', () =>
    spec.given([]).when(create({ customerId: 5, followUpType: 'whatsapp' })).then([createdWith({ customerId: 5, followUpType: 'whatsapp' })]));

  it('refuses one with neither a lead nor a customer, naming both fields', () =>
    spec.given([]).when(create({})).thenThrows(naming('leadId', 'customerId')));

  it('refuses one with both a lead and a customer, naming both fields', () =>
    spec.given([]).when(create({ leadId: 3, customerId: 5 })).thenThrows(naming('leadId', 'customerId')));

  it('marks a follow-up done with its outcome: only what changed is recorded', () =>
    spec
      .given([createdWith({ leadId: 3 })])
      .when(update({ status: 'done', outcome: 'Wants a quote' }))
      .then([{ type: 'FollowUpUpdated', data: { id: 7, changes: { status: 'done', outcome: 'Wants a quote' } } }]));

  it('refuses an update that would leave it about both a lead and a customer', () =>
    spec.given([createdWith({ leadId: 3 })]).when(update({ customerId: 5 })).thenThrows(naming('leadId', 'customerId')));

  it('moves a follow-up from a lead to a customer', () =>
    spec
      .given([createdWith({ leadId: 3 })])
      .when(update({ leadId: null, customerId: 5 }))
      .then([{ type: 'FollowUpUpdated', data: { id: 7, changes: { leadId: null, customerId: 5 } } }]));

  it('the body schema says the same, so a form shows it on the fields', () => {
    const result = followUpsEntity.body.safeParse({ followUpType: 'call' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['leadId', 'customerId']);
    expect(followUpsEntity.body.parse({ followUpType: 'visit', customerId: '5', followUpDate: '' }).followUpDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('Lead conversion decider', () => {
  const conversion = DeciderSpecification.for(leadConversionDecider);
  const lead = { type: 'LeadCreated' as const, data: { ...leadsEntity.body.parse({ name: 'Ravi Kumar', company: 'Kumar Textiles' }), id: 3 } };
  const convert = { type: 'Convert' as const, data: { id: 3, customerId: 12 }, metadata };
  const converted = { type: 'LeadConverted' as const, data: { id: 3, convertedCustomerId: 12 } };

  it('records LeadConverted naming the customer', () => conversion.given([lead]).when(convert).then([converted]));
  it('refuses a second conversion (409)', () =>
    conversion.given([lead, converted]).when({ ...convert, data: { id: 3, customerId: 13 } }).thenThrows(is('conflict')));
  it('cannot convert a lead that does not exist (404)', () => conversion.given([]).when(convert).thenThrows(is('not_found')));
  it('a lead edited after its conversion stays converted: an edit cannot clear it', () => {
    const edit = masterDataDecider(leadsEntity).decide(
      { type: 'Update', data: { id: 3, body: leadsEntity.body.parse({ name: 'Ravi K', company: 'Kumar Textiles' }) }, metadata },
      [lead, converted].reduce(leadConversionDecider.evolve, leadConversionDecider.initialState()),
    );
    expect(edit).toEqual([{ type: 'LeadUpdated', data: { id: 3, changes: { name: 'Ravi K' } } }]);
  });
});
