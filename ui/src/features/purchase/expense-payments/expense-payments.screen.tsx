import { expensePayments } from '@erp/contracts';

import { EntityListScreen } from '@/components/entity-list-screen';
import { settlementScreen } from '@/features/documents/settlement-config';
import { expensePaymentsResource } from '@/features/purchase/expense-payments/expense-payments.resource';
import { expensesResource } from '@/features/purchase/expenses/expenses.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';

const useConfig = settlementScreen(
  expensePayments,
  {
    title: 'Expense Payments',
    subtitle: 'Pay expenses left unpaid, in part or in full',
    empty: 'No expense payments yet. An expense not paid when it was recorded is paid here.',
    createSubtitle: 'Pay a vendor or payee what is left on their expenses',
    module: { name: 'purchase', label: 'Purchase' },
  },
  { resource: expensePaymentsResource, invoices: expensesResource, parties: vendorsResource },
);

/** Expense payments (issue 45): paying later, in part or in full, the expenses left owed to their vendor. */
export function ExpensePaymentsScreen() {
  return <EntityListScreen config={useConfig()} />;
}
