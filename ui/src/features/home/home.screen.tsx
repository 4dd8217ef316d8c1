import { LAYOUT, routes } from '@erp/contracts';
import { LogOut, Settings, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { Button, ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Main } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { StaggerList } from '@/components/stagger-list';
import { useModules } from '@/features/home/home.queries';
import { ModuleCard } from '@/features/home/module-card';
import { SummaryStrip } from '@/features/home/summary-strip';
import { APP_NAME, TAGLINE } from '@/lib/brand';
import { useLogout, useSession } from '@/lib/session';
import { deferred } from '@/lib/deferred';
import { errorText } from '@/lib/error-text';

const Hero = styled.header`
  color: #fff;
  background: linear-gradient(150deg, #1e3a8a 0%, #1d4ed8 60%, #2563eb 100%);
  border-radius: 0 0 28px 28px;
  box-shadow: 0 8px 24px rgba(30, 58, 138, 0.25);
`;

const HeroInner = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: calc(16px + env(safe-area-inset-top)) 16px 22px;
  @media (min-width: 768px) { padding: 28px 24px 28px; }
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  h1 { font-size: 22px; font-weight: 800; letter-spacing: -0.01em; }
  p { font-size: 14px; color: #dbeafe; }
`;

const Logo = styled.span`
  display: inline-flex;
  padding: 10px;
  border-radius: 14px;
  background: rgba(255, 255, 255, 0.16);
`;

const LogoutButton = styled(Button)`
  padding: 0 12px;
  color: #fff;
  background: rgba(255, 255, 255, 0.12);
  &:hover:not(:disabled) { background: rgba(255, 255, 255, 0.22); }
`;

const SettingsLink = styled(ButtonLink)`
  margin-left: auto;
  padding: 0 12px;
  color: #fff;
  background: rgba(255, 255, 255, 0.12);
  &:hover { background: rgba(255, 255, 255, 0.22); }
`;

const SectionTitle = styled.h2`
  font-size: 18px;
  font-weight: 700;
  margin: 8px 0 12px;
`;

export function HomeScreen() {
  const session = useSession();
  const logout = useLogout();
  const username = session.data?.user?.username;
  return (
    <>
      <Hero>
        <HeroInner>
          <TopRow>
            <Logo aria-hidden="true">
              <ShoppingCart size={24} />
            </Logo>
            <div>
              <h1>{APP_NAME}</h1>
              <p>{TAGLINE}</p>
            </div>
            <SettingsLink to={routes.settings} aria-label="Business settings" title="Business settings">
              <Settings size={18} aria-hidden="true" />
            </SettingsLink>
            <LogoutButton
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              aria-label={username ? `Log out ${username}` : 'Log out'}
              title="Log out"
            >
              <LogOut size={18} aria-hidden="true" />
            </LogoutButton>
          </TopRow>
          <SummaryStrip />
        </HeroInner>
      </Hero>
      <Main>
        <SectionTitle>Modules</SectionTitle>
        <Modules />
      </Main>
    </>
  );
}

// The charts (and Chart.js) are fetched only when their place scrolls near: the first screen
// stays as fast as it was (issue 21: Lighthouse mobile ≥ 95 on home).
const Dashboard = deferred(() => import('@/features/home/dashboard').then((m) => m.Dashboard));

function LaterDashboard() {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = place.current;
    if (!target || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={place}>{near ? <Dashboard /> : <DashboardSpace />}</div>;
}

const DashboardSpace = styled.div`min-height: 240px;`;

function Modules() {
  const modules = useModules();
  if (modules.isPending) return <Spinner label="Loading modules" />;
  if (modules.isError) {
    return (
      <EmptyState message={`Could not load modules. ${errorText(modules.error)}`}>
        <Button $variant="secondary" onClick={() => void modules.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  // The dashboard comes after the modules are drawn, below them: nothing on screen moves for it.
  return (
    <>
      <StaggerList
        label="Modules"
        columns={LAYOUT.moduleGridColumns}
        items={modules.data.filter((module) => module.active)}
        keyOf={(module) => module.id}
        render={(module) => <ModuleCard module={module} />}
      />
      <SectionTitle>This month</SectionTitle>
      <LaterDashboard />
    </>
  );
}
