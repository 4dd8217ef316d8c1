import type { Key, Row, TableSpec } from './table';

/** One table's rows in one generation, and which of them the table does not hold yet. */
interface Held {
  readonly spec: TableSpec;
  readonly rows: Map<Key, Row | null>;
  readonly unwritten: Set<Key>;
}

/** Rows to upsert and keys to delete, per table: what leaves the cache unwritten. */
export interface RowsToWrite {
  readonly spec: TableSpec;
  readonly upserts: Row[];
  readonly deletes: Key[];
}

type Generation = Map<string, Held>;

/**
 * The rows a rebuild has folded, kept between its batches, and written back: a row is written
 * to its table when it leaves the cache or at the end (`flush`), not at every batch that changes
 * it (a record revised three times through the log is written once, not four times).
 *
 * A rebuild folds into fresh tables: every row in them went through here, so until something was
 * dropped a key never seen is a row that does not exist (nothing to read). Generations of at most
 * `limit` rows: when the young one fills, at the end of a batch, it becomes the old one, and the
 * old one leaves — its unwritten rows go out with that batch's writes. A leaving generation is
 * still read from until the next one leaves: the batch after it is folded while that write may be
 * in flight (rebuild.ts settles a write only once the next batch is folded); by the time the
 * next generation leaves, that write has committed and a key not held is read from the table.
 */
export class RowCache {
  private young: Generation = new Map();
  private old: Generation = new Map();
  private leaving: Generation = new Map();
  private youngSize = 0;
  private dropped = false;

  constructor(private readonly limit: number) {}

  /** The row as it now stands, null when it is known to be absent, undefined when it must be read. */
  lookup(table: string, key: Key): Row | null | undefined {
    for (const generation of [this.young, this.old, this.leaving]) {
      const row = generation.get(table)?.rows.get(key);
      if (row !== undefined) return row;
    }
    return this.dropped ? undefined : null;
  }

  /**
   * A batch's rows of one table as they stand after it (null: absent or removed); `changed`, the
   * keys the batch put or removed. A row the old generation had not written yet moves here still unwritten.
   */
  remember(spec: TableSpec, keys: Iterable<Key>, rows: ReadonlyMap<Key, Row>, changed: ReadonlySet<Key>) {
    let held = this.young.get(spec.name);
    if (!held) this.young.set(spec.name, (held = { spec, rows: new Map(), unwritten: new Set() }));
    const old = this.old.get(spec.name)?.unwritten;
    for (const key of keys) {
      if (!held.rows.has(key)) this.youngSize++;
      held.rows.set(key, rows.get(key) ?? null);
      if (old?.delete(key) || changed.has(key)) held.unwritten.add(key);
    }
  }

  /** At the end of a batch: when the young generation is full, the old one leaves, and what it had not written is returned to write with the batch. */
  endBatch(): RowsToWrite[] {
    if (this.youngSize <= this.limit) return [];
    const leaving = this.old;
    if (leaving.size > 0) this.dropped = true;
    this.leaving = leaving;
    this.old = this.young;
    this.young = new Map();
    this.youngSize = 0;
    return unwrittenOf(leaving);
  }

  /** Every row not written yet (at the end of a rebuild): nothing is held unwritten after. */
  flush(): RowsToWrite[] {
    const rows = [...unwrittenOf(this.old), ...unwrittenOf(this.young)];
    this.young = new Map();
    this.old = new Map();
    this.leaving = new Map();
    this.youngSize = 0;
    this.dropped = true;
    return rows;
  }
}

/** These keys' rows as a table's writes: the rows there upserted, the keys without one (removed) deleted. */
export const rowsToWrite = (spec: TableSpec, rows: ReadonlyMap<Key, Row | null>, keys: Iterable<Key>): RowsToWrite => {
  const upserts: Row[] = [];
  const deletes: Key[] = [];
  for (const key of keys) {
    const row = rows.get(key);
    if (row) upserts.push(row);
    else deletes.push(key);
  }
  return { spec, upserts, deletes };
};

/** A generation's unwritten rows (a key the younger one took over was moved there by `remember`). */
const unwrittenOf = (generation: Generation): RowsToWrite[] =>
  [...generation.values()].flatMap(({ spec, rows, unwritten }) => {
    if (unwritten.size === 0) return [];
    const written = rowsToWrite(spec, rows, unwritten);
    unwritten.clear();
    return [written];
  });
