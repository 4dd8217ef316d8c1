import { itemsEntity, type ItemStock, listTable, STOCK_PATH, stockAdjustmentsEntity, stockStatus } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

/**
 * Current stock per item (SEED-SPEC §4, DESIGN §4): the exact sum of its active adjustments,
 * increases added and decreases subtracted, from the adjustments' read model — so editing an
 * adjustment (its item, type, quantity or active flag) moves the stock with it.
 */
export const stockRoutes = (router: Router, deps: ReadDeps) => {
  const items = listTable(itemsEntity);
  const adjustments = listTable(stockAdjustmentsEntity);
  router.get(STOCK_PATH, readsFrom(deps, [items, adjustments]), async (ctx: Context) => {
    const { rows } = await sql<{ id: number; stock: string; reorder_level: number | null }>`
      select i.id, coalesce(s.stock, 0)::text as stock, i.reorder_level
      from ${sql.table(items)} i
      left join (
        select item_id, sum(case when adjustment_type = 'increase' then quantity else -quantity end) as stock
        from ${sql.table(adjustments)} where active and not deleted group by item_id
      ) s on s.item_id = i.id
      where not i.deleted order by i.id`.execute(deps.db);
    ctx.body = rows.map((r): ItemStock => {
      const currentStock = String(Number.isNaN(Number(r.stock)) ? '0' : r.stock).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
      return { itemId: r.id, currentStock, status: stockStatus(currentStock, r.reorder_level) };
    });
  });
};
