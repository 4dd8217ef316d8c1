import { accountOf, type Expense, expenses, routes } from '@erp/contracts';
import { CalendarDays, FileText, IndianRupee, Repeat, Tag, Truck, Wallet } from 'lucide-react';
import { useMemo } from 'react';

import type { ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { invoiceBadge } from '@/features/documents/invoice-badge';
import { invoiceDetails } from '@/features/documents/invoice-details';
import { invoiceForm } from '@/features/documents/invoice-form';
import { invoiceLines } from '@/features/documents/invoice-lines';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { RepeatDue } from '@/features/documents/repeat-due';
import { expensesResource } from '@/features/purchase/expenses/expenses.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { useBusiness } from '@/features/settings/business.queries';
import { formatDate, formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const vendorOptions = partyOptionsFrom(vendorsResource.useList, 'vendorId');
const useVendorGstin = (id: number) => vendorsResource.useList().data?.find((v) => v.id === id)?.gstNumber ?? null;
/** The head an expense is booked under, by its ledger's name. */
const categoryName = (code: unknown) => accountOf(String(code))?.accountName ?? String(code);

/** Expenses (issue 45): rent, electricity, transport…, each under its head; paid now or owed to the vendor. */
export function ExpensesScreen() {
  const vendorName = useLabels(vendorsResource.useList, (v) => v.name);
  const business = useBusiness().data?.profile ?? null;
  const config = useMemo(
    (): ListConfig<Expense, Values, unknown> => ({
      title: 'Expenses',
      subtitle: 'Rent, electricity, transport and other costs, by category',
      addLabel: 'Add Expense',
      searchPlaceholder: 'Search expenses...',
      backTo: { to: routes.module('purchase'), label: 'Back to Purchase' },
      empty: {
        searching: 'No expenses found matching your search.',
        initial: 'No expenses yet. Record rent, a bill or a small purchase for the shop here.',
      },
      search: expenses.search,
      searchAlso: (expense) => [vendorName(expense.vendorId, 'Unknown Vendor'), categoryName(expense.category)],
      card: {
        title: (expense) => categoryName(expense.category),
        badge: (expense) => invoiceBadge(expense.status),
        fields: [
          { label: 'Total', icon: IndianRupee, value: (e) => formatMoney(e.totalAmount) },
          { label: 'Balance Due', icon: Wallet, value: (e) => formatMoney(e.balanceDue) },
          { label: 'Paid To', icon: Truck, value: (e) => vendorName(e.vendorId, 'Unknown Vendor') },
          { label: 'Number', icon: Tag, value: (e) => e.expenseNumber },
          { label: 'Date', icon: CalendarDays, value: (e) => formatDate(e.expenseDate) },
          { label: 'Input GST', icon: IndianRupee, value: (e) => (e.taxMode === 'gst' && e.taxAmount !== '0.00' ? formatMoney(e.taxAmount) : ''), hideWhenEmpty: true },
          { label: 'Repeats', icon: Repeat, value: (e) => (e.repeatMonthly ? 'Every month' : e.repeatOf ? `Monthly copy of #${e.repeatOf}` : ''), hideWhenEmpty: true },
          { label: 'Notes', icon: FileText, value: (e) => e.notes, hideWhenEmpty: true },
        ],
      },
      resource: expensesResource,
      // Repeating ones with no copy this month: one tap each (the `repeats` trait, docs/expenses.md).
      ...(expenses.repeats
        ? { toolbar: <RepeatDue doc={expenses} resource={expensesResource} title={(row) => `${categoryName(row.category)} · ${vendorName(row.partyId, 'Unknown Vendor')}`} /> }
        : {}),
      details: invoiceDetails<Expense>(expenses, {
        subtitle: 'Expense details',
        partyName: (id) => vendorName(id, 'Unknown Vendor'),
        settled: { label: 'Paid', linksTitle: 'Payments', linksEmpty: 'Not paid yet: it is owed to the vendor.' },
      }),
      form: {
        entityLabel: expenses.label,
        titles: { create: 'Add Expense', edit: 'Edit Expense' },
        subtitles: { create: 'Record what the shop spent', edit: 'Update expense details' },
        submitLabels: { create: 'Save Expense', update: 'Update Expense' },
        ...invoiceForm(
          expenses,
          {
            section: 'Expense Details',
            useParties: vendorOptions,
            // No due date of its own; no supplier's state (GST only from a supplier with a GSTIN, whose state it gives).
            omit: ['dueDate', 'placeOfSupply'],
            fields: {
              vendorId: { label: 'Paid To (Vendor or Payee)' },
              taxMode: { hint: 'GST only from a supplier with a GSTIN (input tax credit)' },
              taxAmount: { hint: 'Leave 0 unless the supplier has a GSTIN' },
              notes: { placeholder: 'Optional: what it was for' },
            },
          },
          business,
        ),
        lines: invoiceLines<Expense>(expenses, { needSaved: 'Please save at least one line before saving the expense', usePartyGstin: useVendorGstin }),
      },
    }),
    [vendorName, business],
  );
  return <EntityListScreen config={config} />;
}
