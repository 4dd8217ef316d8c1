import { type Estimate, estimates } from '@erp/contracts';

import { documentScreen } from '@/features/documents/document-screen';
import { customersResource } from '@/features/sales/customers/customers.resource';

/** Estimates (quotations): prices offered to a customer, valid until a day; converted into an order or an invoice. */
export const EstimatesScreen = documentScreen<Estimate>(
  estimates,
  {
    name: 'Estimate',
    subtitle: 'Quotations for customers, valid until a day',
    emptyHint: 'Quote a price to a customer here; convert it into an order or an invoice when they accept.',
    createSubtitle: 'Quote prices to a customer',
  },
  customersResource,
);
