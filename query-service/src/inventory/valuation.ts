import {
  ReportQuerySchema,
  STOCK_VALUATION_PATH,
  type StockValuation,
  type StockValuationAnswer,
  toIssues,
  validationError,
  type ValuedMovement,
  valueStock,
} from '@erp/contracts';
import { type ReadDb, stockMovementHistoryTable, stockMovementsTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { refuseUnknown } from '../shared/refuse-unknown';

type Movement = { readonly itemId: number; readonly quantity: string; readonly value?: string | null };

/** The read model a valuation reads (the books' reports wait for it too). */
export const STOCK_READ_MODEL = stockMovementsTable.name;

/**
 * Every item's movement on active rows dated on or before `to`, in the fold's order; with
 * `recordedBy`, each stream as its latest version recorded by then stood (the history).
 */
export const movementsUpTo = async (db: ReadDb, to: string, recordedBy: string | null): Promise<ValuedMovement[]> => {
  const rows = recordedBy
    ? sql`(select distinct on (stream) stream, seq, date, active, movements from ${sql.table(stockMovementHistoryTable.name)}
           where recorded_at <= ${recordedBy}::timestamptz order by stream, version desc)`
    : sql.table(stockMovementsTable.name);
  // A row each (not a row per movement): a third of the rows to send and parse; spread out here.
  const { rows: found } = await sql<{ date: string; seq: string; stream: string; movements: Movement[] }>`
    select t.date::text as date, t.seq::text as seq, t.stream, t.movements
    from ${rows} t where t.active and t.date <= ${to}::date
    order by t.date, t.seq, t.stream`.execute(db);
  const moves: ValuedMovement[] = [];
  for (const r of found) for (const m of r.movements) moves.push({ itemId: m.itemId, date: r.date, seq: r.seq, stream: r.stream, quantity: m.quantity, value: m.value ?? null });
  return moves;
};

/** The stock at cost at the end of each of these days (answered in date order), as recorded by `recordedBy` if given. */
export const stockValues = async (db: ReadDb, dates: readonly string[], recordedBy: string | null): Promise<StockValuation[]> => {
  if (dates.length === 0) return [];
  const last = dates.reduce((a, b) => (a > b ? a : b));
  return valueStock(await movementsUpTo(db, last, recordedBy), dates);
};

const ValuationQuery = ReportQuerySchema.pick({ asOf: true, recordedBy: true });

/** GET /api/inventory/valuation?asOf=&recordedBy= (issue 42): each item's quantity, value and rate at cost, and the total. */
export const valuationRoutes = (router: Router, deps: ReadDeps) => {
  router.get(STOCK_VALUATION_PATH, readsFrom(deps, [STOCK_READ_MODEL]), async (ctx: Context) => {
    refuseUnknown(ctx, ['asOf', 'recordedBy']);
    const parsed = ValuationQuery.safeParse(ctx.query);
    if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
    // Today as the books' reports take it.
    const asOf = parsed.data.asOf ?? todayInIndia(deps);
    const [valuation] = await stockValues(deps.db, [asOf], parsed.data.recordedBy);
    const body: StockValuationAnswer = { asOf, recordedBy: parsed.data.recordedBy, items: [...valuation!.items], total: valuation!.total };
    ctx.body = body;
  });
};
