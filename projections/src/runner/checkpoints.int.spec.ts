import { type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RUNNER_COLUMNS } from './checkpoints';
import { prepareProjections } from './runner';

let database: TestDatabase;
let t: StoreUnderTest;

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url);
  await prepareProjections(t.db, t.store, []);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe("the runner's tables", () => {
  it('are as RUNNER_COLUMNS (and so ReadModels) types them: every column, its type, whether it may be null', async () => {
    const { rows } = await sql<{ table: string; column: string; type: string; notNull: boolean }>`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull"
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = any(${Object.keys(RUNNER_COLUMNS)}::text[]) and a.attnum > 0 and not a.attisdropped`.execute(t.db);
    const catalogue: Record<string, Record<string, string>> = {};
    for (const r of rows) (catalogue[r.table] ??= {})[r.column] = r.notNull ? r.type : `${r.type} | null`;
    expect(catalogue).toEqual(RUNNER_COLUMNS);
  });
});
