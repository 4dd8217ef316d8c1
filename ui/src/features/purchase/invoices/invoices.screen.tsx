import { type PurchaseInvoice, purchaseInvoices, routes } from '@erp/contracts';
import { CalendarClock, CalendarDays, FileText, IndianRupee, Truck } from 'lucide-react';
import { useMemo } from 'react';

import type { ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { invoiceBadge } from '@/features/documents/invoice-badge';
import { invoiceLines } from '@/features/documents/document-lines';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;

const headerSchema = purchaseInvoices.header;
const vendorOptions = optionsFrom(vendorsResource.useList);

export function PurchaseInvoicesScreen() {
  const vendorName = useLabels(vendorsResource.useList, (v) => v.name);
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
          { label: 'Vendor', icon: Truck, value: (i) => vendorName(i.vendorId, 'Unknown Vendor') },
          { label: 'Date', icon: CalendarDays, value: (i) => formatDate(i.invoiceDate) },
          { label: 'Due', icon: CalendarClock, value: (i) => formatDate(i.dueDate), hideWhenEmpty: true },
          { label: 'Description', icon: FileText, value: (i) => i.description, hideWhenEmpty: true },
        ],
      },
      resource: purchaseInvoicesResource,
      form: {
        entityLabel: purchaseInvoices.label,
        schema: headerSchema,
        titles: { create: 'Create Invoice', edit: 'Edit Invoice' },
        subtitles: { create: 'Record a bill from a vendor', edit: 'Update invoice details' },
        submitLabels: { create: 'Create Invoice', update: 'Update Invoice' },
        sections: [
          {
            title: 'Invoice Details',
            fields: [
              { name: 'vendorId', label: 'Vendor', kind: 'select', required: true, useOptions: vendorOptions },
              { name: 'invoiceNumber', label: 'Invoice Number', kind: 'text', required: true, placeholder: 'e.g. INV-001' },
              { name: 'invoiceDate', label: 'Invoice Date', kind: 'date', required: true },
              { name: 'dueDate', label: 'Due Date', kind: 'date' },
              { name: 'taxAmount', label: 'Tax Amount', kind: 'money', hint: 'Typed by hand, not calculated' },
              { name: 'description', label: 'Description', kind: 'textarea', placeholder: 'Optional notes about this bill' },
            ],
          },
        ],
        lines: invoiceLines<PurchaseInvoice>({ needSaved: 'Please save at least one line item before submitting the invoice' }),
        emptyValues: { vendorId: '', invoiceNumber: '', invoiceDate: todayInIndia(), dueDate: '', taxAmount: '0', description: '', active: true },
        toFormValues: (invoice) => ({
          vendorId: String(invoice.vendorId),
          invoiceNumber: invoice.invoiceNumber,
          invoiceDate: invoice.invoiceDate,
          dueDate: invoice.dueDate ?? '',
          taxAmount: invoice.taxAmount,
          description: invoice.description ?? '',
          active: invoice.active,
        }),
      },
    }),
    [vendorName],
  );
  return <EntityListScreen config={config} />;
}
