import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, date, dateOrToday, multiline, optionalRef, select, text } from '../fields';

/** How a follow-up is made, as stored and as the screens say it. */
export const FOLLOW_UP_TYPES = ['call', 'visit', 'email', 'whatsapp', 'meeting'] as const;
export const FOLLOW_UP_TYPE_LABELS = [
  { value: 'call', label: 'Call' },
  { value: 'visit', label: 'Visit' },
  { value: 'email', label: 'Email' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'meeting', label: 'Meeting' },
] as const satisfies readonly { value: (typeof FOLLOW_UP_TYPES)[number]; label: string }[];
/** SEED-SPEC §4: follow-ups start 'pending'. */
export const FOLLOW_UP_STATUSES = ['pending', 'done', 'cancelled'] as const;
export const FOLLOW_UP_STATUS_LABELS = [
  { value: 'pending', label: 'Pending' },
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

/** The lists of `GET /api/crm/follow-ups?due=`: pending and dated today in India, or before. */
export const FOLLOW_UP_DUE = ['today', 'overdue'] as const;
export type FollowUpDue = (typeof FOLLOW_UP_DUE)[number];

/**
 * Follow-ups (SEED-SPEC §3 follow_ups): a call, visit, email, WhatsApp or meeting planned with
 * a lead or a customer — exactly one of the two. The date is today in India when left blank.
 */
export const followUpsEntity = masterDataEntity({
  module: 'crm',
  plural: 'follow-ups',
  singular: 'follow-up',
  label: 'Follow-up',
  eventName: 'FollowUp',
  path: '/api/crm/follow-ups',
  canDelete: false,
  sortBy: 'followUpDate',
  search: {
    fields: ['followUpType', 'status', 'notes', 'outcome'],
    refs: { leadId: 'lead', customerId: 'customer' },
    labels: { followUpType: FOLLOW_UP_TYPE_LABELS },
  },
  exactlyOne: { fields: ['leadId', 'customerId'], message: 'Choose a lead or a customer (one of them)' },
  due: { date: 'followUpDate', status: 'status', open: 'pending' },
  fields: {
    leadId: optionalRef('Please select a lead', 'lead'),
    customerId: optionalRef('Please select a customer', 'customer'),
    followUpDate: dateOrToday(),
    followUpType: select(FOLLOW_UP_TYPES, { required: true, error: 'Please select a follow-up type' }),
    status: select(FOLLOW_UP_STATUSES, { required: true, defaultValue: 'pending', error: 'Please select a status from the list' }),
    notes: multiline(),
    outcome: text(),
    nextFollowUp: date(),
    active: active(),
  },
});

export const FollowUpBodySchema = followUpsEntity.body;
export const FollowUpSchema = followUpsEntity.record;
export type FollowUpBody = BodyOf<typeof followUpsEntity>;
export type FollowUp = RecordOf<typeof followUpsEntity>;
export type FollowUpEvent = EventOf<typeof followUpsEntity>;
