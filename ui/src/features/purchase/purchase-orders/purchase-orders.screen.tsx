import { type PurchaseOrder, purchaseOrders } from '@erp/contracts';

import { documentScreen } from '@/features/documents/document-screen';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';

/** Purchase orders: what the business ordered from vendors, and what of each line is pending billing. */
export const PurchaseOrdersScreen = documentScreen<PurchaseOrder>(
  purchaseOrders,
  {
    name: 'Purchase Order',
    subtitle: 'What you ordered from vendors, and what is left to bill',
    emptyHint: 'Record what you order from a vendor; turn it into the bill when it comes, in one go or in parts.',
    createSubtitle: 'Record what you ordered from a vendor',
  },
  vendorsResource,
);
