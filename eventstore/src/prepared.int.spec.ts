import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connect, type Database, prepared } from './db';
import { type TestDatabase, testDatabase } from './testing';

/** Statements marked `prepared` are parsed once per connection; the rest as before. */
describe('prepared statements', () => {
  let database: TestDatabase;
  let one: Database;

  beforeAll(async () => {
    database = await testDatabase();
    // One connection: what it has prepared is what pg_prepared_statements shows.
    one = connect(database.url, { max: 1 });
    await sql`create table shelf (id integer primary key, label text)`.execute(one.db);
    await sql`insert into shelf values (1, 'rice'), (2, 'dal')`.execute(one.db);
  });
  afterAll(async () => {
    await one?.close();
    await database?.drop();
  });

  const preparedTexts = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(one.db)).rows.map((r) => r.statement);
  const label = (id: number) => prepared(sql<{ label: string }>`select label from shelf where id = ${id}`).execute(one.db);

  it('a marked statement is prepared once and bound with each call’s values', async () => {
    expect((await label(1)).rows).toEqual([{ label: 'rice' }]);
    expect((await label(2)).rows).toEqual([{ label: 'dal' }]);
    expect((await label(3)).rows).toEqual([]);
    expect((await preparedTexts()).filter((t) => t.includes('from shelf'))).toEqual(['/* prepared */ select label from shelf where id = $1']);
  });

  it('an unmarked statement is not prepared', async () => {
    await sql`select label from shelf where id = ${1} and label is not null`.execute(one.db);
    expect((await preparedTexts()).some((t) => t.includes('label is not null'))).toBe(false);
  });

  it('a table swapped in under the same name (a rebuild) is the one the prepared statement reads', async () => {
    await label(1);
    await sql`create table shelf_new (id integer primary key, label text)`.execute(one.db);
    await sql`insert into shelf_new values (1, 'jaggery')`.execute(one.db);
    await sql`alter table shelf rename to shelf_old`.execute(one.db);
    await sql`alter table shelf_new rename to shelf`.execute(one.db);
    await sql`drop table shelf_old`.execute(one.db);
    expect((await label(1)).rows).toEqual([{ label: 'jaggery' }]);
  });

  it('a failing prepared statement fails that call only', async () => {
    await expect(prepared(sql`select 1 / ${0}::int`).execute(one.db)).rejects.toThrow(/division by zero/);
    expect((await label(1)).rows).toEqual([{ label: 'jaggery' }]);
  });
});
