import { QUERY_CACHE } from '@erp/contracts/shell';
import { onlineManager, QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { ThemeProvider } from 'styled-components';

import { GlobalStyle } from '@/components/global-style';
import { theme } from '@/components/theme';
import { afterFirstReads } from '@/lib/after-first-reads';
import { apiClient } from '@/lib/api-client';
import { whenIdle } from '@/lib/deferred';
import { queryKeys } from '@/lib/query-keys';
import { useToasts } from '@/lib/toast-store';

// SEED-SPEC §9: fresh 5 min, kept 10 min, no retry, no refetch on focus, no polling.
const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        retry: QUERY_CACHE.retry,
        refetchOnWindowFocus: QUERY_CACHE.refetchOnWindowFocus,
      },
      // Writes run offline too (issue 47): the API client keeps what may wait in the outbox and
      // refuses the rest in words; paused, a form would say 'Saving...' until the network came back.
      mutations: { retry: QUERY_CACHE.retry, networkMode: 'always' },
    },
  });

const loadToaster = () => import('@/components/toast').then((m) => m.Toaster);

/**
 * The toasts' code (Radix Toast) is not in the first download: it comes once the user starts to
 * use the page, or with the first toast, whichever is first.
 */
function Notifications() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const wanted = toasts.length > 0;
  useEffect(() => {
    let live = true;
    const load = () => void loadToaster().then((component) => live && setToaster(() => component));
    if (wanted) load();
    else whenIdle(load);
    return () => {
      live = false;
    };
  }, [wanted]);
  return Toaster ? <Toaster /> : null;
}

/**
 * The offline app (issue 47), in chunks of its own: the query cache kept on the device, restored
 * at start; once the first screen's reads are in, the outbox's sync (its code takes the kit and
 * every contract's schemas, which home does without) and the service worker (its precache is
 * ~2.5 MB). Reads pause while the browser says it is offline (TanStack's online manager, told
 * when the client is made: it otherwise assumes online until an event).
 */
function OfflineApp() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void)[] = [];
    let live = true;
    void import('@/lib/persist-cache').then(({ keepQueryCache }) => {
      const kept = keepQueryCache(queryClient, BUILD_VERSION);
      if (live) stop.push(kept.stop);
      else kept.stop();
    });
    stop.push(afterFirstReads(queryClient, () => {
      if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' });
      void import('@/lib/offline-sync').then(async ({ startSync }) => {
        const end = await startSync(queryClient);
        if (live) stop.push(end);
        else end();
      });
    }));
    return () => {
      live = false;
      stop.forEach((end) => end());
      stop = [];
    };
  }, [queryClient]);
  return null;
}

/** The cached answers' shape is this build's: a new build starts from the server's. */
const BUILD_VERSION = import.meta.env.VITE_BUILD_VERSION ?? 'dev';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    onlineManager.setOnline(navigator.onLine);
    const client = createQueryClient();
    apiClient.configure({
      onUnauthorized: () => void client.invalidateQueries({ queryKey: queryKeys.session }),
    });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
        <Notifications />
        <OfflineApp />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
