import { byId, JOURNAL_VOUCHER_STREAM, JOURNAL_VOUCHERS_PATH, JournalVoucherSchema, journalVoucherStream, notFound } from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import { journalDocumentsTable, journalTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ListSource, listPage } from '../shared/paging';
import { findAfterCatchUp, type ReadDeps, readsFrom } from '../shared/read-your-writes';

const table = sql.table(journalDocumentsTable.name);

/**
 * Journal vouchers as a list like any other (q, limit, after, changedSince): they have no table of
 * their own but their rows in the journal's documents (kept whole in `details`), by id and version.
 * A voucher is never deleted: cancelled (active: false), it is a change like any revision.
 */
const vouchers: ListSource = {
  table: 'journal_vouchers',
  from: sql`(select substring(stream from '[0-9]+$')::int as id, version, date, details from ${table} where stream ~ ${`^${JOURNAL_VOUCHER_STREAM}-[0-9]+$`})`,
  stream: JOURNAL_VOUCHER_STREAM,
  projection: journalTable.name,
  columns: sql`t.details`,
  live: sql`t.details is not null`,
  key: sql`t.date`,
  descending: true,
  searchIn: ['voucherNumber', 'voucherType', 'referenceNumber', 'narration', 'totalAmount'].map((field) => sql`t.details->>${field}`),
};

/** GET journal vouchers, newest first, and one by id (its version as ETag), from the journal's read model. */
export const voucherReadRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, [journalTable.name]);
  router.get(JOURNAL_VOUCHERS_PATH, reads, async (ctx: Context) => {
    ctx.body = await listPage(ctx, deps.db, vouchers, (row) => JournalVoucherSchema.parse(row.details));
  });
  router.get(byId(JOURNAL_VOUCHERS_PATH, ':id'), reads, async (ctx: Context) => {
    const id = idParam(ctx, 'Journal voucher');
    const found = await findAfterCatchUp(deps, [journalTable.name], async () => {
      const { rows } = await sql<{ details: unknown; version: number }>`select details, version from ${table} where stream = ${journalVoucherStream(id)}`.execute(deps.db);
      return rows[0]?.details ? rows[0] : null;
    });
    if (!found) throw notFound(`Journal voucher ${id} not found`);
    ctx.set('ETag', `"${found.version}"`);
    ctx.body = JournalVoucherSchema.parse(found.details);
  });
};
