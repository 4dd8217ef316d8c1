import { type DebitNote, debitNotes, vendorRefunds } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { noteConfig } from '@/features/documents/note-config';
import { debitNotesResource } from '@/features/purchase/debit-notes/debit-notes.resource';
import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { useBusiness } from '@/features/settings/business.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';

const vendorOptions = partyOptionsFrom(vendorsResource.useList, 'vendorId');
const useVendorGstin = (id: number) => vendorsResource.useList().data?.find((v) => v.id === id)?.gstNumber ?? null;
const useInvoice = (id: number) => purchaseInvoicesResource.useOne(id, { enabled: id > 0 }).data ?? null;
/** What applying a note's credit changes. */
const APPLIED = [entityKeys('purchase', 'debit-notes').all, entityKeys('purchase', 'invoices').all, queryKeys.home.all, CREDITS_KEY];

/** Debit notes: goods sent back to a vendor, or a price they reduced, against one of their bills (paid or not). */
export function DebitNotesScreen() {
  const vendorName = useLabels(vendorsResource.useList, (v) => v.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    () =>
      noteConfig<DebitNote>(
        debitNotes,
        {
          name: 'Debit Note',
          subtitle: 'Goods returned to vendors, prices they reduced',
          emptyHint: 'When you send goods back to a vendor, note it here against their invoice.',
          createSubtitle: 'Take an amount off what you owe on a vendor invoice',
          module: { name: 'purchase', label: 'Purchase' },
        },
        {
          resource: debitNotesResource,
          useParties: vendorOptions,
          usePartyGstin: useVendorGstin,
          partyName: (id) => vendorName(id, 'Unknown Vendor'),
          useInvoices: purchaseInvoicesResource.useList,
          useInvoice,
          partyOf: (invoice) => Number(Reflect.get(invoice, 'vendorId')),
          business,
          refunds: vendorRefunds,
          invalidate: APPLIED,
        },
      ),
    [vendorName, business],
  );
  return <EntityListScreen config={config} />;
}
