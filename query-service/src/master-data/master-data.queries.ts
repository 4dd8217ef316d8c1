import { type MasterDataEntity, snakeCase } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { masterDataTable, textSortKey } from '@erp/projections';
import { sql } from 'kysely';

import { type ListSource, searchOf } from '../shared/paging';

export type RecordRow = Record<string, unknown> & { id: number };

/** id, then each field under its API name: the row is the record (DESIGN §2 shapes). */
const selection = (entity: MasterDataEntity) =>
  sql.join([sql`t.id`, ...entity.fieldNames.map((f) => sql`t.${sql.id(snakeCase(f))} as ${sql.id(f)}`)]);

/** The list as a paging source (shared/paging): text sorts case-insensitively A to Z, dates newest first. */
export const listSource = (entity: MasterDataEntity): ListSource => {
  const column = sql`t.${sql.id(snakeCase(entity.sortBy))}`;
  const type = entity.columns[entity.sortBy];
  return {
    table: masterDataTable(entity).name,
    columns: selection(entity),
    live: sql`not t.deleted`,
    key: type === 'text' ? textSortKey(column) : column,
    descending: type === 'date',
    ...searchOf(entity.search),
  };
};

/** One live record and its stream version (the ETag). */
export const findRecord = async (db: AnyDb, entity: MasterDataEntity, id: number) => {
  const table = masterDataTable(entity).name;
  const { rows } = await sql<RecordRow & { _version: number }>`
    select ${selection(entity)}, t.version as _version from ${sql.table(table)} t where t.id = ${id} and not t.deleted`.execute(db);
  if (!rows[0]) return undefined;
  const { _version: version, ...record } = rows[0];
  return { record, version };
};
