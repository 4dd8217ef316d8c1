import type { Key, Row } from './table';

/**
 * The rows a rebuild has folded, kept between its batches so it seldom reads its own tables.
 * A rebuild folds into fresh tables: every row in them was written through here, so until
 * something was dropped a key never seen is a row that does not exist (nothing to read). Two
 * generations of at most `limit` rows each: when the young one fills, at the end of a batch, it
 * becomes the old one and the old one is dropped; from then on a key not held is read from the
 * table. The dropped rows are from batches before the last, whose writes have committed by the
 * time a later batch reads (rebuild.ts settles each write before starting the next).
 */
export class RowCache {
  private young = new Map<string, Map<Key, Row | null>>();
  private old = new Map<string, Map<Key, Row | null>>();
  private youngSize = 0;
  private dropped = false;

  constructor(private readonly limit: number) {}

  /** The row as it now stands, null when it is known to be absent, undefined when it must be read. */
  lookup(table: string, key: Key): Row | null | undefined {
    const young = this.young.get(table)?.get(key);
    if (young !== undefined) return young;
    const old = this.old.get(table)?.get(key);
    if (old !== undefined) return old;
    return this.dropped ? undefined : null;
  }

  /** A batch's rows of one table as they stand after it (null: absent or removed). */
  remember(table: string, rows: Iterable<readonly [Key, Row | null]>) {
    let young = this.young.get(table);
    if (!young) this.young.set(table, (young = new Map()));
    for (const [key, row] of rows) {
      if (!young.has(key)) this.youngSize++;
      young.set(key, row);
    }
  }

  /** At the end of a batch: a full young generation becomes the old one. */
  endBatch() {
    if (this.youngSize <= this.limit) return;
    if (this.old.size > 0) this.dropped = true;
    this.old = this.young;
    this.young = new Map();
    this.youngSize = 0;
  }
}
