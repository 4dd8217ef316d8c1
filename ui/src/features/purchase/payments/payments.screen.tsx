import { compareMoney, PAYMENT_METHODS, type PurchaseInvoice, routes, type VendorPayment, vendorPayments } from '@erp/contracts';
import { CalendarDays, FileText, Hash, IndianRupee, Link2, Wallet } from 'lucide-react';
import { useMemo } from 'react';

import type { ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { amountField, amountValue, withoutLines } from '@/features/documents/settlement-credit';
import { settlementLines } from '@/features/documents/settlement-lines';
import { methodLabel } from '@/features/documents/payment-method';
import { openInvoicesOf, useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorPaymentsResource } from '@/features/purchase/payments/payments.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { usePaymentCashNotice } from '@/features/books/cash-in-hand';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;

const headerSchema = vendorPayments.header;
const vendorOptions = partyOptionsFrom(vendorsResource.useList, 'vendorId');
const openInvoices = openInvoicesOf<VendorPayment, PurchaseInvoice>(purchaseInvoicesResource.useList, (i) => i.vendorId, 'paidAmount');

export function PaymentsScreen() {
  const vendorName = useLabels(vendorsResource.useList, (v) => v.name);
  const invoices = useLabels(purchaseInvoicesResource.useList, (i) => i.invoiceNumber);
  const config = useMemo(
    (): ListConfig<VendorPayment, Values, unknown> => ({
      title: 'Payments',
      subtitle: 'Process vendor payments',
      addLabel: 'Add Payment',
      searchPlaceholder: 'Search payments...',
      backTo: { to: routes.module('purchase'), label: 'Back to Purchase' },
      empty: {
        searching: 'No payments found matching your search.',
        initial: 'No payments found. Record your first payment!',
      },
      search: vendorPayments.search,
      searchAlso: (payment) => [vendorName(payment.vendorId, 'Unknown Vendor')],
      card: {
        title: (payment) => vendorName(payment.vendorId, 'Unknown Vendor'),
        badge: (payment) => (payment.voidReason ? { label: 'VOID', tone: 'red' } : { label: methodLabel(payment.paymentMethod), tone: 'blue' }),
        fields: [
          { label: 'Number', icon: Hash, value: (p) => p.paymentNumber, hideWhenEmpty: true },
          { label: 'Total', icon: IndianRupee, value: (p) => formatMoney(p.totalAmount) },
          { label: 'Date', icon: CalendarDays, value: (p) => formatDate(p.paymentDate) },
          { label: 'Invoice', icon: Link2, value: (p) => (p.invoiceId ? invoices(p.invoiceId, 'Unknown Invoice') : 'Direct Payment') },
          { label: 'Advance Left', icon: Wallet, value: (p) => (compareMoney(p.unappliedAmount, 0) > 0 ? formatMoney(p.unappliedAmount) : ''), hideWhenEmpty: true },
          { label: 'Reference', icon: Hash, value: (p) => p.referenceNumber, hideWhenEmpty: true },
          { label: 'Description', icon: FileText, value: (p) => p.description, hideWhenEmpty: true },
        ],
      },
      resource: vendorPaymentsResource,
      form: {
        entityLabel: vendorPayments.label,
        schema: headerSchema,
        titles: { create: 'Create Payment', edit: 'Edit Payment' },
        voidConfirm: {
          title: 'Void Payment',
          body: 'A voided payment settles no invoice: each invoice it paid owes that money again. This cannot be undone. Why is it voided?',
          voidedBecause: (payment) => payment.voidReason,
        },
        subtitles: { create: 'Pay a vendor against their invoices', edit: 'Update payment details' },
        remember: ['paymentMethod'],
        submitLabels: { create: 'Create Payment', update: 'Update Payment' },
        sections: [
          {
            title: 'Payment Details',
            fields: [
              { name: 'vendorId', label: 'Vendor', kind: 'select', required: true, useOptions: vendorOptions },
              { name: 'paymentDate', label: 'Payment Date', kind: 'date', required: true },
              { name: 'paymentMethod', label: 'Payment Method', kind: 'select', required: true, options: PAYMENT_METHODS },
              amountField('Amount Paid'),
              { name: 'referenceNumber', label: 'Reference Number', kind: 'text', placeholder: 'Cheque no., UTR, transaction id' },
              { name: 'description', label: 'Description', kind: 'textarea', placeholder: 'Optional notes' },
            ],
          },
        ],
        lines: {
          ...settlementLines<VendorPayment>({
            amountField: 'paidAmount',
            amountLabel: 'Paid Amount',
            partyField: 'vendorId',
            hint: 'Select a vendor first to add invoices',
            needSaved: 'Please add and save at least one invoice line, or say the amount paid (an advance)',
            totalsTitle: 'Total Payment',
            totalLabel: 'Total',
            useOpen: openInvoices,
          }),
          optional: withoutLines,
          // Paid in cash: says so when it would take cash in hand below zero (issue 43).
          useNotice: usePaymentCashNotice,
        },
        emptyValues: { vendorId: '', paymentDate: todayInIndia(), paymentMethod: 'cash', amount: '', referenceNumber: '', description: '', active: true },
        toFormValues: (payment) => ({
          vendorId: String(payment.vendorId),
          paymentDate: payment.paymentDate,
          paymentMethod: payment.paymentMethod,
          amount: amountValue(payment),
          referenceNumber: payment.referenceNumber ?? '',
          description: payment.description ?? '',
          active: payment.active,
        }),
      },
    }),
    [vendorName, invoices],
  );
  return <EntityListScreen config={config} />;
}
