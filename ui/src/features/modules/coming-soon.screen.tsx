import { routes, taskSlug, tasksOf } from '@erp/contracts';
import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';

import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Main, TopBar } from '@/components/layout';

/**
 * A listed task route (SEED-SPEC §2) whose screen is not built yet; any other task path gets
 * `notFound`.
 */
export function ComingSoonScreen({ notFound }: { notFound: ReactNode }) {
  const { moduleName = '', slug = '' } = useParams();
  const task = tasksOf(moduleName).find((t) => taskSlug(t.name) === slug);
  if (!task) return notFound;
  const back = routes.module(moduleName);
  return (
    <>
      <TopBar
        back={{ to: back, label: 'Back to module' }}
        title={task.name}
        subtitle={task.description}
      />
      <Main>
        <EmptyState icon={Hammer} message="This screen is coming soon.">
          <ButtonLink to={back} $variant="secondary">
            Back to tasks
          </ButtonLink>
        </EmptyState>
      </Main>
    </>
  );
}
