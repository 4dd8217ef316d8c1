import type { RecordedEvent } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';

import type { BatchPlan, Projection, RowRef, Rows } from './projection';
import { type Key, loadRows, type Row, type RowOf, rowWrites, runTogether, type Statement, type TableSpec } from './table';

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

const loadNeeded = async (db: AnyDb, schema: string, needs: readonly RowRef[]) => {
  const tables = new Map<string, TableRows & { toLoad: Set<Key> }>();
  for (const { table, key, fresh } of needs) {
    const t = tables.get(table.name) ?? { spec: table, requested: new Set(), rows: new Map(), dirty: new Set(), toLoad: new Set() };
    // Only the first event of the batch on a row decides whether it must be read.
    if (!t.requested.has(key) && !(fresh && table.versioned)) t.toLoad.add(key);
    t.requested.add(key);
    tables.set(table.name, t);
  }
  for (const t of tables.values()) {
    for (const row of await loadRows(db, schema, t.spec, [...t.toLoad])) {
      const key = row[t.spec.key];
      if (typeof key === 'number' || typeof key === 'string') t.rows.set(key, row);
    }
  }
  return tables;
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
 * Folds a planned batch into each projection's tables in `schema`: load the rows the batch
 * touches (one query per table; rows an event creates whole are not read), fold in memory, and
 * return one write per table. The caller runs the writes in its transaction, in the statement
 * that moves the checkpoint.
 */
export const foldPlanned = async (db: AnyDb, schema: string, planned: PlannedBatch): Promise<Statement[]> => {
  const writes: Statement[] = [];
  for (const { plan } of planned.plans) {
    if (plan.needs.length === 0) continue;
    const tables = await loadNeeded(db, schema, plan.needs);
    plan.apply(batchRows(tables));
    for (const t of tables.values()) {
      if (t.dirty.size === 0) continue;
      const upserts: Row[] = [];
      const deletes: Key[] = [];
      for (const key of t.dirty) {
        const row = t.rows.get(key);
        if (row) upserts.push(row);
        else deletes.push(key);
      }
      writes.push(...rowWrites(schema, t.spec, upserts, deletes));
    }
  }
  return writes;
};

/** planBatch, then foldPlanned. */
export const foldBatch = async (db: AnyDb, schema: string, projections: readonly Projection[], events: readonly RecordedEvent[]) =>
  foldPlanned(db, schema, planBatch(projections, events));

/** foldBatch, then its writes (tests and tools; the runner adds its checkpoint to them). */
export const applyBatch = async (db: AnyDb, schema: string, projections: readonly Projection[], events: readonly RecordedEvent[]) =>
  runTogether(db, await foldBatch(db, schema, projections, events));
