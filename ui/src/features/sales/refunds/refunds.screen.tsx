import { type CustomerRefund, customerRefunds, customersEntity } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { refundConfig } from '@/features/documents/refund-config';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { customerRefundsResource } from '@/features/sales/refunds/refunds.resource';

const customerOptions = optionsFrom(customersResource.useList);

/** Refunds: money paid back to a customer out of their credit (a return after they paid, an advance). */
export function RefundsScreen() {
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const config = useMemo(
    () =>
      refundConfig<CustomerRefund>(
        customerRefunds,
        {
          title: 'Refunds',
          subtitle: 'Money paid back to customers from their credit',
          emptyHint: 'When a customer has credit left (goods returned after paying, an advance), pay it back here.',
          createSubtitle: 'Pay a customer back from their credit',
          module: { name: 'sales', label: 'Sales' },
        },
        { resource: customerRefundsResource, useParties: customerOptions, partyName: (id) => customerName(id, 'Unknown Customer'), partyPath: customersEntity.path },
      ),
    [customerName],
  );
  return <EntityListScreen config={config} />;
}
