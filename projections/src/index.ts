import { MASTER_DATA_PROJECTIONS } from './master-data';
import { DOCUMENT_PROJECTIONS } from './documents';
import type { Projection } from './runner/projection';
import { businessProjection } from './settings/business.projection';
import { stockMovementsProjection } from './inventory/stock-movements.projection';
import { journalProjection } from './books/journal.projection';
import { bankReconciliationProjection } from './books/bank-reconciliation.projection';
import { partyAllocationsProjection } from './books/party-allocations.projection';
import { gstr2bProjection } from './gst/gstr2b.projection';
import { gstFilingsProjection } from './gst/gst-filings.projection';

export * from './runner/batch';
export * from './runner/checkpoints';
export * from './runner/fold-row';
export * from './runner/lag';
export * from './runner/log';
export * from './runner/projection';
export * from './runner/rebuild';
export * from './runner/replay-guard';
export * from './runner/runner';
export * from './runner/table';
export * from './read-models';
export * from './runner/waker';
export * from './master-data';
export * from './master-data/master-data.projection';
export * from './documents/invoice-list.projection';
export * from './documents/settlement-list.projection';
export * from './documents/refund-list.projection';
export * from './settings/business.projection';
export * from './inventory/stock-movements.projection';
export * from './books/journal.projection';
export * from './books/bank-reconciliation.projection';
export * from './books/party-allocations.projection';
export * from './gst/gstr2b.projection';
export * from './gst/gst-filings.projection';

/** Every read model of the product (emmett's slice index). */
export const PROJECTIONS: readonly Projection[] = [
  ...MASTER_DATA_PROJECTIONS.map((m) => m.projection),
  ...DOCUMENT_PROJECTIONS,
  businessProjection,
  stockMovementsProjection,
  journalProjection,
  bankReconciliationProjection,
  partyAllocationsProjection,
  gstr2bProjection,
  gstFilingsProjection,
];

export const findProjection = (name: string) => PROJECTIONS.find((p) => p.name === name);
