import { type MasterDataEntity, snakeCase } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { masterDataTable } from '@erp/projections';
import { sql } from 'kysely';

export type RecordRow = Record<string, unknown> & { id: number };

/** id, then each field under its API name: the row is the record (DESIGN §2 shapes). */
const selection = (entity: MasterDataEntity) =>
  sql.join([sql`id`, ...entity.fieldNames.map((f) => sql`${sql.id(snakeCase(f))} as ${sql.id(f)}`)]);

export const listRecords = async (db: AnyDb, entity: MasterDataEntity): Promise<RecordRow[]> => {
  const table = masterDataTable(entity).name;
  const column = sql.id(snakeCase(entity.sortBy));
  // Text sorts case-insensitively, A to Z; dates newest first (stock adjustments).
  const order = entity.columns[entity.sortBy] === 'text' ? sql`lower(${column}), id` : entity.columns[entity.sortBy] === 'date' ? sql`${column} desc, id desc` : sql`${column}, id`;
  const { rows } = await sql<RecordRow>`select ${selection(entity)} from ${sql.table(table)}
    where not deleted order by ${order}`.execute(db);
  return rows;
};

/** One live record and its stream version (the ETag). */
export const findRecord = async (db: AnyDb, entity: MasterDataEntity, id: number) => {
  const table = masterDataTable(entity).name;
  const { rows } = await sql<RecordRow & { _version: number }>`
    select ${selection(entity)}, version as _version from ${sql.table(table)} where id = ${id} and not deleted`.execute(db);
  if (!rows[0]) return undefined;
  const { _version: version, ...record } = rows[0];
  return { record, version };
};
