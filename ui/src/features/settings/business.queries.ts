import { BUSINESS_PATH, type BusinessAnswer, BusinessAnswerSchema, type BusinessBody } from '@erp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const businessOptions = () =>
  queryOptions({ queryKey: queryKeys.business, queryFn: async (): Promise<BusinessAnswer> => BusinessAnswerSchema.parse(await apiClient.get(BUSINESS_PATH)) });

/** The business profile: who issues the documents, where, with which GSTIN (null until set). */
export const useBusiness = () => useQuery(businessOptions());

export function useSaveBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessBody) => apiClient.put(BUSINESS_PATH, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.business }),
  });
}
