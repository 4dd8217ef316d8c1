import { listTable, type MasterDataEntity, snakeCase } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { sql } from 'kysely';


import type { Projection } from '../runner/projection';

type Fields = Record<string, unknown>;

/**
 * `create table if not exists` keeps an old table as it is: a field added to the entity without
 * a version bump would fail every batch. Stop at start instead, and say what to do.
 */
const requireColumns = async (db: AnyDb, schema: string, table: string, columns: string[]) => {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = ${schema} and table_name = ${table}`.execute(db);
  const present = new Set(rows.map((r) => r.column_name));
  const missing = columns.filter((c) => !present.has(c));
  if (missing.length > 0) {
    throw new Error(`${schema}.${table} has no column ${missing.join(', ')}: bump the projection's version to rebuild it`);
  }
};

const columnsOf = (entity: MasterDataEntity, values: Fields) =>
  Object.fromEntries(
    entity.fields.filter((f) => f in values).map((f) => [snakeCase(f), values[f] ?? null]),
  );

/**
 * The list read model of one master-data entity: one row per live record, typed columns named
 * after the contract fields, `stream_version` for ETags. Every write is an absolute set or is
 * guarded by the stream version, so replaying a batch changes nothing.
 */
export const masterDataProjection = (entity: MasterDataEntity, version = 1): Projection => {
  const table = listTable(entity);
  const migrate = async (db: AnyDb, schema: string) => {
    let create = db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('stream_version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
    for (const field of entity.fields) {
      create = create.addColumn(snakeCase(field), field === 'active' ? 'boolean' : 'text');
    }
    await create.execute();
    await requireColumns(db, schema, table, ['id', 'stream_version', ...entity.fields.map(snakeCase)]);
  };

  return {
    name: table,
    version,
    tables: [table],
    migrate,
    handlers: {
      [entity.events.created]: async (db, event) => {
        const data = event.data as Fields & { id: number };
        const row = { ...columnsOf(entity, data), stream_version: event.streamVersion, updated_at: event.metadata.at };
        await db
          .insertInto(table)
          .values({ ...row, id: data.id, created_at: event.metadata.at })
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      },
      [entity.events.updated]: async (db, event) => {
        const { id, changes } = event.data as { id: number; changes: Fields };
        await db
          .updateTable(table)
          .set({ ...columnsOf(entity, changes), stream_version: event.streamVersion, updated_at: event.metadata.at })
          .where('id', '=', id)
          .where('stream_version', '<', event.streamVersion)
          .execute();
      },
      [entity.events.deleted]: async (db, event) => {
        await db.deleteFrom(table).where('id', '=', (event.data as { id: number }).id).execute();
      },
    },
  };
};

