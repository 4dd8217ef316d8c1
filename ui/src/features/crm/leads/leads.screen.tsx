import { LEAD_SOURCES, LEAD_STATUSES, leadsEntity, routes, type Lead, type LeadBody } from '@erp/contracts';
import { Building2, CalendarClock, Mail, Megaphone, Phone, UserCheck } from 'lucide-react';

import { type BadgeTone, formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { leadsResource } from '@/features/crm/leads/leads.resource';
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

export function LeadsScreen() {
  return <EntityListScreen config={leadsList} />;
}
