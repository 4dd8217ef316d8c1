import { type MasterDataEntity, snakeCase, validationError } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { masterDataTable, textSortKey } from '@erp/projections';
import { type RawBuilder, sql } from 'kysely';

import { type ListSource, searchOf } from '../shared/paging';

export type RecordRow = Record<string, unknown> & { id: number };

/** id, then each field under its API name: the row is the record (DESIGN §2 shapes). */
const selection = (entity: MasterDataEntity) =>
  sql.join([sql`t.id`, ...entity.fieldNames.map((f) => sql`t.${sql.id(snakeCase(f))} as ${sql.id(f)}`)]);

const DUE = ['today', 'overdue'] as const;

/**
 * `?due=today|overdue` of an entity with due lists (follow-ups): its active records still open
 * (pending) dated today in India, or before today. Null without the parameter; a 400 for another
 * value. Entities without due lists ignore it, as they ignore any other unknown parameter.
 */
export const dueCondition = (entity: MasterDataEntity, due: unknown, today: string): RawBuilder<unknown> | null => {
  if (!entity.due || due === undefined) return null;
  if (typeof due !== 'string' || !(DUE as readonly string[]).includes(due)) {
    throw validationError('due must be today or overdue', [{ path: 'due', message: 'Use today or overdue' }]);
  }
  const date = sql`t.${sql.id(snakeCase(entity.due.date))}`;
  const active = 'active' in entity.fields ? sql` and t.active` : sql``;
  return sql`t.${sql.id(snakeCase(entity.due.status))} = ${entity.due.open}${active} and ${date} ${due === 'today' ? sql`=` : sql`<`} ${today}::date`;
};

/** The list as a paging source (shared/paging): text sorts case-insensitively A to Z, dates newest first. */
export const listSource = (entity: MasterDataEntity, where: RawBuilder<unknown> | null = null): ListSource => {
  const column = sql`t.${sql.id(snakeCase(entity.sortBy))}`;
  const type = entity.columns[entity.sortBy];
  return {
    table: masterDataTable(entity).name,
    columns: selection(entity),
    live: where ? sql`not t.deleted and ${where}` : sql`not t.deleted`,
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
