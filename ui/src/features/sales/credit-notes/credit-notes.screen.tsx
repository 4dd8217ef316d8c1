import { type CreditNote, creditNotes, customerRefunds } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { noteConfig } from '@/features/documents/note-config';
import { creditNotesResource } from '@/features/sales/credit-notes/credit-notes.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { salesInvoicesResource } from '@/features/sales/invoices/invoices.resource';
import { useBusiness } from '@/features/settings/business.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';

const customerOptions = partyOptionsFrom(customersResource.useList, 'customerId');
const useCustomerGstin = (id: number) => customersResource.useList().data?.find((c) => c.id === id)?.gstNumber ?? null;
const useInvoice = (id: number) => salesInvoicesResource.useOne(id, { enabled: id > 0 }).data ?? null;
/** What applying a note's credit changes. */
const APPLIED = [entityKeys('sales', 'credit-notes').all, entityKeys('sales', 'invoices').all, queryKeys.home.all, CREDITS_KEY];

/** Credit notes: goods a customer returned, or a price reduced, against one of their invoices (paid or not). */
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
          useInvoice,
          partyOf: (invoice) => Number(Reflect.get(invoice, 'customerId')),
          business,
          refunds: customerRefunds,
          invalidate: APPLIED,
        },
      ),
    [customerName, business],
  );
  return <EntityListScreen config={config} />;
}
