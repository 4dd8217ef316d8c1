import { can } from '@erp/contracts/shell';
import type { QueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { setConnection } from '@/lib/connection';
import { registerDevice } from '@/lib/device-series';
import { queryKeys } from '@/lib/query-keys';
import type { Session } from '@/lib/session';

/** How often what waits is tried again while the network seems up but did not take it. */
const RETRY_MS = 15_000;

/**
 * Sends what waits in the outbox (issue 47): at start, when the network comes back, and every
 * few seconds while something waits; after anything was recorded every read is refetched, so
 * lists show the synced records with their final numbers. Registers the device for its own
 * series once, online, for a user who may write. Returns how to stop.
 */
export async function startSync(queryClient: QueryClient): Promise<() => void> {
  const outbox = await apiClient.outbox();
  const count = () => {
    const entries = outbox.list();
    setConnection({ waiting: entries.filter((e) => e.state === 'waiting').length, refused: entries.filter((e) => e.state === 'refused').length });
  };
  const unsubscribe = outbox.subscribe(count);
  await outbox.ready();
  count();

  const register = () => {
    const role = queryClient.getQueryData<Session>(queryKeys.session)?.user?.role;
    if (navigator.onLine && can(role, 'write')) registerDevice((path, body) => apiClient.post(path, body)).catch(() => undefined);
  };
  const sync = async () => {
    if (!navigator.onLine || !outbox.list().some((e) => e.state === 'waiting')) return;
    setConnection({ syncing: true });
    try {
      if ((await outbox.flush()) > 0) await queryClient.invalidateQueries();
    } finally {
      setConnection({ syncing: false });
    }
  };
  const run = () => {
    register();
    void sync();
  };
  window.addEventListener('online', run);
  const timer = setInterval(run, RETRY_MS);
  // What waits goes at once; the registration (a write) once the first screen has its reads.
  void sync();
  const first = setTimeout(register, 2000);
  return () => {
    unsubscribe();
    window.removeEventListener('online', run);
    clearInterval(timer);
    clearTimeout(first);
  };
}
