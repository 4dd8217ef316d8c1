import { isOneOf, type MasterDataEntity, recordStream, snakeCase, validationError } from '@erp/contracts';
import { compiledOnce, prepared, streamEventsAboveSql, type StreamEventTuple, streamEventsOf } from '@erp/eventstore';
import { foldRow, MASTER_DATA_PROJECTIONS, masterDataTable, type ReadDb, type Row, rowSelection, textSortKey } from '@erp/projections';
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
  if (typeof due !== 'string' || !isOneOf(DUE, due)) {
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
    stream: entity.singular,
    projection: masterDataTable(entity).name,
    columns: selection(entity),
    live: where ? sql`not t.deleted and ${where}` : sql`not t.deleted`,
    key: type === 'text' ? textSortKey(column) : column,
    descending: type === 'date',
    ...searchOf(entity.search),
  };
};

const projectionOf = (entity: MasterDataEntity) => {
  const found = MASTER_DATA_PROJECTIONS.find((m) => m.entity === entity);
  if (!found) throw new Error(`no read model for ${entity.plural}`);
  return found.projection;
};

/**
 * findRecord's statement: its text depends on the entity alone, its values are the stream and
 * the id, so it is compiled once per entity (a GET by id is the hottest read).
 */
const recordQuery = compiledOnce((entity: MasterDataEntity, streamId: string, id: number) => {
  const spec = masterDataTable(entity);
  return prepared(sql<Row & { _events: StreamEventTuple[] | null }>`
    select r.*, ${streamEventsAboveSql(streamId, sql`coalesce(r.version, 0)`)} as _events
    from (select 1) one left join (select ${rowSelection(spec)} from ${sql.table(spec.name)} where id = ${id}) r on true`);
});

/**
 * One live record and its stream version (the ETag), as of every write committed before this
 * read: the row its list read model holds, with the record's own events that row has not applied
 * yet folded on top by the same projection (a record is one stream, and its row is made of that
 * stream alone). One round trip; a GET right after a POST or a PUT answers the write, without
 * waiting for the projection runner. When those events cannot be folded (the read model is
 * stopped on one of them), the row as the read model holds it, said `stale`.
 */
export const findRecord = async (db: ReadDb, entity: MasterDataEntity, id: number) => {
  const spec = masterDataTable(entity);
  const streamId = recordStream(entity, id);
  const { rows } = await db.executeQuery(recordQuery(db, entity, streamId, id));
  const { _events: pending, ...stored } = rows[0]!;
  let row: Row | undefined = stored.id === null ? undefined : stored;
  let stale = false;
  if (pending) {
    try {
      row = foldRow(projectionOf(entity), spec, id, row, streamEventsOf(streamId, pending));
    } catch {
      // The read model cannot apply one of them either: it is stopped there (health says so).
      stale = true;
    }
  }
  if (!row || row.deleted) return { found: undefined, stale };
  const record: RecordRow = { id };
  for (const field of entity.fieldNames) record[field] = row[field] ?? null;
  return { found: { record, version: Number(row.version) }, stale };
};
