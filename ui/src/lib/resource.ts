import { byId, HEADERS, HistoryEntrySchema, historyOf, voidPath } from '@erp/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { PAGE_SIZE, pagePath } from '@/lib/pages';
import { isQueued } from '@/lib/queued';
import { entityKeys } from '@/lib/query-keys';

/** Anything with `parse`, e.g. a contracts zod schema. */
export interface Parser<T> {
  parse(input: unknown): T;
}

export interface ResourceOptions<TRecord> {
  module: string;
  /** Plural entity name, the last URL segment, e.g. 'vendors'. */
  name: string;
  path: string;
  record: Parser<TRecord>;
  /** The list's entries, when lighter than a record (documents are listed without lines). */
  listEntry?: Parser<TRecord>;
  /** Other query keys a write here changes (e.g. a payment changes invoice statuses). */
  alsoInvalidates?: readonly QueryKey[];
}

/** The first page starts at no record. */
const FIRST_PAGE: string | null = null;

export interface Page<T> {
  rows: T[];
  /** Where the next page starts (X-Next-After); null on the last page. */
  next: string | null;
}

const parseArray = <T>(parser: Parser<T>, data: unknown): T[] => {
  if (!Array.isArray(data)) throw new Error('Expected a list from the server');
  return data.map((row) => parser.parse(row));
};

/**
 * Everything the screens need for one REST resource: keys, fetchers, `queryOptions` (shared by
 * hooks and hover prefetch) and hooks. After a write it invalidates its lists (refetching them
 * even while unmounted, so the list shown after the form is already fresh), marks details stale,
 * and invalidates `alsoInvalidates`. The mutation ends ("Saving..." gone, the toast shown) when the
 * server has answered, with the answer already in the lists; the refetches go on behind it (issue
 * 47: awaiting them, STYLE b.10's way, kept a save on a slow phone unacknowledged for seconds).
 */
export function createResource<TRecord extends { id: number }, TBody>(
  options: ResourceOptions<TRecord>,
) {
  const { path, record, listEntry = record, alsoInvalidates = [] } = options;
  const keys = entityKeys(options.module, options.name);
  const fetchers = {
    list: async () => parseArray(listEntry, await apiClient.get(path)),
    page: async (q: string, after: string | null, filter: Readonly<Record<string, string>> = {}): Promise<Page<TRecord>> => {
      const { data, headers } = await apiClient.getWithHeaders(pagePath(path, q, after, filter));
      return { rows: parseArray(listEntry, data), next: headers.get(HEADERS.nextAfter) };
    },
    one: async (id: number) => record.parse(await apiClient.get(byId(path, id))),
    history: async (id: number) =>
      parseArray(HistoryEntrySchema, await apiClient.get(historyOf(path, id))),
    create: (body: TBody) => apiClient.post<TRecord>(path, body),
    update: ({ id, body }: { id: number; body: TBody }) =>
      apiClient.put<TRecord>(byId(path, id), body),
    remove: (id: number) => apiClient.delete(byId(path, id)),
    /** Payments and receipts: void for good, with the reason (POST …/{id}/void). */
    voidOne: ({ id, reason }: { id: number; reason: string }) => apiClient.post<TRecord>(voidPath(byId(path, id)), { reason }),
  };
  const listOptions = () => queryOptions({ queryKey: keys.list(), queryFn: fetchers.list });
  /** The list screen's pages, searched on the server when `q` is given; `filter` narrows the list (`{ due: 'today' }`). */
  const pagesOptions = (q = '', filter: Readonly<Record<string, string>> = {}) =>
    infiniteQueryOptions({
      queryKey: Object.keys(filter).length > 0 ? keys.list({ limit: PAGE_SIZE, q, ...filter }) : keys.list({ limit: PAGE_SIZE, q }),
      queryFn: ({ pageParam }) => fetchers.page(q, pageParam, filter),
      initialPageParam: FIRST_PAGE,
      getNextPageParam: (last) => last.next,
      // A search typed once is not kept for minutes, nor refetched after every save; while the
      // next keystroke's answer is on its way, the last answer stays on screen.
      gcTime: q ? 30_000 : undefined,
      placeholderData: q ? keepPreviousData : undefined,
    });
  const oneOptions = (id: number) =>
    queryOptions({ queryKey: keys.detail(id), queryFn: () => fetchers.one(id) });
  const historyOptions = (id: number) =>
    queryOptions({ queryKey: keys.history(id), queryFn: () => fetchers.history(id) });

  function useRefresh() {
    const queryClient = useQueryClient();
    return () =>
      Promise.all([
        // Lists refetch even while unmounted, except searches nobody is looking at.
        queryClient.invalidateQueries({ queryKey: keys.lists(), refetchType: 'all', predicate: (query) => !isSearch(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: keys.lists(), refetchType: 'active', predicate: (query) => isSearch(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: keys.details(), refetchType: 'none' }),
        ...alsoInvalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
  }

  /**
   * A write is acknowledged as soon as the server has recorded it (issue 47: a save said on a slow
   * phone within a second, not after every list it touches is read again): its answer goes into
   * the lists kept here at once (a new record at the top of the unfiltered lists, a changed one in
   * its place), and the lists are read again behind it.
   */
  function useWrite<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>, adds = false) {
    const refresh = useRefresh();
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSuccess: (result) => {
        // Kept in the outbox (offline): nothing to refetch until it syncs, and a refetch would wait for the network.
        if (isQueued(result)) return;
        showAnswer(queryClient, keys.lists(), result, adds);
        void refresh();
      },
    });
  }

  /** The server's answer in the lists kept here, until they are read again. */
  function showAnswer(queryClient: ReturnType<typeof useQueryClient>, lists: QueryKey, result: unknown, adds: boolean) {
    const parsed = typeof result === 'object' && result !== null && 'id' in result && typeof result.id === 'number' ? tryParse(listEntry, result) : null;
    if (!parsed) return;
    const place = (rows: TRecord[], top: boolean) =>
      rows.some((row) => row.id === parsed.id) ? rows.map((row) => (row.id === parsed.id ? parsed : row)) : top ? [parsed, ...rows] : rows;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: lists })) {
      const top = adds && isPlainList(query.queryKey);
      // The lists under these keys are this resource's: the whole list, or its pages.
      queryClient.setQueryData<TRecord[] | InfiniteData<Page<TRecord>, string | null>>(query.queryKey, (data) => {
        if (Array.isArray(data)) return place(data, top);
        if (!data || data.pages.length === 0) return data;
        return { ...data, pages: data.pages.map((page, i) => ({ ...page, rows: place(page.rows, top && i === 0) })) };
      });
    }
  }

  return {
    keys,
    path,
    fetchers,
    listOptions,
    pagesOptions,
    oneOptions,
    historyOptions,
    useList: (enabled = true) => useQuery({ ...listOptions(), enabled }),
    usePages: (q: string, enabled = true, filter?: Readonly<Record<string, string>>) => useInfiniteQuery({ ...pagesOptions(q, filter), enabled }),
    useOne: (id: number, overrides?: { refetchOnMount?: boolean | 'always'; enabled?: boolean }) =>
      useQuery({ ...oneOptions(id), ...overrides }),
    useHistory: (id: number) => useQuery(historyOptions(id)),
    useRefresh,
    useCreate: () => useWrite(fetchers.create, true),
    useUpdate: () => useWrite(fetchers.update),
    useRemove: () => useWrite(fetchers.remove),
    useVoid: () => useWrite(fetchers.voidOne),
  };
}

/** A list key's parameters (entityKeys.list): its fourth part. */
const paramsOf = (key: QueryKey): object | undefined => (typeof key[3] === 'object' && key[3] !== null ? key[3] : undefined);
const isSearch = (key: QueryKey) => {
  const params = paramsOf(key);
  return Boolean(params && 'q' in params && params.q);
};
/** The whole list (no search, no filter): where a new record shows at the top until the list is read again. */
const isPlainList = (key: QueryKey) => {
  const params = paramsOf(key);
  return !params || Object.entries(params).every(([name, value]) => name === 'limit' || (name === 'q' && !value));
};
const tryParse = <T>(parser: Parser<T>, value: unknown): T | null => {
  try {
    return parser.parse(value);
  } catch {
    return null;
  }
};

export type Resource<TRecord extends { id: number }, TBody> = ReturnType<
  typeof createResource<TRecord, TBody>
>;
