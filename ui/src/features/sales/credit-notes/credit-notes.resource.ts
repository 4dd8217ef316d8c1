import { type CreditNote, creditNotes } from '@erp/contracts';

import { STOCK_KEY } from '@/features/inventory/stock.queries';
import { CREDITS_KEY } from '@/features/documents/credits.queries';
import { entityKeys, queryKeys } from '@/lib/query-keys';
import { createResource } from '@/lib/resource';

export const creditNotesResource = createResource<CreditNote, unknown>({
  module: creditNotes.module,
  name: creditNotes.plural,
  path: creditNotes.path,
  record: creditNotes.record,
  listEntry: { parse: (v) => ({ ...creditNotes.summary.parse(v), lines: [], allocations: [] }) },
  // A credit note lowers what its invoice is owed: the invoices, receipts' choices and home follow.
  alsoInvalidates: [queryKeys.home.all, entityKeys('sales', 'invoices').all, entityKeys('sales', 'receipts').all, STOCK_KEY, CREDITS_KEY],
});
