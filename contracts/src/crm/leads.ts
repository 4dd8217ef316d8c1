import { LEAD_SOURCES, LEAD_STATUSES } from '../constants';
import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { z } from 'zod';

import { active, date, email, multiline, phone, recordOnlyRef, requiredText, select, text } from '../fields';
import { customersEntity } from '../sales/customers';

/**
 * Leads (SEED-SPEC §2, §3, §4): prospects; status defaults to 'new', any may be chosen. A lead
 * converted to a customer (`POST …/{id}/convert`) records `LeadConverted`, which names the customer.
 */
export const leadsEntity = masterDataEntity({
  module: 'crm',
  plural: 'leads',
  singular: 'lead',
  label: 'Lead',
  path: '/api/crm/leads',
  canDelete: false,
  sortBy: 'name',
  search: { fields: ['name', 'company', 'email', 'source', 'phone'], phones: ['phone'] },
  marks: { LeadConverted: ['convertedCustomerId'] },
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
    convertedCustomerId: recordOnlyRef('customer'),
  },
});

/** The event a conversion appends to the lead's stream. */
export const LeadConvertedSchema = z.object({
  type: z.literal('LeadConverted'),
  data: z.object({ id: z.number().int().positive(), convertedCustomerId: z.number().int().positive() }),
});
export type LeadConverted = z.output<typeof LeadConvertedSchema>;

/** `POST /api/crm/leads/{id}/convert`. */
export const leadConvertPath = (leadPath: string) => `${leadPath}/convert`;

/** What converting a lead answers (201): the lead, now naming its customer, and the customer made from it. */
export const LeadConversionSchema = z.object({ lead: leadsEntity.record, customer: customersEntity.record });
export type LeadConversion = z.output<typeof LeadConversionSchema>;

/**
 * The customer a lead becomes: the business when a company is given (invoices are made out to
 * it) with the lead as its contact person, else the person; phone and email carried over.
 * Customers have no notes: the lead keeps its own.
 */
export const customerFromLead = (lead: { name: string; company: string | null; phone: string | null; email: string | null }) => ({
  name: lead.company ?? lead.name,
  contactPerson: lead.company ? lead.name : null,
  phone: lead.phone,
  email: lead.email,
  active: true,
});

export const LeadBodySchema = leadsEntity.body;
export const LeadSchema = leadsEntity.record;
export type LeadBody = BodyOf<typeof leadsEntity>;
export type LeadInput = typeof leadsEntity.body._zod.input;
export type Lead = RecordOf<typeof leadsEntity>;
export type LeadEvent = EventOf<typeof leadsEntity>;
