/**
 * Query-key factory (TkDodo, "Effective React Query Keys"): general to specific, so
 * invalidating a prefix reaches everything under it.
 */
export const entityKeys = (module: string, entity: string) => {
  const all = [module, entity] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: Record<string, unknown> = {}) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    history: (id: number) => [...all, 'detail', id, 'history'] as const,
  };
};
export type EntityKeys = ReturnType<typeof entityKeys>;

export const queryKeys = {
  session: ['auth', 'session'] as const,
  modules: {
    all: ['modules'] as const,
    list: () => ['modules', 'list'] as const,
    detail: (name: string) => ['modules', 'detail', name] as const,
    tasks: (name: string) => ['modules', 'detail', name, 'tasks'] as const,
  },
  home: {
    all: ['home'] as const,
    summary: () => ['home', 'summary'] as const,
  },
  business: ['settings', 'business'] as const,
  locks: ['settings', 'locks'] as const,
};
