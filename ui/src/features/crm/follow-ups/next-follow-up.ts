import { FOLLOW_UP_TYPE_LABELS, type FollowUp } from '@erp/contracts';
import { CalendarClock } from 'lucide-react';
import { useMemo } from 'react';

import type { CardField } from '@/components/entity-config';
import { followUpsResource } from '@/features/crm/follow-ups/follow-ups.resource';
import { formatDate } from '@/lib/format';

/**
 * A card line for a lead's or a customer's next pending follow-up ('24 Nov 2026 · Call'), from
 * the follow-ups list; absent when none is pending.
 */
export function useNextFollowUpField<T extends { id: number }>(field: 'leadId' | 'customerId'): CardField<T> {
  const { data } = followUpsResource.useList();
  return useMemo(() => {
    const next = new Map<number, FollowUp>();
    for (const f of data ?? []) {
      const owner = f[field];
      if (!owner || !f.active || f.status !== 'pending') continue;
      const known = next.get(owner);
      if (!known || f.followUpDate < known.followUpDate) next.set(owner, f);
    }
    const label = (f: FollowUp) => `${formatDate(f.followUpDate)} · ${FOLLOW_UP_TYPE_LABELS.find((t) => t.value === f.followUpType)?.label ?? f.followUpType}`;
    return { label: 'Next Follow-up', icon: CalendarClock, value: (record: T) => { const f = next.get(record.id); return f ? label(f) : null; }, hideWhenEmpty: true };
  }, [data, field]);
}
