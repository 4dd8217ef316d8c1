import { QUERY_CACHE } from '@erp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';

import { GlobalStyle } from '@/components/global-style';
import { theme } from '@/components/theme';
import { Toaster } from '@/components/toast';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
      mutations: { retry: QUERY_CACHE.retry },
    },
  });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
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
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
