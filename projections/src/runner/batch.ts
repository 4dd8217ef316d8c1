import type { RecordedEvent } from '@erp/contracts';
import type { Statement } from '@erp/eventstore';

import type { BatchPlan, Projection, RowRef, Rows } from './projection';
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

/**
 * The rows a batch ended with, per table: the row as it now stands, or null for a key it found
 * absent or removed. The next batch of a rebuild starts from them instead of reading them back
 * (they may not even be committed yet: see foldCarried).
 */
export type CarriedRows = ReadonlyMap<string, ReadonlyMap<Key, Row | null>>;

/** The rows each table of a plan needs: taken from `carried` when the last batch had them, else to load. */
const rowsNeeded = (needs: readonly RowRef[], carried: CarriedRows | undefined) => {
  const tables = new Map<string, TableRows & { toLoad: Set<Key> }>();
  for (const { table, key, fresh } of needs) {
    let t = tables.get(table.name);
    if (!t) tables.set(table.name, (t = { spec: table, requested: new Set(), rows: new Map(), dirty: new Set(), toLoad: new Set() }));
    // Only the first event of the batch on a row decides whether it must be read.
    if (t.requested.has(key)) continue;
    t.requested.add(key);
    const known = carried?.get(table.name);
    if (known?.has(key)) {
      const row = known.get(key);
      if (row) t.rows.set(key, row);
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
 * foldPlanned, starting from the rows the previous batch ended with (`carried`), and answering
 * the rows this one ends with. Only rows the previous batch did not hold are read, so they are
 * the same whether or not its writes have committed yet: a rebuild reads the next batch's rows
 * while the last one is still being written.
 */
export const foldCarried = async (db: ReadDb, schema: string, planned: PlannedBatch, carried?: CarriedRows): Promise<{ writes: Statement[]; carried: CarriedRows }> => {
  const needed = planned.plans.map(({ plan }) => ({ plan, tables: plan.needs.length === 0 ? new Map<string, TableRows & { toLoad: Set<Key> }>() : rowsNeeded(plan.needs, carried) }));
  // One query per table, all at once (each on a connection of its own when `db` is a pool).
  await Promise.all(needed.flatMap(({ tables }) => [...tables.values()].map((t) => load(db, schema, t))));
  const writes: Statement[] = [];
  const next = new Map<string, Map<Key, Row | null>>();
  for (const { plan, tables } of needed) {
    if (plan.needs.length === 0) continue;
    plan.apply(batchRows(tables));
    for (const t of tables.values()) {
      if (!t.spec.appendOnly) next.set(t.spec.name, new Map([...t.requested].map((key) => [key, t.rows.get(key) ?? null])));
      if (t.dirty.size === 0) continue;
      const upserts: Row[] = [];
      const deletes: Key[] = [];
      for (const key of t.dirty) {
        const row = t.rows.get(key);
        if (row) upserts.push(row);
        else deletes.push(key);
      }
      writes.push(...rowWrites(db, schema, t.spec, upserts, deletes));
    }
  }
  return { writes, carried: next };
};

/**
 * Folds a planned batch into each projection's tables in `schema`: load the rows the batch
 * touches (one query per table; rows an event creates whole are not read), fold in memory, and
 * return one write per table. The caller runs the writes in its transaction, in the statement
 * that moves the checkpoint.
 */
export const foldPlanned = async (db: ReadDb, schema: string, planned: PlannedBatch): Promise<Statement[]> =>
  (await foldCarried(db, schema, planned)).writes;

/** planBatch, then foldPlanned. */
export const foldBatch = async (db: ReadDb, schema: string, projections: readonly Projection[], events: readonly RecordedEvent[]) =>
  foldPlanned(db, schema, planBatch(projections, events));

/** foldBatch, then its writes (tests and tools; the runner adds its checkpoint to them). */
export const applyBatch = async (db: ReadDb, schema: string, projections: readonly Projection[], events: readonly RecordedEvent[]) =>
  runTogether(db, await foldBatch(db, schema, projections, events));
