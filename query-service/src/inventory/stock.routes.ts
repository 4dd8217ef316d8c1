import {
  INVOICE_DOCUMENTS,
  itemsEntity,
  type ItemStock,
  listTable,
  notFound,
  ReportQuerySchema,
  STOCK_PATH,
  stockAdjustmentsEntity,
  stockLedgerPath,
  type StockMovement,
  stockStatus,
  toIssues,
  validationError,
} from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import { stockMovementsTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { refuseUnknown } from '../shared/refuse-unknown';

/** What a person reads for each source of stock: 'Stock adjustment', 'Sales invoice'. */
const SOURCE_LABELS = new Map<string, string>([
  [stockAdjustmentsEntity.singular, stockAdjustmentsEntity.label],
  ...INVOICE_DOCUMENTS.map((doc) => [doc.stream, doc.fullLabel] as const),
]);

/** '12.500' → '12.5', '-3.00' → '-3', as the inventory report shows stock. */
const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/**
 * Current stock per item (SEED-SPEC §4, DESIGN §4, §5): the exact sum of its movements on
 * active rows of the stock movements read model — adjustments, and the lines with that item on
 * purchase and sales invoices, credit and debit notes — and each item's ledger.
 */
export const stockRoutes = (router: Router, deps: ReadDeps) => {
  const items = listTable(itemsEntity);
  const movements = stockMovementsTable.name;
  router.get(STOCK_PATH, readsFrom(deps, [items, movements]), async (ctx: Context) => {
    // `?asOf=YYYY-MM-DD`: stock on that day — the movements dated on or before it (issue 21).
    // As the books stood is the valuation's (GET /api/inventory/valuation?recordedBy=), not this list's: refused here.
    refuseUnknown(ctx, ['asOf']);
    const asOf = ReportQuerySchema.pick({ asOf: true }).safeParse(ctx.query);
    if (!asOf.success) throw validationError('Invalid query', toIssues(asOf.error));
    const dated = asOf.data.asOf ? sql`and date <= ${asOf.data.asOf}::date` : sql``;
    const { rows } = await sql<{ id: number; stock: string; reorder_level: number | null }>`
      select i.id, coalesce(s.stock, 0)::text as stock, i.reorder_level
      from ${sql.table(items)} i
      left join (
        select (m->>'itemId')::int as item_id, sum((m->>'quantity')::numeric) as stock
        from ${sql.table(movements)}, jsonb_array_elements(movements) m
        where active ${dated} group by 1
      ) s on s.item_id = i.id
      where not i.deleted order by i.id`.execute(deps.db);
    ctx.body = rows.map((r): ItemStock => {
      const currentStock = plain(r.stock);
      return { itemId: r.id, currentStock, status: stockStatus(currentStock, r.reorder_level) };
    });
  });

  router.get(stockLedgerPath(':id'), readsFrom(deps, [items, movements]), async (ctx: Context) => {
    const id = idParam(ctx, itemsEntity.label);
    const { rows: found } = await sql<{ id: number }>`select id from ${sql.table(items)} where id = ${id} and not deleted`.execute(deps.db);
    if (found.length === 0) throw notFound(`${itemsEntity.label} ${id} not found`);
    const { rows } = await sql<{ date: string | null; source: string; source_id: number; reference: string | null; quantity: string; balance: string }>`
      select date::text as date, source, source_id, reference, quantity::text as quantity,
             (sum(quantity) over (order by date nulls first, updated_at, stream))::text as balance
      from (
        select t.date, t.source, t.source_id, t.reference, t.updated_at, t.stream, sum((m->>'quantity')::numeric) as quantity
        from ${sql.table(movements)} t, jsonb_array_elements(t.movements) m
        where t.active and (m->>'itemId')::int = ${id}
        group by t.stream, t.date, t.source, t.source_id, t.reference, t.updated_at
      ) moves
      order by date nulls first, updated_at, stream`.execute(deps.db);
    ctx.body = rows.map(
      (r): StockMovement => ({
        date: r.date ?? '',
        source: r.source,
        sourceLabel: SOURCE_LABELS.get(r.source) ?? r.source,
        sourceId: r.source_id,
        reference: r.reference,
        quantity: plain(r.quantity),
        balance: plain(r.balance),
      }),
    );
  });
};
