import { routes } from '@erp/contracts/shell';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Main } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/lib/session';
import { errorText } from '@/lib/error-text';

/** Nothing but setup or login until there is a session (DESIGN §2). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  // The screen behind is drawn in a transition once the session is known (in slices, the
  // spinner meanwhile), not in the one long task that answers the session query.
  const pending = useDeferredValue(session.isPending, true);
  if (pending || session.isPending) return <Spinner />;
  if (session.isError) {
    return (
      <Main>
        <EmptyState message={`Could not reach the server. ${errorText(session.error)}`}>
          <Button onClick={() => void session.refetch()}>Try again</Button>
        </EmptyState>
      </Main>
    );
  }
  if (!session.data.user) {
    const next = `${location.pathname}${location.search}`;
    const query = next === routes.home ? '' : `?next=${encodeURIComponent(next)}`;
    return <Navigate to={`${routes.login}${query}`} replace />;
  }
  return <Outlet />;
}
