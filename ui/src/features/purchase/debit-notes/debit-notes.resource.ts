import { type DebitNote, debitNotes } from '@erp/contracts';

import { STOCK_KEY } from '@/features/inventory/stock.queries';
import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const debitNotesResource = createResource<DebitNote, unknown>({
  module: debitNotes.module,
  name: debitNotes.plural,
  path: debitNotes.path,
  record: debitNotes.record,
  listEntry: { parse: (v) => ({ ...debitNotes.summary.parse(v), lines: [], allocations: [] }) },
  // A debit note lowers what is owed on its invoice: the invoices, payments' choices and home follow.
  alsoInvalidates: [queryKeys.home.all, entityKeys('purchase', 'invoices').all, entityKeys('purchase', 'payments').all, STOCK_KEY, CREDITS_KEY],
});
