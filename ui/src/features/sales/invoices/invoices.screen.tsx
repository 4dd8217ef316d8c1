import { compareMoney, routes, type SalesInvoice, salesInvoices, sumMoney } from '@erp/contracts';
import { CalendarClock, CalendarDays, FileText, IndianRupee, Percent, Receipt, User } from 'lucide-react';
import { useMemo } from 'react';

import type { ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { invoiceLines } from '@/features/documents/document-lines';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { invoiceBadge } from '@/features/documents/invoice-badge';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { salesInvoicesResource } from '@/features/sales/invoices/invoices.resource';
import { receiptsResource } from '@/features/sales/receipts/receipts.resource';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;

const headerSchema = salesInvoices.header;
const customerOptions = optionsFrom(customersResource.useList);
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
  const receiptName = useLabels(receiptsResource.useList, (r) => `Receipt #${r.id}`);
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
          { label: 'Date', icon: CalendarDays, value: (i) => formatDate(i.invoiceDate) },
          { label: 'Sub Total', icon: Receipt, value: (i) => formatMoney(i.subTotal) },
          { label: 'Tax', icon: Percent, value: (i) => formatMoney(i.taxAmount) },
          { label: 'Due', icon: CalendarClock, value: (i) => orNA(formatDate(i.dueDate)) },
          { label: 'Description', icon: FileText, value: (i) => i.description, hideWhenEmpty: true },
        ],
      },
      resource: salesInvoicesResource,
      details: {
        title: (invoice) => invoice.invoiceNumber,
        subtitle: 'Sales invoice details',
        badge: (invoice) => invoiceBadge(invoice.status),
        fields: [
          { label: 'Customer', value: (i) => customerName(i.customerId, 'Unknown Customer') },
          { label: 'Invoice Date', value: (i) => formatDate(i.invoiceDate) },
          { label: 'Due Date', value: (i) => orNA(formatDate(i.dueDate)) },
          { label: 'Sub Total', value: (i) => formatMoney(i.subTotal) },
          { label: 'Tax Amount', value: (i) => formatMoney(i.taxAmount) },
          { label: 'Total', value: (i) => formatMoney(i.totalAmount) },
          { label: 'Received', value: (i) => formatMoney(i.paidAmount) },
          { label: 'Balance Due', value: (i) => formatMoney(i.balanceDue) },
          { label: 'Notes', value: (i) => i.notes },
          { label: 'Description', value: (i) => i.description },
        ],
        lines: {
          title: 'Line Items',
          columns: [
            { label: 'Item', value: (l) => String(l.itemName) },
            { label: 'Qty', value: (l) => String(l.quantity), numeric: true },
            { label: 'Rate', value: (l) => formatMoney(String(l.rate)), numeric: true },
            { label: 'Amount', value: (l) => formatMoney(String(l.amount)), numeric: true },
          ],
        },
        links: {
          title: 'Receipts',
          empty: 'No receipts against this invoice yet.',
          rows: (invoice) => invoice.allocations.map((a) => ({ label: receiptName(a.receiptId, `Receipt #${a.receiptId}`), amount: a.amount })),
        },
      },
      form: {
        entityLabel: salesInvoices.label,
        schema: headerSchema,
        titles: { create: 'Create Sales Invoice', edit: 'Edit Sales Invoice' },
        subtitles: { create: 'Bill a customer', edit: 'Update invoice details' },
        submitLabels: { create: 'Create Invoice', update: 'Update Invoice' },
        sections: [
          {
            title: 'Invoice Details',
            fields: [
              { name: 'customerId', label: 'Customer', kind: 'select', required: true, useOptions: customerOptions },
              { name: 'invoiceNumber', label: 'Invoice Number', kind: 'text', required: true, placeholder: 'e.g. SI-001' },
              { name: 'invoiceDate', label: 'Invoice Date', kind: 'date', required: true },
              { name: 'dueDate', label: 'Due Date', kind: 'date' },
              { name: 'taxAmount', label: 'Tax Amount', kind: 'money' },
              { name: 'notes', label: 'Notes', kind: 'textarea' },
              { name: 'description', label: 'Description', kind: 'textarea' },
            ],
          },
        ],
        lines: { ...invoiceLines<SalesInvoice>({ needSaved: 'Please save at least one line item before submitting the invoice', defaultQuantity: '1' }), useNotice: useCreditNotice },
        emptyValues: { customerId: '', invoiceNumber: '', invoiceDate: todayInIndia(), dueDate: '', taxAmount: '0', notes: '', description: '', active: true },
        toFormValues: (invoice) => ({
          customerId: String(invoice.customerId),
          invoiceNumber: invoice.invoiceNumber,
          invoiceDate: invoice.invoiceDate,
          dueDate: invoice.dueDate ?? '',
          taxAmount: invoice.taxAmount,
          notes: invoice.notes ?? '',
          description: invoice.description ?? '',
          active: invoice.active,
        }),
      },
    }),
    [customerName, receiptName],
  );
  return <EntityListScreen config={config} />;
}
