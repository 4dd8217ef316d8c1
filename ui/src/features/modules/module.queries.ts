import { api, ModuleSchema, TaskSchema } from '@erp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const moduleOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.modules.detail(name),
    queryFn: async () => ModuleSchema.parse(await apiClient.get(api.module(name))),
  });

export const tasksOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.modules.tasks(name),
    queryFn: async () => TaskSchema.array().parse(await apiClient.get(api.moduleTasks(name))),
  });

export const useModule = (name: string) => useQuery(moduleOptions(name));
export const useTasks = (name: string) => useQuery(tasksOptions(name));
