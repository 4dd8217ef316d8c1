import { type PurchaseInvoice, purchaseInvoices, routes } from '@erp/contracts';
import { CalendarClock, CalendarDays, FileText, IndianRupee, Truck, Wallet } from 'lucide-react';
import { useMemo } from 'react';

import type { ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { invoiceBadge } from '@/features/documents/invoice-badge';
import { invoiceDetails } from '@/features/documents/invoice-details';
import { invoiceForm } from '@/features/documents/invoice-form';
import { invoiceLines } from '@/features/documents/invoice-lines';
import { useLabels } from '@/features/documents/lookups';
import { dueDateHint, partyOptionsFrom } from '@/features/documents/parties';
import { settleAction } from '@/features/documents/settle-action';
import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { useBusiness } from '@/features/settings/business.queries';
import { formatDate, formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const vendorOptions = partyOptionsFrom(vendorsResource.useList, 'vendorId');
const useDueHint = dueDateHint(vendorsResource.useList, purchaseInvoices);
const recordPayment = settleAction<PurchaseInvoice>(purchaseInvoices, 'Record payment');
const useVendorGstin = (id: number) => vendorsResource.useList().data?.find((v) => v.id === id)?.gstNumber ?? null;

export function PurchaseInvoicesScreen() {
  const vendorName = useLabels(vendorsResource.useList, (v) => v.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    (): ListConfig<PurchaseInvoice, Values, unknown> => ({
      title: 'Invoices',
      subtitle: 'Track purchase invoices',
      addLabel: 'Add Invoice',
      searchPlaceholder: 'Search invoices...',
      backTo: { to: routes.module('purchase'), label: 'Back to Purchase' },
      empty: {
        searching: 'No invoices found matching your search.',
        initial: 'No invoices found. Create your first invoice!',
      },
      search: purchaseInvoices.search,
      searchAlso: (invoice) => [vendorName(invoice.vendorId, 'Unknown Vendor')],
      card: {
        title: (invoice) => invoice.invoiceNumber,
        badge: (invoice) => invoiceBadge(invoice.status),
        fields: [
          { label: 'Total', icon: IndianRupee, value: (i) => formatMoney(i.totalAmount) },
          { label: 'Balance Due', icon: Wallet, value: (i) => formatMoney(i.balanceDue) },
          { label: 'Vendor', icon: Truck, value: (i) => vendorName(i.vendorId, 'Unknown Vendor') },
          { label: 'Date', icon: CalendarDays, value: (i) => formatDate(i.invoiceDate) },
          { label: 'Due', icon: CalendarClock, value: (i) => formatDate(i.dueDate), hideWhenEmpty: true },
          { label: 'Description', icon: FileText, value: (i) => i.description, hideWhenEmpty: true },
        ],
        action: recordPayment,
      },
      resource: purchaseInvoicesResource,
      details: invoiceDetails<PurchaseInvoice>(purchaseInvoices, {
        subtitle: 'Purchase invoice details',
        partyName: (id) => vendorName(id, 'Unknown Vendor'),
        settled: { label: 'Paid', linksTitle: 'Payments and debit notes', linksEmpty: 'No payments against this invoice yet.', action: recordPayment },
      }),
      form: {
        entityLabel: purchaseInvoices.label,
        titles: { create: 'Create Invoice', edit: 'Edit Invoice' },
        subtitles: { create: 'Record a bill from a vendor', edit: 'Update invoice details' },
        submitLabels: { create: 'Create Invoice', update: 'Update Invoice' },
        ...invoiceForm(
          purchaseInvoices,
          {
            section: 'Invoice Details',
            useParties: vendorOptions,
            useDueHint,
            fields: {
              invoiceNumber: { label: 'Invoice Number', placeholder: 'e.g. INV-001' },
              taxAmount: { hint: 'Typed by hand, not calculated' },
              description: { placeholder: 'Optional notes about this bill' },
            },
          },
          business,
        ),
        lines: invoiceLines<PurchaseInvoice>(purchaseInvoices, { needSaved: 'Please save at least one line item before submitting the invoice', usePartyGstin: useVendorGstin }),
      },
    }),
    [vendorName, business],
  );
  return <EntityListScreen config={config} />;
}
