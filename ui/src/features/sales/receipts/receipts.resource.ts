import { type Receipt, receipts } from '@erp/contracts';

import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const receiptsResource = createResource<Receipt, unknown>({
  module: receipts.module,
  name: receipts.plural,
  path: receipts.path,
  record: receipts.record,
  listEntry: { parse: (v) => ({ ...receipts.summary.parse(v), lines: [], refunds: [] }) },
  // A receipt changes its invoices' statuses and the unpaid count on the home strip.
  alsoInvalidates: [queryKeys.home.all, entityKeys('sales', 'invoices').all, CREDITS_KEY],
});
