import { type VendorRefund, vendorRefunds } from '@erp/contracts';

import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const vendorRefundsResource = createResource<VendorRefund, unknown>({
  module: vendorRefunds.module,
  name: vendorRefunds.plural,
  path: vendorRefunds.path,
  record: vendorRefunds.record,
  listEntry: { parse: (v) => ({ ...vendorRefunds.summary.parse(v), lines: [] }) },
  // A vendor's refund draws on debit notes and payments: their credit left, the vendors' cards and home follow.
  alsoInvalidates: [queryKeys.home.all, entityKeys('purchase', 'debit-notes').all, entityKeys('purchase', 'payments').all, CREDITS_KEY],
});
