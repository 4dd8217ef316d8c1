import { type Gstr2bMatch, GSTR2B_PATHS, type MatchedItc, yearAndMonth } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

/** GSTR-2B reads sit under the books' key: a bill written anywhere reloads them. */
const KEY = ['books', 'gstr2b'] as const;

export const useGstr2b = (period: string) =>
  useQuery({ queryKey: [...KEY, period], queryFn: () => apiClient.get<Gstr2bMatch>(GSTR2B_PATHS.period(period)), enabled: /^\d{4}-\d{2}$/.test(period) });

export const useMatchedItc = (period: string) =>
  useQuery({ queryKey: [...KEY, period, 'itc'], queryFn: () => apiClient.get<MatchedItc>(GSTR2B_PATHS.itc(period)), enabled: /^\d{4}-\d{2}$/.test(period) });

/**
 * A GSTR-2B write; after it the period's reads are read again. A period's first read may still be
 * on its way from before the write (the month typed, the file chosen at once): invalidating does
 * not cancel a read that has no answer yet, so its answer from before the upload would stand and
 * every bill show "Not in 2B". It is cancelled first, then read again after the write.
 */
export const useGstr2bWrite = <Args, Answer>(write: (args: Args) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
};

/** Last month in India: the 2B a business matches this month. */
export const lastMonth = (today: string) => {
  const { year, month } = yearAndMonth(today);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
};
