import { type CustomerRefund, customerRefunds } from '@erp/contracts';

import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const customerRefundsResource = createResource<CustomerRefund, unknown>({
  module: customerRefunds.module,
  name: customerRefunds.plural,
  path: customerRefunds.path,
  record: customerRefunds.record,
  listEntry: { parse: (v) => ({ ...customerRefunds.summary.parse(v), lines: [] }) },
  // A refund draws on credit notes and receipts: their credit left, the customers' cards and home follow.
  alsoInvalidates: [queryKeys.home.all, entityKeys('sales', 'credit-notes').all, entityKeys('sales', 'receipts').all, CREDITS_KEY],
});
