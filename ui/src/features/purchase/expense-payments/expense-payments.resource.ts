import { type ExpensePayment, expensePayments, expenses } from '@erp/contracts';

import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const expensePaymentsResource = createResource<ExpensePayment, unknown>({
  module: expensePayments.module,
  name: expensePayments.plural,
  path: expensePayments.path,
  record: expensePayments.record,
  listEntry: { parse: (v) => ({ ...expensePayments.summary.parse(v), lines: [], refunds: [] }) },
  // A payment changes what its expenses have paid and left (their status), and what the vendor is owed.
  alsoInvalidates: [entityKeys(expenses.module, expenses.plural).all, entityKeys('purchase', 'vendors').all, queryKeys.home.all, CREDITS_KEY],
});
