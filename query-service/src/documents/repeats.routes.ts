import { DueToRepeatQuerySchema, dueToRepeatPath, type InvoiceDocument, monthBounds, snakeCase, toIssues, validationError } from '@erp/contracts';
import { invoiceTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { listPage, searchOf } from '../shared/paging';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { type Row, selection } from './document.routes';

/**
 * GET …/due-to-repeat?month=YYYY-MM of a kind that `repeats` (docs/expenses.md): the chains' first
 * documents (`repeatOf` null) still saying `repeatMonthly`, active, dated before that month, with
 * no copy dated in it — oldest first, paged like any list (`limit`, `after`, `q`). Registered
 * before `…/{id}` so that the path is not read as an id.
 */
export const dueToRepeatRoute = (router: Router, deps: ReadDeps, doc: InvoiceDocument, view: (row: Row) => Readonly<Row>) => {
  const table = invoiceTable(doc);
  const date = sql.id(snakeCase(doc.dateField));
  router.get(dueToRepeatPath(doc.path), readsFrom(deps, [table.name]), async (ctx: Context) => {
    const parsed = DueToRepeatQuerySchema.safeParse({ month: ctx.query.month });
    if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
    const { from, before } = monthBounds(parsed.data.month);
    const copied = sql`select 1 from ${sql.table(table.name)} c where c.repeat_of = t.id and c.${date} >= ${from}::date and c.${date} < ${before}::date`;
    const live = sql`t.repeat_monthly and t.repeat_of is null and t.active and t.${date} < ${from}::date and not exists (${copied})`;
    ctx.body = await listPage(ctx, deps.db, { table: table.name, stream: doc.stream, projection: table.name, columns: selection(table), live, key: sql`t.${date}`, descending: false, ...searchOf(doc.search) }, view);
  });
};
