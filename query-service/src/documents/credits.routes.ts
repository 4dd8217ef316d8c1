import {
  creditsPath,
  listTable,
  MASTER_DATA_ENTITIES,
  notFound,
  type PartyCredit,
  PartyCreditsSchema,
  REFUND_DOCUMENTS,
  type RefundDocument,
  snakeCase,
  sumMoney,
} from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

type CreditRow = { id: number; number: string | null; date: string; totalAmount: string; unappliedAmount: string };

/**
 * `GET /api/sales/customers/{id}/credits` (and a vendor's): a party's credits (issue 42) — each
 * note's unapplied credit and each receipt's or payment's advance, oldest first — and their sum,
 * what the party may have refunded or applied to an invoice. 404 for a party that does not exist.
 */
export const creditsReadRoutes = (router: Router, deps: ReadDeps) => {
  for (const refund of REFUND_DOCUMENTS) creditsOf(router, deps, refund);
};

const creditsOf = (router: Router, deps: ReadDeps, refund: RefundDocument) => {
  const party = MASTER_DATA_ENTITIES.find((e) => e.singular === refund.party.singular);
  if (!party) throw new Error(`No master-data entity ${refund.party.singular}`);
  const { notes, settlements } = refund.sources;
  const column = (name: string) => sql.id(snakeCase(name));
  const partyColumn = column(refund.party.field);
  router.get(creditsPath(party.path, ':id'), readsFrom(deps, [notes.listTable, settlements.listTable]), async (ctx: Context) => {
    const id = idParam(ctx, party.label);
    const { rows: found } = await sql`select 1 from ${sql.table(listTable(party))} where id = ${id} and not deleted`.execute(deps.db);
    if (found.length === 0) throw notFound(`${party.label} ${id} not found`);
    const { rows: noteRows } = await sql<CreditRow>`
      select id, ${column(notes.numberField)} as number, ${column(notes.dateField)}::text as date, total_amount::text as "totalAmount", balance_due::text as "unappliedAmount"
      from ${sql.table(notes.listTable)} where ${partyColumn} = ${id} and active and balance_due > 0`.execute(deps.db);
    const { rows: settlementRows } = await sql<CreditRow>`
      select id, ${column(settlements.numberField)} as number, ${column(settlements.dateField)}::text as date, total_amount::text as "totalAmount", unapplied_amount::text as "unappliedAmount"
      from ${sql.table(settlements.listTable)} where ${partyColumn} = ${id} and unapplied_amount > 0`.execute(deps.db);
    const credits: PartyCredit[] = [
      ...noteRows.map((r) => ({ ...r, source: notes.streamOf(r.id), label: notes.label })),
      ...settlementRows.map((r) => ({ ...r, source: settlements.streamOf(r.id), label: settlements.label })),
    ].sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source));
    ctx.body = PartyCreditsSchema.parse({ available: sumMoney(credits.map((c) => c.unappliedAmount)), credits });
  });
};
