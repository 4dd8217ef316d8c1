import { defineProjection } from '../runner/projection';
import { table } from '../runner/table';

export const homeSummaryTable = table({
  name: 'home_summary',
  key: 'month',
  columns: { month: 'text', salesTotal: 'numeric', invoiceCount: 'integer', unpaidCount: 'integer' },
});

/**
 * The home strip's figures (DESIGN §3.6): sales this month, invoices this month, unpaid
 * invoices. Until sales invoices exist in the API it handles no events, so it honestly reports
 * zeros.
 */
export const homeSummaryProjection = defineProjection<never>({
  name: 'home_summary',
  version: 2,
  tables: [homeSummaryTable],
  handles: [],
  decode: () => null,
  rowsOf: () => [],
  apply: () => undefined,
});
