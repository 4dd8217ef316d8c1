import { type InvoiceDocument, OPENING_BALANCES_PATH, type OpeningBalancesBody, type OpeningSummary, openingItemsPath } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

/** Under the books' key: a write anywhere in the books reloads it. */
const KEY = ['books', 'opening-balances'] as const;

export const useOpeningSummary = () => useQuery({ queryKey: KEY, queryFn: () => apiClient.get<OpeningSummary>(OPENING_BALANCES_PATH) });

/**
 * After an opening is saved, the books and the lists it shows in are read again — in the
 * background: the save is done when the server says so (awaiting every screen's reads kept
 * "Saving..." up for seconds).
 */
const useAfterWrite = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['books'] }).then(() => queryClient.invalidateQueries());
  };
};

export const useSaveOpeningBalances = () => {
  const after = useAfterWrite();
  return useMutation({ mutationFn: (body: { lines: Partial<OpeningBalancesBody['lines'][number]>[] }) => apiClient.put(OPENING_BALANCES_PATH, body), onSuccess: after });
};

export const useRecordOpeningItem = (doc: InvoiceDocument) => {
  const after = useAfterWrite();
  return useMutation({ mutationFn: (body: Record<string, unknown>) => apiClient.post(openingItemsPath(doc), body), onSuccess: after });
};
