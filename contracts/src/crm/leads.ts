import { LEAD_SOURCES, LEAD_STATUSES } from '../constants';
import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, date, email, multiline, phone, requiredText, select, text } from '../fields';

/** Leads (SEED-SPEC §2, §3, §4): prospects; status defaults to 'new', any may be chosen. */
export const leadsEntity = masterDataEntity({
  module: 'crm',
  plural: 'leads',
  singular: 'lead',
  label: 'Lead',
  path: '/api/crm/leads',
  canDelete: false,
  sortBy: 'name',
  search: { fields: ['name', 'company', 'email', 'source', 'phone'], phones: ['phone'] },
  fields: {
    name: requiredText(),
    company: text(),
    phone: phone(),
    email: email(),
    source: select(LEAD_SOURCES, { error: 'Please select a source from the list' }),
    status: select(LEAD_STATUSES, { required: true, defaultValue: 'new', error: 'Please select a status from the list' }),
    assignedTo: text(),
    notes: multiline(),
    followUpDate: date(),
    active: active(),
  },
});

export const LeadBodySchema = leadsEntity.body;
export const LeadSchema = leadsEntity.record;
export type LeadBody = BodyOf<typeof leadsEntity>;
export type LeadInput = typeof leadsEntity.body._zod.input;
export type Lead = RecordOf<typeof leadsEntity>;
export type LeadEvent = EventOf<typeof leadsEntity>;
