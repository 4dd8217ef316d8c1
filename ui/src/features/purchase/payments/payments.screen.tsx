import { vendorPayments } from '@erp/contracts';

import { EntityListScreen } from '@/components/entity-list-screen';
import { settlementScreen } from '@/features/documents/settlement-config';
import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorPaymentsResource } from '@/features/purchase/payments/payments.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';

const useConfig = settlementScreen(
  vendorPayments,
  {
    title: 'Payments',
    subtitle: 'Process vendor payments',
    empty: 'No payments found. Record your first payment!',
    createSubtitle: 'Pay a vendor against their invoices',
    module: { name: 'purchase', label: 'Purchase' },
    advance: { amountLabel: 'Amount Paid', needSaved: 'Please add and save at least one invoice line, or say the amount paid (an advance)' },
  },
  { resource: vendorPaymentsResource, invoices: purchaseInvoicesResource, parties: vendorsResource },
);

export function PaymentsScreen() {
  return <EntityListScreen config={useConfig()} />;
}
