import { HomeSummarySchema, ModuleSchema } from '@erp/contracts/home';
import { api } from '@erp/contracts/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const modulesOptions = () =>
  queryOptions({
    queryKey: queryKeys.modules.list(),
    queryFn: async () => ModuleSchema.array().parse(await apiClient.get(api.modules)),
  });

export const summaryOptions = () =>
  queryOptions({
    queryKey: queryKeys.home.summary(),
    queryFn: async () => HomeSummarySchema.parse(await apiClient.get(api.homeSummary)),
  });

export const useModules = () => useQuery(modulesOptions());
export const useSummary = () => useQuery(summaryOptions());
