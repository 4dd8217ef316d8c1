import { type Expense, expenses } from '@erp/contracts';

import { entityKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const expensesResource = createResource<Expense, unknown>({
  module: expenses.module,
  name: expenses.plural,
  path: expenses.path,
  record: expenses.record,
  listEntry: { parse: (v) => ({ ...expenses.summary.parse(v), lines: [], allocations: [] }) },
  // Paid now records an expense payment; the vendor's balance moves.
  alsoInvalidates: [entityKeys('purchase', 'expense-payments').all, entityKeys('purchase', 'vendors').all],
});
