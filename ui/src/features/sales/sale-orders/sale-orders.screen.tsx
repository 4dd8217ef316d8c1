import { type SaleOrder, saleOrders } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { quoteConfig } from '@/features/documents/quote-config';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { saleOrdersResource } from '@/features/sales/sale-orders/sale-orders.resource';
import { useBusiness } from '@/features/settings/business.queries';

const customerOptions = partyOptionsFrom(customersResource.useList, 'customerId');
const useCustomerGstin = (id: number) => customersResource.useList().data?.find((c) => c.id === id)?.gstNumber ?? null;

/** Sale orders: what customers ordered, and what of each line is still to be invoiced. */
export function SaleOrdersScreen() {
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    () =>
      quoteConfig<SaleOrder>(
        saleOrders,
        {
          name: 'Sale Order',
          subtitle: 'What customers ordered, and what is left to invoice',
          emptyHint: 'Record what a customer orders here; invoice it in one go or in parts.',
          createSubtitle: 'Record what a customer ordered',
        },
        { resource: saleOrdersResource, useParties: customerOptions, usePartyGstin: useCustomerGstin, partyName: (id) => customerName(id, 'Unknown Customer'), business },
      ),
    [customerName, business],
  );
  return <EntityListScreen config={config} />;
}
