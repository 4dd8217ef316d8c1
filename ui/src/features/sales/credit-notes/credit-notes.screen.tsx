import { type CreditNote, creditNotes } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { noteConfig } from '@/features/documents/note-config';
import { creditNotesResource } from '@/features/sales/credit-notes/credit-notes.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { salesInvoicesResource } from '@/features/sales/invoices/invoices.resource';
import { useBusiness } from '@/features/settings/business.queries';

const customerOptions = partyOptionsFrom(customersResource.useList, 'customerId');
const useCustomerGstin = (id: number) => customersResource.useList().data?.find((c) => c.id === id)?.gstNumber ?? null;

/** Credit notes: goods a customer returned, or a price reduced, against one of their invoices. */
export function CreditNotesScreen() {
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    () =>
      noteConfig<CreditNote>(
        creditNotes,
        {
          name: 'Credit Note',
          subtitle: 'Goods returned by customers, prices reduced',
          emptyHint: 'When a customer returns goods, credit them here against their invoice.',
          createSubtitle: 'Credit a customer against one of their invoices',
          module: { name: 'sales', label: 'Sales' },
        },
        {
          resource: creditNotesResource,
          useParties: customerOptions,
          usePartyGstin: useCustomerGstin,
          partyName: (id) => customerName(id, 'Unknown Customer'),
          useInvoices: salesInvoicesResource.useList,
          partyOf: (invoice) => Number(Reflect.get(invoice, 'customerId')),
          business,
        },
      ),
    [customerName, business],
  );
  return <EntityListScreen config={config} />;
}
