import { type SalesInvoice, salesInvoices, sourceKinds } from '@erp/contracts';

import { STOCK_KEY } from '@/features/inventory/stock.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const salesInvoicesResource = createResource<SalesInvoice, unknown>({
  module: salesInvoices.module,
  name: salesInvoices.plural,
  path: salesInvoices.path,
  record: salesInvoices.record,
  listEntry: { parse: (v) => ({ ...salesInvoices.summary.parse(v), lines: [], allocations: [] }) },
  // Its lines with an item move stock. A sale changes the home figures and what receipts may still settle.
  // What it was made from (an order, a challan) shows what is left of it.
  alsoInvalidates: [queryKeys.home.all, entityKeys('sales', 'receipts').all, STOCK_KEY, ...sourceKinds(salesInvoices).map((d) => entityKeys(d.module, d.plural).all)],
});
