import { compareMoney, routes, type SalesInvoice, salesInvoices, sumMoney } from '@erp/contracts';
import { CalendarClock, CalendarDays, FileText, IndianRupee, Percent, Receipt, User, Wallet } from 'lucide-react';
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
import { customersResource } from '@/features/sales/customers/customers.resource';
import { salesInvoicesResource } from '@/features/sales/invoices/invoices.resource';
import { useBusiness } from '@/features/settings/business.queries';
import { shareAfterSave } from '@/features/share/after-save';
import { withSendCard } from '@/features/share/send-extra';
import { formatDate, formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const customerOptions = partyOptionsFrom(customersResource.useList, 'customerId');
const useDueHint = dueDateHint(customersResource.useList, salesInvoices);
const useCustomerGstin = (id: number) => customersResource.useList().data?.find((c) => c.id === id)?.gstNumber ?? null;
const receivePayment = settleAction<SalesInvoice>(salesInvoices, 'Receive payment');
const orNA = (value: string | null | undefined) => value || 'N/A';

/**
 * The customer's outstanding balance and credit limit under the totals; a warning (not a block)
 * when this invoice would take them past the limit (issue 8).
 */
const useCreditNotice = (values: Record<string, unknown>, total: string, record?: SalesInvoice) => {
  const customers = customersResource.useList();
  const invoices = salesInvoicesResource.useList();
  const customerId = Number(values.customerId ?? 0);
  const customer = customers.data?.find((c) => c.id === customerId);
  if (!customer || !invoices.data) return null;
  const outstanding = sumMoney(invoices.data.filter((i) => i.customerId === customerId && i.id !== record?.id && i.active).map((i) => i.balanceDue));
  const owed = `${customer.name} owes ${formatMoney(outstanding)}`;
  if (!customer.creditLimit) return { text: `${owed}; no credit limit set.`, warning: false };
  const after = sumMoney([outstanding, total]);
  const over = compareMoney(after, customer.creditLimit) > 0;
  return {
    text: over
      ? `${owed}; with this invoice ${formatMoney(after)}, over the credit limit of ${formatMoney(customer.creditLimit)}.`
      : `${owed}; credit limit ${formatMoney(customer.creditLimit)}.`,
    warning: over,
  };
};

export function SalesInvoicesScreen() {
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    (): ListConfig<SalesInvoice, Values, unknown> => ({
      title: 'Sales Invoices',
      subtitle: 'Manage customer invoices and billing',
      addLabel: 'New Invoice',
      searchPlaceholder: 'Search sales invoices...',
      backTo: { to: routes.module('sales'), label: 'Back to Sales' },
      empty: {
        searching: 'No sales invoices found',
        initial: 'No sales invoices found',
        initialHint: 'Create your first sales invoice to get started.',
      },
      search: salesInvoices.search,
      searchAlso: (invoice) => [customerName(invoice.customerId, 'Unknown Customer')],
      card: {
        title: (invoice) => invoice.invoiceNumber,
        badge: (invoice) => invoiceBadge(invoice.status),
        fields: [
          { label: 'Customer', icon: User, value: (i) => customerName(i.customerId, 'Unknown Customer') },
          { label: 'Total', icon: IndianRupee, value: (i) => formatMoney(i.totalAmount) },
          { label: 'Balance Due', icon: Wallet, value: (i) => formatMoney(i.balanceDue) },
          { label: 'Date', icon: CalendarDays, value: (i) => formatDate(i.invoiceDate) },
          { label: 'Sub Total', icon: Receipt, value: (i) => formatMoney(i.subTotal) },
          { label: 'Tax', icon: Percent, value: (i) => formatMoney(i.taxAmount) },
          { label: 'Due', icon: CalendarClock, value: (i) => orNA(formatDate(i.dueDate)) },
          { label: 'Description', icon: FileText, value: (i) => i.description, hideWhenEmpty: true },
        ],
        action: receivePayment,
      },
      resource: salesInvoicesResource,
      details: {
        ...invoiceDetails<SalesInvoice>(salesInvoices, {
          subtitle: 'Sales invoice details',
          partyName: (id) => customerName(id, 'Unknown Customer'),
          settled: { label: 'Received', linksTitle: 'Receipts and credit notes', linksEmpty: 'No receipts against this invoice yet.', action: receivePayment },
        }),
        extra: withSendCard<SalesInvoice>(salesInvoices),
      },
      form: {
        entityLabel: salesInvoices.label,
        titles: { create: 'Create Sales Invoice', edit: 'Edit Sales Invoice' },
        subtitles: { create: 'Bill a customer', edit: 'Update invoice details' },
        submitLabels: { create: 'Create Invoice', update: 'Update Invoice' },
        savedAction: shareAfterSave(salesInvoices),
        ...invoiceForm(salesInvoices, { section: 'Invoice Details', useParties: customerOptions, useDueHint }, business),
        lines: {
          ...invoiceLines<SalesInvoice>(salesInvoices, { needSaved: 'Please save at least one line item before submitting the invoice', usePartyGstin: useCustomerGstin }),
          useNotice: useCreditNotice,
        },
      },
    }),
    [customerName, business],
  );
  return <EntityListScreen config={config} />;
}
