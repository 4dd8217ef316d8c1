import { byId, JOURNAL_VOUCHER_STREAM, JOURNAL_VOUCHERS_PATH, JournalVoucherSchema, journalVoucherStream, notFound } from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import { journalDocumentsTable, journalTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { findAfterCatchUp, type ReadDeps, readsFrom } from '../shared/read-your-writes';

const table = sql.table(journalDocumentsTable.name);

/** GET journal vouchers, newest first, and one by id (its version as ETag), from the journal's read model. */
export const voucherReadRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, [journalTable.name]);
  router.get(JOURNAL_VOUCHERS_PATH, reads, async (ctx: Context) => {
    const { rows } = await sql<{ details: unknown }>`select details from ${table} where stream like ${`${JOURNAL_VOUCHER_STREAM}-%`} order by date desc, stream desc limit 1000`.execute(deps.db);
    ctx.body = rows.map((r) => JournalVoucherSchema.parse(r.details));
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
