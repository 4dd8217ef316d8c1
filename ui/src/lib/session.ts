import type { Me, SetupBody } from '@erp/contracts';
import { api, can, isRecord, type Permission, permissionFor } from '@erp/contracts/shell';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiClient, isApiError } from '@/lib/api-client';
import { clearAllDrafts } from '@/lib/drafts';
import { queryKeys } from '@/lib/query-keys';

export interface Session {
  user: Me | null;
  /** No user exists yet: show the setup screen instead of login (DESIGN §2). */
  setupRequired: boolean;
}

async function fetchSession(): Promise<Session> {
  try {
    const user = await apiClient.get<Me>(api.auth.me, { allowUnauthorized: true });
    return { user, setupRequired: false };
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
    return { user: null, setupRequired: isRecord(error.body) && error.body.setupRequired === true };
  }
}

export const sessionOptions = () =>
  queryOptions({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: Infinity });

export const useSession = () => useQuery(sessionOptions());

/** Whether the signed-in user's role has this permission (the server's own table, DESIGN §5). */
export const useCan = (permission: Permission): boolean => can(useSession().data?.user?.role, permission);

/** Whether the signed-in user may send this request: a screen leaves out the buttons they cannot use. */
export const useMay = (method: 'POST' | 'PUT' | 'DELETE', path: string): boolean => useCan(permissionFor(method, path));

// Not `clear()`: mounted observers of the session query must keep seeing it change.
const forgetAllButSession = (queryClient: QueryClient) =>
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });

function useSignIn(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: SetupBody | Omit<SetupBody, 'setupCode'>) =>
      apiClient.post<Me>(path, credentials, { allowUnauthorized: true }),
    onSuccess: (user) => {
      // Reads started before signing in were answered 401: none of them may reach a screen.
      apiClient.reset();
      queryClient.setQueryData<Session>(queryKeys.session, { user, setupRequired: false });
      forgetAllButSession(queryClient);
    },
  });
}

export const useLogin = () => useSignIn(api.auth.login);
export const useSetup = () => useSignIn(api.auth.setup);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<void>(api.auth.logout, undefined, { allowUnauthorized: true }),
    onSettled: () => {
      apiClient.reset();
      clearAllDrafts();
      queryClient.setQueryData<Session>(queryKeys.session, { user: null, setupRequired: false });
      forgetAllButSession(queryClient);
    },
  });
}
