import { type Estimate, estimates } from '@erp/contracts';

import { entityKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const estimatesResource = createResource<Estimate, unknown>({
  module: estimates.module,
  name: estimates.plural,
  path: estimates.path,
  record: estimates.record,
  listEntry: { parse: (v) => ({ ...estimates.summary.parse(v), lines: [] }) },
  // An estimate converted shows it on the order or invoice made from it.
  alsoInvalidates: [entityKeys('sales', 'sale-orders').all, entityKeys('sales', 'invoices').all],
});
