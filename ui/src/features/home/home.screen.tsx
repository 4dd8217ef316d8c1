import { LAYOUT } from '@erp/contracts/shell';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Main } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { StaggerList } from '@/components/stagger-list';
import { HomeHero } from '@/features/home/home-hero';
import { useModules } from '@/features/home/home.queries';
import { ModuleCard } from '@/features/home/module-card';
import { deferred } from '@/lib/deferred';
import { errorText } from '@/lib/error-text';

const SectionTitle = styled.h2`
  font-size: 18px;
  font-weight: 700;
  margin: 8px 0 12px;
`;

export function HomeScreen() {
  return (
    <>
      <HomeHero />
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
