import {
  FOLLOW_UP_STATUS_LABELS,
  FOLLOW_UP_TYPE_LABELS,
  followUpsEntity,
  routes,
  type FollowUp,
  type FollowUpBody,
} from '@erp/contracts';
import { CalendarClock, CalendarDays, CheckCircle2, MessageSquare, StickyNote, User } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';

import { type BadgeTone, formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { addFollowUp } from '@/features/crm/follow-ups/add-follow-up';
import { followUpsResource } from '@/features/crm/follow-ups/follow-ups.resource';
import { leadsResource } from '@/features/crm/leads/leads.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { errorText } from '@/lib/error-text';
import { formatDate, todayInIndia } from '@/lib/format';
import { toast } from '@/lib/toast-store';

type Values = Record<string, unknown>;

const leadOptions = optionsFrom(leadsResource.useList);
const customerOptions = optionsFrom(customersResource.useList);
const labelOf = (labels: readonly { value: string; label: string }[], value: string) => labels.find((l) => l.value === value)?.label ?? value;
const TONES: Record<string, BadgeTone> = { pending: 'yellow', done: 'green', cancelled: 'grey' };

/** Pending yellow, done green, cancelled grey; pending and dated before today: overdue, red. */
const badgeOf = (f: FollowUp) =>
  f.status === 'pending' && f.followUpDate < todayInIndia() ? { label: 'overdue', tone: 'red' as const } : { label: f.status, tone: TONES[f.status] ?? 'grey' };

/** Mark Done: the follow-up done; when it names a next follow-up, that one's form opens filled in. */
function useMarkDone() {
  const update = followUpsResource.useUpdate();
  const navigate = useNavigate();
  const { mutateAsync } = update;
  return useCallback(
    async (f: FollowUp) => {
      try {
        await mutateAsync({ id: f.id, body: followUpsEntity.body.parse({ ...f, status: 'done' }) });
      } catch (error) {
        toast({ title: 'Error', description: `Failed to update follow-up: ${errorText(error)}`, variant: 'destructive' });
        return;
      }
      if (!f.nextFollowUp) {
        toast({ title: 'Success', description: 'Follow-up marked done' });
        return;
      }
      toast({ title: 'Success', description: `Follow-up marked done. Plan the next one for ${formatDate(f.nextFollowUp)}.` });
      const next = addFollowUp(f.leadId ? 'leadId' : 'customerId', f.leadId ?? f.customerId!, { followUpDate: f.nextFollowUp, followUpType: f.followUpType });
      navigate(next.to.pathname, { state: next.to.state });
    },
    [mutateAsync, navigate],
  );
}

export function FollowUpsScreen() {
  const leadName = useLabels(leadsResource.useList, (l) => l.name);
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const markDone = useMarkDone();
  const config = useMemo((): ListConfig<FollowUp, Values, FollowUpBody> => {
    const whoOf = (f: FollowUp) => (f.leadId ? leadName(f.leadId, 'Unknown Lead') : customerName(f.customerId, 'Unknown Customer'));
    return {
      title: 'Follow-ups',
      subtitle: 'Calls, visits and meetings with leads and customers',
      addLabel: 'Add Follow-up',
      searchPlaceholder: 'Search follow-ups...',
      backTo: { to: routes.module('crm'), label: 'Back to CRM' },
      empty: {
        searching: 'No follow-ups found matching your search.',
        initial: 'No follow-ups found. Add your first follow-up!',
      },
      views: [
        { label: 'Today', filter: { due: 'today' }, empty: 'No follow-ups due today.' },
        { label: 'Overdue', filter: { due: 'overdue' }, empty: 'No overdue follow-ups.' },
        { label: 'All', filter: {}, empty: 'No follow-ups found. Add your first follow-up!' },
      ],
      search: followUpsEntity.search,
      searchAlso: (f) => [whoOf(f)],
      card: {
        title: whoOf,
        badge: badgeOf,
        fields: [
          { label: 'For', icon: User, value: (f) => (f.leadId ? 'Lead' : 'Customer') },
          { label: 'Type', icon: MessageSquare, value: (f) => labelOf(FOLLOW_UP_TYPE_LABELS, f.followUpType) },
          { label: 'Date', icon: CalendarDays, value: (f) => formatDate(f.followUpDate) },
          { label: 'Next Follow-up', icon: CalendarClock, value: (f) => formatDate(f.nextFollowUp), hideWhenEmpty: true },
          { label: 'Outcome', icon: CheckCircle2, value: (f) => f.outcome, hideWhenEmpty: true },
          { label: 'Notes', icon: StickyNote, value: (f) => f.notes, hideWhenEmpty: true },
        ],
        actions: (f) => (f.status === 'pending' && f.active ? [{ label: 'Mark Done', run: () => markDone(f) }] : []),
      },
      resource: followUpsResource,
      form: {
        entityLabel: followUpsEntity.label,
        schema: followUpsEntity.body,
        titles: { create: 'Add Follow-up', edit: 'Edit Follow-up' },
        subtitles: { create: 'Plan a call, visit or meeting', edit: 'Update follow-up details' },
        submitLabels: { create: 'Create Follow-up', update: 'Update Follow-up' },
        sections: [
          {
            title: 'Follow-up Details',
            fields: [
              { name: 'leadId', label: 'Lead', kind: 'select', useOptions: leadOptions, hint: 'A lead or a customer: choose one' },
              { name: 'customerId', label: 'Customer', kind: 'select', useOptions: customerOptions },
              { name: 'followUpDate', label: 'Follow-up Date', kind: 'date', hint: 'Left blank: today' },
              { name: 'followUpType', label: 'Type', kind: 'select', required: true, options: FOLLOW_UP_TYPE_LABELS },
              { name: 'status', label: 'Status', kind: 'select', options: FOLLOW_UP_STATUS_LABELS },
              { name: 'nextFollowUp', label: 'Next Follow-up', kind: 'date' },
              { name: 'outcome', label: 'Outcome', kind: 'text', placeholder: 'What came of it' },
              { name: 'notes', label: 'Notes', kind: 'textarea' },
            ],
          },
        ],
        emptyValues: { leadId: '', customerId: '', followUpDate: todayInIndia(), followUpType: 'call', status: 'pending', notes: '', outcome: '', nextFollowUp: '', active: true },
        toFormValues: (f) => ({
          ...formValuesOf(f, followUpsEntity.fieldNames),
          leadId: f.leadId ? String(f.leadId) : '',
          customerId: f.customerId ? String(f.customerId) : '',
        }),
      },
    };
  }, [leadName, customerName, markDone]);
  return <EntityListScreen config={config} />;
}
