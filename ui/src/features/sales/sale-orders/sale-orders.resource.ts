import { type SaleOrder, saleOrders } from '@erp/contracts';

import { entityKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const saleOrdersResource = createResource<SaleOrder, unknown>({
  module: saleOrders.module,
  name: saleOrders.plural,
  path: saleOrders.path,
  record: saleOrders.record,
  listEntry: { parse: (v) => ({ ...saleOrders.summary.parse(v), lines: [] }) },
  // An order made from an estimate, or invoiced: both ends show the link.
  alsoInvalidates: [entityKeys('sales', 'estimates').all, entityKeys('sales', 'invoices').all],
});
