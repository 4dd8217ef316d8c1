import { describe, expect, it } from 'vitest';

import { RowCache } from './row-cache';
import { table } from './table';

const spec = table({ name: 'thing_list', columns: { id: 'integer', name: 'text' }, key: 'id' });
const row = (id: number, name: string) => ({ id, name });
const written = (rows: ReturnType<RowCache['flush']>) => rows.map((r) => [r.upserts.map((u) => u.id), r.deletes]);

/** One batch: these keys read, these rows as they stand after it, these changed. */
const batch = (cache: RowCache, rows: Record<number, string | null>, changed: number[]) => {
  const keys = Object.keys(rows).map(Number);
  cache.remember(spec, keys, new Map(keys.flatMap((k) => (rows[k] === null ? [] : [[k, row(k, rows[k]!)]]))), new Set(changed));
  return cache.endBatch();
};

describe('the rebuild row cache, written back', () => {
  it('writes nothing while rows fit, then each changed row once at the end, as it last stood; a removed one as a delete', () => {
    const cache = new RowCache(100);
    expect(batch(cache, { 1: 'a', 2: 'b' }, [1, 2])).toEqual([]);
    expect(batch(cache, { 1: 'a2', 2: null, 3: 'c' }, [1, 2])).toEqual([]);
    expect(cache.lookup('thing_list', 1)).toEqual(row(1, 'a2'));
    expect(cache.lookup('thing_list', 2)).toBeNull();
    expect(cache.lookup('thing_list', 9)).toBeNull(); // never seen, nothing dropped yet: absent
    const rest = cache.flush();
    expect(written(rest)).toEqual([[[1], [2]]]);
    expect(rest[0]!.upserts[0]).toEqual(row(1, 'a2'));
    expect(cache.lookup('thing_list', 1)).toBeUndefined(); // after the flush: read from the table
  });

  it('a full generation leaves with what it had not written; a row the next one took over goes with that one, not twice', () => {
    const cache = new RowCache(2);
    expect(batch(cache, { 1: 'a', 2: 'b', 3: 'c' }, [1, 2, 3])).toEqual([]); // young (3 > 2) becomes old
    // 2 read again and changed, 3 only read: both move to the young generation still unwritten.
    expect(batch(cache, { 2: 'b2', 3: 'c', 4: 'd' }, [2, 4]).map((r) => r.upserts.map((u) => u.id))).toEqual([[1]]);
    // 1 left but is still read from memory until the next generation leaves (its write may be in flight).
    expect(cache.lookup('thing_list', 1)).toEqual(row(1, 'a'));
    expect(batch(cache, { 5: 'e', 6: 'f', 7: 'g' }, [5, 6, 7]).map((r) => r.upserts.map((u) => u.id))).toEqual([[2, 3, 4]]);
    expect(cache.lookup('thing_list', 1)).toBeUndefined(); // written two batches ago: read from the table
    expect(cache.lookup('thing_list', 2)).toEqual(row(2, 'b2'));
    expect(cache.lookup('thing_list', 8)).toBeUndefined();
    expect(written(cache.flush())).toEqual([[[5, 6, 7], []]]);
  });

  it('a row only read, never changed, is never written', () => {
    const cache = new RowCache(1);
    batch(cache, { 1: 'a' }, []);
    batch(cache, { 2: 'b', 3: 'c' }, []);
    expect(batch(cache, { 4: 'd', 5: 'e' }, [])).toEqual([]);
    expect(cache.flush()).toEqual([]);
  });
});
