import { ItemStockSchema, STOCK_PATH, STOCK_VALUATION_PATH, stockLedgerPath, StockMovementSchema, StockValuationAnswerSchema } from '@erp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

const stockKey = ['inventory', 'stock'] as const;

/** Every item's stock and status, now or as of a day (GET /api/inventory/stock?asOf=). */
export const stockOptions = (asOf = '') =>
  queryOptions({
    queryKey: asOf ? [...stockKey, asOf] : stockKey,
    queryFn: async () => {
      const data = await apiClient.get(asOf ? `${STOCK_PATH}?asOf=${encodeURIComponent(asOf)}` : STOCK_PATH);
      if (!Array.isArray(data)) throw new Error('Expected a list from the server');
      return data.map((row) => ItemStockSchema.parse(row));
    },
    // Another day keeps the figures on the screen until its own arrive (the date picker stays put).
    placeholderData: (previous) => previous,
  });

export const useStock = (asOf = '') => useQuery(stockOptions(asOf));

/** Every item's stock at cost and the total, now or as of a day (GET /api/inventory/valuation?asOf=): what the balance sheet shows. */
export const useValuation = (asOf = '') =>
  useQuery({
    queryKey: [...stockKey, 'valuation', asOf],
    queryFn: async () => StockValuationAnswerSchema.parse(await apiClient.get(asOf ? `${STOCK_VALUATION_PATH}?asOf=${encodeURIComponent(asOf)}` : STOCK_VALUATION_PATH)),
    placeholderData: (previous) => previous,
  });
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
