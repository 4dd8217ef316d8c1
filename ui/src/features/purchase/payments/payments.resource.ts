import { type VendorPayment, vendorPayments } from '@erp/contracts';

import { createResource } from '@/lib/resource';
import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys } from '@/lib/query-keys';

export const vendorPaymentsResource = createResource<VendorPayment, unknown>({
  module: vendorPayments.module,
  name: vendorPayments.plural,
  path: vendorPayments.path,
  record: vendorPayments.record,
  listEntry: { parse: (v) => ({ ...vendorPayments.summary.parse(v), lines: [], refunds: [] }) },
  // A payment changes its invoices' paid amounts and statuses.
  alsoInvalidates: [entityKeys('purchase', 'invoices').all, CREDITS_KEY],
});
