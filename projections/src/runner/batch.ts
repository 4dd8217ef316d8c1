import type { RecordedEvent } from '@erp/contracts';
import type { Statement } from '@erp/eventstore';

import type { BatchPlan, Projection, RowRef, Rows } from './projection';
import { type RowCache, type RowsToWrite, rowsToWrite } from './row-cache';
import { type Key, loadRows, type Row, type RowOf, rowWrites, runTogether, type TableSpec } from './table';
import type { ReadDb } from '../read-models';

interface TableRows {
  readonly spec: TableSpec;
  readonly requested: Set<Key>;
  readonly rows: Map<Key, Row>;
  readonly dirty: Set<Key>;
}

/**
 * The rows of one batch in memory. Reading a row the projection did not ask for is a bug in its
 * `rowsOf`, and says so, rather than silently treating the row as absent.
 */
const batchRows = (tables: Map<string, TableRows>): Rows => {
  const entry = (spec: TableSpec, key: Key) => {
    const t = tables.get(spec.name);
    if (!t || !t.requested.has(key)) throw new Error(`${spec.name} row ${key} was not named by rowsOf`);
    return t;
  };
  // An append-only table's rows are new by construction: put without being named or read.
  const appended = (spec: TableSpec) => {
    let t = tables.get(spec.name);
    if (!t) tables.set(spec.name, (t = { spec, requested: new Set(), rows: new Map(), dirty: new Set() }));
    return t;
  };
  return {
    get: <T extends TableSpec>(spec: T, key: Key) => {
      // Rows were loaded from this very table, so they have its columns and types.
      return entry(spec, key).rows.get(key) as RowOf<T> | undefined;
    },
    put: (spec, row) => {
      const key = row[spec.key];
      if (typeof key !== 'number' && typeof key !== 'string') throw new Error(`${spec.name} row without a key`);
      const t = spec.appendOnly ? appended(spec) : entry(spec, key);
      t.rows.set(key, row);
      t.dirty.add(key);
    },
    remove: (spec, key) => {
      const t = entry(spec, key);
      t.rows.delete(key);
      t.dirty.add(key);
    },
  };
};

/** The rows each table of a plan needs: taken from `cache` when it holds them (or knows them absent), else to load. */
const rowsNeeded = (needs: readonly RowRef[], cache: RowCache | undefined) => {
  const tables = new Map<string, TableRows & { toLoad: Set<Key> }>();
  for (const { table, key, fresh } of needs) {
    let t = tables.get(table.name);
    if (!t) tables.set(table.name, (t = { spec: table, requested: new Set(), rows: new Map(), dirty: new Set(), toLoad: new Set() }));
    // Only the first event of the batch on a row decides whether it must be read.
    if (t.requested.has(key)) continue;
    t.requested.add(key);
    const known = cache?.lookup(table.name, key);
    if (known !== undefined) {
      if (known) t.rows.set(key, known);
    } else if (!(fresh && table.versioned)) {
      t.toLoad.add(key);
    }
  }
  return tables;
};

const load = async (db: ReadDb, schema: string, t: TableRows & { toLoad: Set<Key> }) => {
  if (t.toLoad.size === 0) return;
  for (const row of await loadRows(db, schema, t.spec, [...t.toLoad])) {
    const key = row[t.spec.key];
    if (typeof key === 'number' || typeof key === 'string') t.rows.set(key, row);
  }
};

/** A batch's events decoded by each projection, with the rows they need: no I/O yet. */
export interface PlannedBatch {
  readonly plans: readonly { readonly projection: Projection; readonly plan: BatchPlan }[];
}

/** Decodes a batch for each projection (CPU only: a rebuild does it while the last batch is written). */
export const planBatch = (projections: readonly Projection[], events: readonly RecordedEvent[]): PlannedBatch => ({
  plans: projections.map((projection) => ({ projection, plan: projection.plan(events) })),
});

/**
 * foldPlanned, starting from the rows a rebuild's earlier batches left in `cache` (row-cache.ts)
 * and leaving this batch's there, to be written when they leave it (or at the end, `flushed`):
 * the writes returned are the append-only tables' rows and what left the cache. Only rows the
 * cache does not hold are read, so they are the same whether or not the last batch's writes have
 * committed yet: a rebuild folds the next batch while the last one is still being written.
 */
export const foldCarried = async (db: ReadDb, schema: string, planned: PlannedBatch, cache?: RowCache): Promise<Statement[]> => {
  const needed = planned.plans.map(({ plan }) => ({ plan, tables: plan.needs.length === 0 ? new Map<string, TableRows & { toLoad: Set<Key> }>() : rowsNeeded(plan.needs, cache) }));
  // One query per table, all at once (each on a connection of its own when `db` is a pool).
  await Promise.all(needed.flatMap(({ tables }) => [...tables.values()].map((t) => load(db, schema, t))));
  const writes: Statement[] = [];
  for (const { plan, tables } of needed) {
    if (plan.needs.length === 0) continue;
    plan.apply(batchRows(tables));
    for (const t of tables.values()) {
      if (cache && !t.spec.appendOnly) cache.remember(t.spec, t.requested, t.rows, t.dirty);
      else if (t.dirty.size > 0) writes.push(...flushed(db, schema, [rowsToWrite(t.spec, t.rows, t.dirty)]));
    }
  }
  if (cache) writes.push(...flushed(db, schema, cache.endBatch()));
  return writes;
};

/** The writes of rows a rebuild's cache gives back (at most `chunk` rows a statement). */
export const flushed = (db: ReadDb, schema: string, rows: readonly RowsToWrite[], chunk = Infinity): Statement[] =>
  rows.flatMap(({ spec, upserts, deletes }) => {
    const statements: Statement[] = [];
    for (let i = 0; i < Math.max(upserts.length, deletes.length); i += chunk) {
      statements.push(...rowWrites(db, schema, spec, upserts.slice(i, i + chunk), deletes.slice(i, i + chunk)));
    }
    return statements;
  });

/**
 * Folds a planned batch into each projection's tables in `schema`: load the rows the batch
 * touches (one query per table; rows an event creates whole are not read), fold in memory, and
 * return one write per table. The caller runs the writes in its transaction, in the statement
 * that moves the checkpoint.
 */
export const foldPlanned = (db: ReadDb, schema: string, planned: PlannedBatch): Promise<Statement[]> => foldCarried(db, schema, planned);

/** planBatch, then foldPlanned. */
export const foldBatch = async (db: ReadDb, schema: string, projections: readonly Projection[], events: readonly RecordedEvent[]) =>
  foldPlanned(db, schema, planBatch(projections, events));

/** foldBatch, then its writes (tests and tools; the runner adds its checkpoint to them). */
export const applyBatch = async (db: ReadDb, schema: string, projections: readonly Projection[], events: readonly RecordedEvent[]) =>
  runTogether(db, await foldBatch(db, schema, projections, events));
