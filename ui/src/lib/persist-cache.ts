import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';

/** Answers from before this page load and not being read again: what the restore brought. */
const restoredOnly = (query: Query) => query.state.fetchStatus === 'idle' && query.state.dataUpdatedAt < performance.timeOrigin;

/** How long data last seen is kept on the device for opening with no network. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Keeps the query cache in IndexedDB (issue 47): what was last seen opens with no network, the
 * session with it. Signing out empties the cache, and so the copy. A new build's data shapes may
 * differ: the copy is dropped when the app's version changes.
 */
export function keepQueryCache(queryClient: QueryClient, version: string) {
  const store = createStore('erp-query-cache', 'cache');
  const persister = createAsyncStoragePersister({
    storage: { getItem: (key) => get<string>(key, store), setItem: (key, value: string) => set(key, value, store), removeItem: (key) => del(key, store) },
    throttleTime: 1000,
  });
  const [stop, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: KEEP_MS,
    buster: version,
    // Answers only: a failed or pending read has nothing to show offline.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
  });
  // The copy is written at most once a second, so it can be older than what the server answered
  // last (a save, then a reload at once showed the form as it was before). What it restores is
  // shown at once and read again from the server, online; offline the reads wait. What this page
  // load has read already, or is reading, is not read again (a phone paid a second round trip
  // and its parsing for every screen's first reads).
  void restored.then(() => queryClient.invalidateQueries({ predicate: restoredOnly }));
  return { stop, restored };
}
