import { type Ledger, type LedgerBody, ledgersEntity } from '@erp/contracts';

import { createResource } from '@/lib/resource';

/** The ledgers the business adds to its chart of accounts (GET|POST /api/accounting/ledger-accounts). */
export const ledgersResource = createResource<Ledger, LedgerBody>({
  module: ledgersEntity.module,
  name: ledgersEntity.plural,
  path: ledgersEntity.path,
  record: ledgersEntity.record,
  // A ledger is in the chart every report and voucher reads, its opening balance in the books.
  alsoInvalidates: [['books']],
});
