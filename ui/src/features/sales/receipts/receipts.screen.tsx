import { compareMoney, customerRefunds, PAYMENT_METHODS, type Receipt, receipts, routes, type SalesInvoice } from '@erp/contracts';
import { CalendarDays, CreditCard, FileText, Hash, IndianRupee, User } from 'lucide-react';
import { useMemo } from 'react';

import type { ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { advanceActions, advanceFields, amountField, amountValue, withoutLines } from '@/features/documents/settlement-credit';
import { settlementLines } from '@/features/documents/settlement-lines';
import { methodLabel } from '@/features/documents/payment-method';
import { openInvoicesOf, useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { salesInvoicesResource } from '@/features/sales/invoices/invoices.resource';
import { receiptsResource } from '@/features/sales/receipts/receipts.resource';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';
import { entityKeys, queryKeys } from '@/lib/query-keys';

type Values = Record<string, unknown>;

const headerSchema = receipts.header;
const customerOptions = partyOptionsFrom(customersResource.useList, 'customerId');
const openInvoices = openInvoicesOf<Receipt, SalesInvoice>(salesInvoicesResource.useList, (i) => i.customerId, 'receivedAmount');
/** The customer's invoices still due: what an advance may pay. */
const useDue = (customerId: number) => (salesInvoicesResource.useList().data ?? []).filter((i) => i.customerId === customerId && i.active && compareMoney(i.balanceDue, 0) > 0);
const advance = advanceActions<Receipt>(receipts, customerRefunds, {
  number: (r) => r.receiptNumber ?? `Receipt #${r.id}`,
  partyOf: (r) => r.customerId,
  useDue,
  invalidate: [entityKeys('sales', 'receipts').all, entityKeys('sales', 'invoices').all, queryKeys.home.all, CREDITS_KEY],
});

export function ReceiptsScreen() {
  const customerName = useLabels(customersResource.useList, (c) => c.name);
  const config = useMemo(
    (): ListConfig<Receipt, Values, unknown> => ({
      title: 'Receipts',
      subtitle: 'Manage customer payments and receipts',
      addLabel: 'New Receipt',
      searchPlaceholder: 'Search receipts...',
      backTo: { to: routes.module('sales'), label: 'Back to Sales' },
      empty: {
        searching: 'No receipts found',
        initial: 'No receipts found',
        initialHint: 'Create your first receipt to get started.',
      },
      search: receipts.search,
      searchAlso: (receipt) => [customerName(receipt.customerId, 'Unknown Customer')],
      card: {
        title: (receipt) => `Receipt #${receipt.id}`,
        badge: (receipt) => (receipt.voidReason ? { label: 'VOID', tone: 'red' } : null),
        fields: [
          { label: 'Number', icon: Hash, value: (r) => r.receiptNumber, hideWhenEmpty: true },
          { label: 'Customer', icon: User, value: (r) => customerName(r.customerId, 'Unknown Customer') },
          { label: 'Total', icon: IndianRupee, value: (r) => formatMoney(r.totalAmount) },
          { label: 'Date', icon: CalendarDays, value: (r) => formatDate(r.receiptDate) },
          { label: 'Method', icon: CreditCard, value: (r) => methodLabel(r.paymentMethod) },
          { label: 'Reference', icon: Hash, value: (r) => r.referenceNumber || 'N/A' },
          { label: 'Description', icon: FileText, value: (r) => r.description, hideWhenEmpty: true },
        ],
      },
      resource: receiptsResource,
      details: {
        title: (receipt) => `Receipt #${receipt.id}`,
        subtitle: 'Receipt details',
        fields: [
          { label: 'Number', value: (r) => r.receiptNumber, hideWhenEmpty: true },
          { label: 'Customer', value: (r) => customerName(r.customerId, 'Unknown Customer') },
          { label: 'Date', value: (r) => formatDate(r.receiptDate) },
          { label: 'Method', value: (r) => methodLabel(r.paymentMethod) },
          { label: 'Reference', value: (r) => r.referenceNumber },
          { label: 'Amount', value: (r) => formatMoney(r.totalAmount) },
          ...advanceFields<Receipt>(),
          { label: 'Voided', value: (r) => r.voidReason },
          { label: 'Notes', value: (r) => r.notes },
          { label: 'Description', value: (r) => r.description },
        ],
        ...advance,
        // One list of what it settled (the invoices and amounts), not the same twice.
        lines: {
          title: 'Invoices settled',
          empty: 'An advance: it settles no invoice yet.',
          columns: [
            { label: 'Invoice', value: (l) => String(l.invoiceNumber) },
            { label: 'Invoice Amount', value: (l) => formatMoney(String(l.invoiceAmount)), numeric: true },
            { label: 'Received', value: (l) => formatMoney(String(l.receivedAmount)), numeric: true },
          ],
        },
      },
      form: {
        entityLabel: receipts.label,
        schema: headerSchema,
        titles: { create: 'Create Receipt', edit: 'Edit Receipt' },
        voidConfirm: {
          title: 'Void Receipt',
          body: 'A voided receipt settles no invoice: each invoice it paid owes that money again. This cannot be undone. Why is it voided?',
          voidedBecause: (receipt) => receipt.voidReason,
        },
        subtitles: { create: 'Record money received from a customer', edit: 'Update receipt details' },
        remember: ['paymentMethod'],
        submitLabels: { create: 'Create Receipt', update: 'Update Receipt' },
        sections: [
          {
            title: 'Receipt Details',
            fields: [
              { name: 'customerId', label: 'Customer', kind: 'select', required: true, useOptions: customerOptions },
              { name: 'receiptDate', label: 'Receipt Date', kind: 'date', required: true },
              { name: 'paymentMethod', label: 'Payment Method', kind: 'select', required: true, options: PAYMENT_METHODS },
              amountField('Amount Received'),
              { name: 'referenceNumber', label: 'Reference Number', kind: 'text', placeholder: 'Cheque no., UTR, transaction id' },
              { name: 'notes', label: 'Notes', kind: 'textarea' },
              { name: 'description', label: 'Description', kind: 'textarea' },
            ],
          },
        ],
        lines: {
          ...settlementLines<Receipt>({
            amountField: 'receivedAmount',
            amountLabel: 'Received Amount',
            partyField: 'customerId',
            hint: 'Select a customer first to add invoices',
            needSaved: 'Please add and save at least one invoice line, or say the amount received (an advance)',
            totalsTitle: 'Total Receipt',
            totalLabel: 'Amount',
            useOpen: openInvoices,
          }),
          optional: withoutLines,
        },
        emptyValues: { customerId: '', receiptDate: todayInIndia(), paymentMethod: 'cash', amount: '', referenceNumber: '', notes: '', description: '', active: true },
        toFormValues: (receipt) => ({
          customerId: String(receipt.customerId),
          receiptDate: receipt.receiptDate,
          paymentMethod: receipt.paymentMethod,
          amount: amountValue(receipt),
          referenceNumber: receipt.referenceNumber ?? '',
          notes: receipt.notes ?? '',
          description: receipt.description ?? '',
          active: receipt.active,
        }),
      },
    }),
    [customerName],
  );
  return <EntityListScreen config={config} />;
}
