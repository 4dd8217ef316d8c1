import { BOOKS_PATHS } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

interface ChartAccount { readonly code: string; readonly accountName: string }

/** The whole chart of accounts (the fixed ledgers and the business's own) as options for a select. */
export const useAccountOptions = () => {
  const chart = useQuery({ queryKey: ['books', 'chart'], queryFn: () => apiClient.get<ChartAccount[]>(BOOKS_PATHS.accounts) });
  return (chart.data ?? []).map((a) => ({ value: a.code, label: a.accountName }));
};
