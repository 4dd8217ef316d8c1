import { type SaleOrder, saleOrders } from '@erp/contracts';

import { documentScreen } from '@/features/documents/document-screen';
import { customersResource } from '@/features/sales/customers/customers.resource';

/** Sale orders: what customers ordered, and what of each line is still to be invoiced or sent on a challan. */
export const SaleOrdersScreen = documentScreen<SaleOrder>(
  saleOrders,
  {
    name: 'Sale Order',
    subtitle: 'What customers ordered, and what is left to invoice',
    emptyHint: 'Record what a customer orders here; invoice it in one go or in parts.',
    createSubtitle: 'Record what a customer ordered',
  },
  customersResource,
);
