import { z } from 'zod';

import { compareMoney, decimal } from '../money';

/** GET: every item's current stock (the sum of its active adjustments) and its status. */
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
  /** Exact decimal string, up to 2 places ('12.5', '-3'). */
  currentStock: z.string(),
  status: z.enum(STOCK_STATUSES),
});
export type ItemStock = z.output<typeof ItemStockSchema>;
