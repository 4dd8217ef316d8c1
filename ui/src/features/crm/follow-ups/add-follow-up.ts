import { routes } from '@erp/contracts';

import type { OpenElsewhere } from '@/components/entity-config';
import { openNew } from '@/components/use-screen-view';

/** The follow-ups screen's task route. */
export const FOLLOW_UPS_ROUTE = routes.task('crm', 'follow-ups');

/** 'Add Follow-up' on a lead's or a customer's card: the follow-up form with them chosen. */
export const addFollowUp = (field: 'leadId' | 'customerId', id: number, values: Readonly<Record<string, string>> = {}): OpenElsewhere => ({
  label: 'Add Follow-up',
  to: openNew(FOLLOW_UPS_ROUTE, { values: { [field]: String(id), ...values }, lines: [] }),
});
