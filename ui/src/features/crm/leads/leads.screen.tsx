import { LEAD_SOURCES, LEAD_STATUSES, leadsEntity, routes, type Lead, type LeadBody } from '@erp/contracts';
import { Building2, CalendarClock, Mail, Megaphone, Phone, Store, UserCheck } from 'lucide-react';
import { useMemo } from 'react';

import { type BadgeTone, type CardAction, formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { openRecord } from '@/components/use-screen-view';
import { addFollowUp } from '@/features/crm/follow-ups/add-follow-up';
import { useNextFollowUpField } from '@/features/crm/follow-ups/next-follow-up';
import { useConvertLead } from '@/features/crm/leads/convert-lead';
import { leadsResource } from '@/features/crm/leads/leads.resource';
import { useLabels } from '@/features/documents/lookups';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { formatDate } from '@/lib/format';

type Values = Record<string, unknown>;

/** SEED-SPEC §2: new blue, contacted yellow, qualified green, lost red, others grey. */
const TONES: Record<string, BadgeTone> = { new: 'blue', contacted: 'yellow', qualified: 'green', lost: 'red' };
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const leadsList: ListConfig<Lead, Values, LeadBody> = {
  title: 'Leads',
  subtitle: 'Prospect management',
  addLabel: 'Add Lead',
  searchPlaceholder: 'Search leads...',
  backTo: { to: routes.module('crm'), label: 'Back to CRM' },
  empty: {
    searching: 'No leads found matching your search.',
    initial: 'No leads found. Add your first lead!',
  },
  search: leadsEntity.search,
  card: {
    title: (lead) => lead.name,
    badge: (lead) => ({ label: lead.status, tone: TONES[lead.status] ?? 'grey' }),
    fields: [
      { label: 'Company', icon: Building2, value: (l) => l.company, hideWhenEmpty: true },
      { label: 'Phone', icon: Phone, value: (l) => l.phone, hideWhenEmpty: true },
      { label: 'Email', icon: Mail, value: (l) => l.email, hideWhenEmpty: true },
      { label: 'Source', icon: Megaphone, value: (l) => l.source, hideWhenEmpty: true },
      { label: 'Assigned To', icon: UserCheck, value: (l) => l.assignedTo, hideWhenEmpty: true },
      { label: 'Follow Up', icon: CalendarClock, value: (l) => formatDate(l.followUpDate), hideWhenEmpty: true },
    ],
  },
  resource: leadsResource,
  form: {
    entityLabel: leadsEntity.label,
    schema: leadsEntity.body,
    titles: { create: 'Add Lead', edit: 'Edit Lead' },
    subtitles: { create: 'Create new lead record', edit: 'Update lead information' },
    submitLabels: { create: 'Create Lead', update: 'Update Lead' },
    sections: [
      {
        title: 'Lead Information',
        fields: [
          { name: 'name', label: 'Contact Name', kind: 'text', required: true, placeholder: 'Enter contact name' },
          { name: 'company', label: 'Company', kind: 'text' },
          { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+91-9876543210' },
          { name: 'email', label: 'Email', kind: 'email', placeholder: 'name@example.com' },
          { name: 'source', label: 'Source', kind: 'select', options: LEAD_SOURCES.map((s) => ({ value: s, label: s })) },
          { name: 'status', label: 'Status', kind: 'select', options: LEAD_STATUSES.map((s) => ({ value: s, label: capitalised(s) })) },
          { name: 'assignedTo', label: 'Assigned To', kind: 'text' },
          { name: 'followUpDate', label: 'Follow Up Date', kind: 'date' },
          { name: 'notes', label: 'Notes', kind: 'textarea' },
        ],
      },
    ],
    emptyValues: { name: '', company: '', phone: '', email: '', source: '', status: 'new', assignedTo: '', followUpDate: '', notes: '', active: true },
    toFormValues: (lead) => formValuesOf(lead, leadsEntity.fieldNames),
  },
};

/**
 * The leads, each card offering Add Follow-up and Convert to Customer (asked first); a converted
 * lead's badge says so, and its card names the customer and opens it.
 */
export function LeadsScreen() {
  const convert = useConvertLead();
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const nextFollowUp = useNextFollowUpField<Lead>('leadId');
  const config = useMemo((): ListConfig<Lead, Values, LeadBody> => {
    const actions = (lead: Lead): CardAction[] => [
      addFollowUp('leadId', lead.id),
      lead.convertedCustomerId
        ? { label: 'View Customer', to: openRecord(routes.task('sales', 'customers'), lead.convertedCustomerId) }
        : {
            label: 'Convert to Customer',
            confirm: {
              title: 'Convert to Customer',
              description: `Create a customer from ${lead.name}${lead.company ? ` (${lead.company})` : ''}? The lead's name, company, phone and email are carried over; the lead is kept, marked converted.`,
              confirmLabel: 'Convert',
            },
            run: () => convert(lead),
          },
    ];
    const converted = { label: 'Customer', icon: Store, value: (l: Lead) => (l.convertedCustomerId ? customerName(l.convertedCustomerId, 'Unknown Customer') : null), hideWhenEmpty: true };
    return {
      ...leadsList,
      card: {
        ...leadsList.card,
        badge: (lead) => (lead.convertedCustomerId ? { label: 'converted', tone: 'green' } : leadsList.card.badge!(lead)),
        fields: [...leadsList.card.fields, nextFollowUp, converted],
        actions,
      },
    };
  }, [convert, customerName, nextFollowUp]);
  return <EntityListScreen config={config} />;
}
