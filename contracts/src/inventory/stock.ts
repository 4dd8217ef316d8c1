import { z } from 'zod';

import { MoneyString } from '../documents/amounts';
import { compareMoney, decimal } from '../money';

/**
 * GET: every item's current stock and its status. Stock is the sum of the item's movements:
 * its active adjustments (SEED-SPEC §4) and the lines with that item on active documents —
 * purchase invoices and credit notes put stock in, sales invoices and debit notes take it out.
 */
export const STOCK_PATH = '/api/inventory/stock';

export const STOCK_STATUSES = ['in-stock', 'low-stock', 'out-of-stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** SEED-SPEC §4: out at 0 or less, low above 0 up to the reorder level, in stock above it. */
export const stockStatus = (stock: string, reorderLevel: number | null): StockStatus => {
  if (compareMoney(stock, 0) <= 0) return 'out-of-stock';
  return decimal(stock).lte(reorderLevel ?? 0) ? 'low-stock' : 'in-stock';
};

export const ItemStockSchema = z.object({
  itemId: z.number().int().positive(),
  /** Exact decimal string ('12.5', '-3', '0.125'). */
  currentStock: z.string(),
  status: z.enum(STOCK_STATUSES),
});
export type ItemStock = z.output<typeof ItemStockSchema>;

/** GET: where an item's stock came from, oldest first, with the balance after each movement. */
export const stockLedgerPath = (itemId: number | string) => `/api/inventory/items/${itemId}/stock-ledger`;

export const StockMovementSchema = z.object({
  date: z.string(),
  /** The stream prefix of what moved it: `stock-adjustment`, `sales-invoice`, `credit-note`… */
  source: z.string(),
  /** What a person reads: 'Stock adjustment', 'Sales invoice'. */
  sourceLabel: z.string(),
  sourceId: z.number().int().positive(),
  /** The document's number, or the adjustment's reason. */
  reference: z.string().nullable(),
  /** Signed: + in, − out. */
  quantity: z.string(),
  balance: z.string(),
});
export type StockMovement = z.output<typeof StockMovementSchema>;

/**
 * GET `?asOf=&recordedBy=`: every item's stock at cost (issue 42, `valuation.ts`): the moving
 * average folded over its movements dated on or before `asOf` (default today), as recorded by
 * `recordedBy` when it is given (the books as they stood then). Items that never moved are left out.
 */
export const STOCK_VALUATION_PATH = '/api/inventory/valuation';

export const ItemValuationSchema = z.object({
  itemId: z.number().int().positive(),
  /** Exact decimal ('12.5', '-3'). */
  quantity: z.string(),
  /** At cost; 0 while the quantity is 0 or less. */
  value: MoneyString,
  /** Value per unit, to the paisa. */
  rate: MoneyString,
});

export const StockValuationAnswerSchema = z.object({
  asOf: z.string(),
  recordedBy: z.string().nullable(),
  items: z.array(ItemValuationSchema),
  total: MoneyString,
});
export type StockValuationAnswer = z.output<typeof StockValuationAnswerSchema>;
