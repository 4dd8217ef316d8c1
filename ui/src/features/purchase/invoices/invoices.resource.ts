import { type PurchaseInvoice, purchaseInvoices, sourceKinds } from '@erp/contracts';

import { STOCK_KEY } from '@/features/inventory/stock.queries';
import { entityKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const purchaseInvoicesResource = createResource<PurchaseInvoice, unknown>({
  module: purchaseInvoices.module,
  name: purchaseInvoices.plural,
  path: purchaseInvoices.path,
  record: purchaseInvoices.record,
  listEntry: { parse: (v) => ({ ...purchaseInvoices.summary.parse(v), lines: [], allocations: [] }) },
  // A revised total changes what payments may still settle.
  // What it was made from (an order, a challan) shows what is left of it.
  alsoInvalidates: [entityKeys('purchase', 'payments').all, STOCK_KEY, ...sourceKinds(purchaseInvoices).map((d) => entityKeys(d.module, d.plural).all)],
});
