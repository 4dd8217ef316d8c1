import { byId, type HistoryEntry, historyOf as historyPath, notFound, type RecordedEvent, type SearchSpec, snakeCase } from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import type { ReadDb, TableSpec } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ListSource, listPage, searchOf } from '../shared/paging';
import { findAfterCatchUp, type ReadDeps, readsFrom } from '../shared/read-your-writes';

export type Row = Record<string, unknown>;

export interface DocumentReads {
  /** 'Invoice': for '… not found'. */
  readonly label: string;
  readonly path: string;
  readonly table: TableSpec;
  readonly stream: (id: number) => string;
  /** List order, newest first. */
  readonly dateColumn: string;
  /** What the list search looks in (the document's contract). */
  readonly search: SearchSpec;
  /** The list entry and the full document (with lines) from a row. */
  readonly summary: (row: Row) => Readonly<Row>;
  readonly document: (row: Row) => unknown;
  /** What each event changed, for the history: field by field. */
  readonly changes: (event: RecordedEvent, before: Row) => { changes: HistoryEntry['changes']; after: Row };
}

export const selection = (spec: TableSpec) =>
  sql.join(Object.keys(spec.columns).map((c) => sql`t.${sql.id(snakeCase(c))} as ${sql.id(c)}`));

/** The list as a paging source: newest first. */
const listSource = (reads: DocumentReads): ListSource => ({
  table: reads.table.name,
  // `sales-invoice-7` → `sales-invoice`.
  stream: reads.stream(0).replace(/-0$/, ''),
  projection: reads.table.name,
  columns: selection(reads.table),
  live: sql`true`,
  key: sql`t.${sql.id(snakeCase(reads.dateColumn))}`,
  descending: true,
  ...searchOf(reads.search),
});

const rowOf = async (db: ReadDb, spec: TableSpec, id: number) =>
  (await sql<Row>`select ${selection(spec)} from ${sql.table(spec.name)} t where t.id = ${id}`.execute(db)).rows[0];

/**
 * The reads of one document (DESIGN §4): the list, one document with its lines and ETag, its
 * lines alone (`…/{id}/lines`, as the seed's forms read them) and its history from its stream.
 */
/** A document's audit trail: each event with who, when and what it changed, folded from the first. */
export const documentHistory = (events: readonly RecordedEvent[], changesOf: DocumentReads['changes']): HistoryEntry[] => {
  let current: Row = {};
  return events.map((event) => {
    const { changes, after } = changesOf(event, current);
    current = after;
    return { position: event.position, version: event.streamVersion, type: event.type, at: event.metadata.at, user: event.metadata.username, changes };
  });
};

export const documentReadRoutes = (router: Router, deps: ReadDeps, reads: DocumentReads) => {
  const tables = [reads.table.name];
  const fresh = readsFrom(deps, tables);
  const find = async (ctx: Context) => {
    const id = idParam(ctx, reads.label);
    const row = await findAfterCatchUp(deps, tables, () => rowOf(deps.db, reads.table, id));
    if (!row) throw notFound(`${reads.label} ${ctx.params.id} not found`);
    return row;
  };

  router.get(reads.path, fresh, async (ctx: Context) => {
    ctx.body = await listPage(ctx, deps.db, listSource(reads), reads.summary);
  });

  router.get(byId(reads.path, ':id'), fresh, async (ctx: Context) => {
    const row = await find(ctx);
    ctx.set('ETag', `"${String(row.version)}"`);
    ctx.body = reads.document(row);
  });

  router.get(`${byId(reads.path, ':id')}/lines`, fresh, async (ctx: Context) => {
    ctx.body = (await find(ctx)).lines ?? [];
  });

  router.get(historyPath(reads.path, ':id'), async (ctx: Context) => {
    const { events } = await deps.store.readStream(reads.stream(idParam(ctx, reads.label)));
    if (events.length === 0) throw notFound(`${reads.label} ${ctx.params.id} not found`);
    ctx.body = documentHistory(events, reads.changes);
  });
};
