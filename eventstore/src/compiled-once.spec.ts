import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { compiledOnce, prepared, preparedStatements, statementOf, statementOnce } from './db';

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

describe('statements joined into one', () => {
  it('splits a statement at its parameters and numbers them anew when joined', () => {
    const insert = statementOf(db, sql`insert into a select ${1}, ${'x'}`);
    const update = statementOf(db, sql`update b set n = ${2} where id = any(${[3, 4]}::integer[])`);
    expect(insert.pieces).toEqual(['insert into a select ', ', ', '']);
    const joined = preparedStatements((text) => `with w0 as (${text(insert)}) ${text(update)}`);
    expect(joined.sql).toBe('/* prepared */ with w0 as (insert into a select $1, $2) update b set n = $3 where id = any($4::integer[])');
    expect(joined.parameters).toEqual([1, 'x', 2, [3, 4]]);
  });

  it('keeps two-digit placeholders whole', () => {
    const values = Array.from({ length: 12 }, (_, i) => i);
    const wide = statementOf(db, sql`select ${sql.join(values)}`);
    const joined = preparedStatements((text) => `${text(statementOf(db, sql`select ${'a'}`))}; ${text(wide)}`);
    expect(joined.sql).toBe(`/* prepared */ select $1; select ${values.map((_, i) => `$${i + 2}`).join(', ')}`);
  });

  it('makes a statement once per key and part, then only takes new values', () => {
    let builds = 0;
    const upsert = statementOnce((spec: { name: string }, schema: string, json: string) => {
      builds += 1;
      return sql`insert into ${sql.id(schema, spec.name)} select * from jsonb_array_elements(${json}::jsonb)`;
    });
    const vendors = { name: 'vendor_list' };
    const first = upsert(db, vendors, 'public', '[1]');
    const second = upsert(db, vendors, 'public', '[2]');
    expect(builds).toBe(1);
    expect(second).toEqual({ pieces: first.pieces, values: ['[2]'] });
    const shadow = upsert(db, vendors, 'rebuild_1', '[3]');
    expect(builds).toBe(2);
    expect(shadow.pieces[0]).toContain('"rebuild_1"."vendor_list"');
  });

  it('refuses text that does not take its values as $1…$n in order, or values in the text', () => {
    expect(() => statementOf(db, sql`select ${sql.raw('$2')}, ${1}`)).toThrow(/\$1…\$n/);
    const inText = statementOnce((_: object, _part: string, column: string) => sql`select ${sql.id(column)}`);
    expect(() => inText(db, {}, '', 'name')).toThrow(/values other than its own/);
  });
});
