import { type VendorRefund, vendorRefunds, vendorsEntity } from '@erp/contracts';
import { useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { refundConfig } from '@/features/documents/refund-config';
import { vendorRefundsResource } from '@/features/purchase/refunds/refunds.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';

const vendorOptions = optionsFrom(vendorsResource.useList);

/** Vendor refunds: money a vendor paid back out of our credit with them (goods sent back after paying, an advance). */
export function VendorRefundsScreen() {
  const vendorName = useLabels(vendorsResource.useList, (v) => v.name);
  const config = useMemo(
    () =>
      refundConfig<VendorRefund>(
        vendorRefunds,
        {
          title: 'Vendor Refunds',
          subtitle: 'Money vendors paid back from your credit with them',
          emptyHint: 'When a vendor owes you money back (goods returned after paying, an advance), record it here.',
          createSubtitle: 'Record money a vendor paid back',
          module: { name: 'purchase', label: 'Purchase' },
        },
        { resource: vendorRefundsResource, useParties: vendorOptions, partyName: (id) => vendorName(id, 'Unknown Vendor'), partyPath: vendorsEntity.path },
      ),
    [vendorName],
  );
  return <EntityListScreen config={config} />;
}
