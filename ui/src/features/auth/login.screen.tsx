import { routes } from '@erp/contracts';
import { ShoppingCart } from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import { Spinner } from '@/components/spinner';
import { CredentialsForm } from '@/features/auth/credentials-form';
import { APP_NAME, TAGLINE } from '@/lib/brand';
import { useLogin, useSession, useSetup } from '@/lib/session';

const Screen = styled.main`
  min-height: 100dvh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px 16px;
  background: linear-gradient(160deg, #1e3a8a 0%, #1d4ed8 45%, #f4f6fb 45.1%);
`;

const Panel = styled.div`
  width: 100%;
  max-width: 400px;
  padding: 28px 24px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 24px;
  span:first-child {
    display: inline-flex;
    padding: 10px;
    border-radius: 14px;
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  strong { display: block; font-size: 18px; }
  small { color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
`;

const Heading = styled.div`
  margin-bottom: 20px;
  h1 { font-size: 24px; font-weight: 700; letter-spacing: -0.01em; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

// Only same-app paths: '/module/x', never '//evil.example'.
const safeNext = (next: string | null) =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : routes.home;

/** Setup (no user yet) or login: the first thing anyone sees (DESIGN §2). */
export function LoginScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const setup = useSetup();
  const next = safeNext(params.get('next'));
  if (session.isPending) return <Spinner />;
  if (session.data?.user) return <Navigate to={next} replace />;
  const isSetup = session.data?.setupRequired === true;
  const mutation = isSetup ? setup : login;
  return (
    <Screen>
      <Panel>
        <Brand>
          <span aria-hidden="true">
            <ShoppingCart size={24} />
          </span>
          <span>
            <strong>{APP_NAME}</strong>
            <small>{TAGLINE}</small>
          </span>
        </Brand>
        <Heading>
          <h1>{isSetup ? 'Create your account' : 'Sign in'}</h1>
          <p>
            {isSetup
              ? 'No one has signed up yet. This first account will manage your business.'
              : 'Welcome back. Sign in to continue.'}
          </p>
        </Heading>
        <CredentialsForm
          key={isSetup ? 'setup' : 'login'}
          mode={isSetup ? 'setup' : 'login'}
          submitLabel={isSetup ? 'Create account' : 'Sign in'}
          pendingLabel={isSetup ? 'Creating account...' : 'Signing in...'}
          isPending={mutation.isPending}
          error={mutation.error}
          onSubmit={(credentials) =>
            mutation.mutate(credentials, {
              onSuccess: () => void navigate(next, { replace: true }),
              onError: () => {
                if (isSetup) void session.refetch();
              },
            })
          }
        />
      </Panel>
    </Screen>
  );
}
