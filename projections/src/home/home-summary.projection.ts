import type { AnyDb } from '@erp/eventstore';

import type { Projection } from '../runner/projection';

/**
 * The home strip's figures (DESIGN §3.6): sales this month, invoices this month, unpaid
 * invoices, kept per month from invoice and receipt events. Until those documents exist in the
 * API it handles no events, so it honestly reports zeros.
 */
export const homeSummaryProjection: Projection = {
  name: 'home_summary',
  version: 1,
  tables: ['home_summary'],
  migrate: async (db: AnyDb) => {
    await db.schema
      .createTable('home_summary')
      .ifNotExists()
      .addColumn('month', 'text', (c) => c.primaryKey())
      .addColumn('sales_total', 'numeric', (c) => c.notNull().defaultTo(0))
      .addColumn('invoice_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unpaid_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  handlers: {},
};
