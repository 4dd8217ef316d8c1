import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { compiledOnce, prepared } from './db';

// Compiling needs no connection: the pool is never asked for one.
const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });

describe('compiledOnce', () => {
  it('builds the text once per key, then only binds the new values', () => {
    let builds = 0;
    const find = compiledOnce((table: { name: string }, id: number, name: string) => {
      builds += 1;
      return prepared(sql`select * from ${sql.table(table.name)} where id = ${id} and name = ${name}`);
    });
    const vendors = { name: 'vendor_list' };
    const first = find(db, vendors, 1, 'a');
    const second = find(db, vendors, 2, 'b');
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual([2, 'b']);
    const items = find(db, { name: 'item_list' }, 3, 'c');
    expect(builds).toBe(2);
    expect(items.sql).toContain('"item_list"');
    expect(items.parameters).toEqual([3, 'c']);
  });

  it('refuses a statement whose values are not exactly its own, in order', () => {
    const swapped = compiledOnce((_: object, id: number, name: string) => sql`select ${name}, ${id}`);
    expect(() => swapped(db, {}, 1, 'a')).toThrow(/values other than its own/);
    const inText = compiledOnce((_: object, column: string) => sql`select ${sql.id(column)}`);
    expect(() => inText(db, {}, 'name')).toThrow(/values other than its own/);
  });
});
