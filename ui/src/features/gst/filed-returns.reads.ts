import { type FiledReturn, type FiledReturnAnswer, GST_FILING_PATHS } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

/** Under the books' key: a document written anywhere reloads what the month looks like now. */
const KEY = ['books', 'filed'] as const;

export const useFiledReturn = (ret: FiledReturn, period: string) =>
  useQuery({ queryKey: [...KEY, ret, period], queryFn: () => apiClient.get<FiledReturnAnswer>(GST_FILING_PATHS.filing(ret, period)), enabled: /^\d{4}-\d{2}$/.test(period) });

/** Marks the month's return filed; then every filing read is read again (GSTR-1's amendments depend on 3B's). */
export const useMarkFiled = (ret: FiledReturn, period: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { arn: string; filedOn: string }) => apiClient.post(GST_FILING_PATHS.filing(ret, period), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};
