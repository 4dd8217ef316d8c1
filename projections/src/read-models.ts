import type { Kysely } from 'kysely';

import type { bankFormatsTable, bankStatementLinesTable } from './books/bank-reconciliation.projection';
import type { journalDocumentsTable, journalTable } from './books/journal.projection';
import type { partyAllocationsTable } from './books/party-allocations.projection';
import type { gstFilingsTable } from './gst/gst-filings.projection';
import type { gstr2bPeriodsTable } from './gst/gstr2b.projection';
import type { stockMovementHistoryTable, stockMovementsTable } from './inventory/stock-movements.projection';
import type { RunnerTables } from './runner/checkpoints';
import type { StoredRowOf } from './runner/table';

/**
 * The read-model tables of fixed shape, typed from the specs that create them, so the types
 * cannot drift from the DDL. The master-data and document lists (one table per entity or kind,
 * made from its config at run time) are read through their TableSpec.
 */
type FixedTable =
  | typeof journalTable
  | typeof journalDocumentsTable
  | typeof bankStatementLinesTable
  | typeof bankFormatsTable
  | typeof partyAllocationsTable
  | typeof gstr2bPeriodsTable
  | typeof gstFilingsTable
  | typeof stockMovementsTable
  | typeof stockMovementHistoryTable;

/** The read side's database (kysely's `DB`): table name → its row as stored. */
export type ReadModels = { [T in FixedTable as T['name']]: StoredRowOf<T> } & RunnerTables;

/** A handle on the read models: the projections write them, the query service reads them. */
export type ReadDb = Kysely<ReadModels>;
