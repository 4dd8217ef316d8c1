import { type DeliveryChallan, deliveryChallans } from '@erp/contracts';

import { documentScreen } from '@/features/documents/document-screen';
import { customersResource } from '@/features/sales/customers/customers.resource';

/** Delivery challans: goods sent to a customer without a sale (job work, on approval), and what of each line is left to invoice. */
export const DeliveryChallansScreen = documentScreen<DeliveryChallan>(
  deliveryChallans,
  {
    name: 'Delivery Challan',
    subtitle: 'Goods sent without a sale, and what is left to invoice',
    emptyHint: 'Record goods sent to a customer for job work or on approval; invoice them later, in parts or whole.',
    createSubtitle: 'Record goods sent to a customer',
  },
  customersResource,
);
