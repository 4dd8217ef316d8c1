import { type Estimate, estimates } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { quoteConfig } from '@/features/documents/quote-config';
import { estimatesResource } from '@/features/sales/estimates/estimates.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { useBusiness } from '@/features/settings/business.queries';

const customerOptions = partyOptionsFrom(customersResource.useList, 'customerId');
const useCustomerGstin = (id: number) => customersResource.useList().data?.find((c) => c.id === id)?.gstNumber ?? null;

/** Estimates (quotations): prices offered to a customer, valid until a day; converted into an order or an invoice. */
export function EstimatesScreen() {
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    () =>
      quoteConfig<Estimate>(
        estimates,
        {
          name: 'Estimate',
          subtitle: 'Quotations for customers, valid until a day',
          emptyHint: 'Quote a price to a customer here; convert it into an order or an invoice when they accept.',
          createSubtitle: 'Quote prices to a customer',
        },
        { resource: estimatesResource, useParties: customerOptions, usePartyGstin: useCustomerGstin, partyName: (id) => customerName(id, 'Unknown Customer'), business },
      ),
    [customerName, business],
  );
  return <EntityListScreen config={config} />;
}
