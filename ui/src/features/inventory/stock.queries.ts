import { ItemStockSchema, STOCK_PATH, stockLedgerPath, StockMovementSchema } from '@erp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

const stockKey = ['inventory', 'stock'] as const;

/** Every item's current stock and status (GET /api/inventory/stock). */
export const stockOptions = () =>
  queryOptions({
    queryKey: stockKey,
    queryFn: async () => {
      const data = await apiClient.get(STOCK_PATH);
      if (!Array.isArray(data)) throw new Error('Expected a list from the server');
      return data.map((row) => ItemStockSchema.parse(row));
    },
  });

export const useStock = () => useQuery(stockOptions());
export const STOCK_KEY = stockKey;

/** Where an item's stock came from, movement by movement (GET …/items/{id}/stock-ledger). */
export const useStockLedger = (itemId: number) =>
  useQuery({
    queryKey: [...stockKey, 'ledger', itemId],
    queryFn: async () => {
      const data = await apiClient.get(stockLedgerPath(itemId));
      if (!Array.isArray(data)) throw new Error('Expected a list from the server');
      return data.map((row) => StockMovementSchema.parse(row));
    },
    refetchOnMount: 'always',
  });
