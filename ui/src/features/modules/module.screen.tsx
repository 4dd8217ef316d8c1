import { LAYOUT, routes } from '@erp/contracts';
import { Home, ListX } from 'lucide-react';
import { useParams } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { IconTile, Main, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { StaggerList } from '@/components/stagger-list';
import { paletteOf } from '@/components/theme';
import { useModule, useTasks } from '@/features/modules/module.queries';
import { TaskCard } from '@/features/modules/task-card';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

export interface ModuleScreenProps {
  /** Hover or focus on a task: the app prefetches that task's data. */
  onTaskIntent?: (moduleName: string, slug: string) => void;
}

export function ModuleScreen({ onTaskIntent }: ModuleScreenProps) {
  const { moduleName = '' } = useParams();
  const module = useModule(moduleName);
  const tasks = useTasks(moduleName);
  if (module.isPending) return <Spinner label="Loading module" />;
  if (module.isError) {
    const notFound = isApiError(module.error, 404);
    return (
      <Main>
        <EmptyState
          icon={ListX}
          message={notFound ? 'Module not found' : `Could not load module. ${errorText(module.error)}`}
        >
          <ButtonLink to={routes.home}>
            <Home size={18} aria-hidden="true" />
            Back to Home
          </ButtonLink>
        </EmptyState>
      </Main>
    );
  }
  const palette = paletteOf(module.data.color);
  return (
    <>
      <TopBar
        back={{ to: routes.home, label: 'Back to home' }}
        leading={
          <IconTile $bg={palette.bg} $fg={palette.fg} $size={40}>
            <Icon name={module.data.icon} size={22} />
          </IconTile>
        }
        title={module.data.title}
        subtitle={module.data.subtitle}
      />
      <Main>
        {tasks.isPending && <Spinner label="Loading tasks" />}
        {tasks.isError && (
          <EmptyState message={`Could not load tasks. ${errorText(tasks.error)}`}>
            <Button $variant="secondary" onClick={() => void tasks.refetch()}>
              Try again
            </Button>
          </EmptyState>
        )}
        {tasks.isSuccess && tasks.data.length === 0 && (
          <EmptyState message="No tasks available for this module." />
        )}
        {tasks.isSuccess && tasks.data.length > 0 && (
          <StaggerList
            label={`${module.data.title} tasks`}
            columns={LAYOUT.taskGridColumns}
            items={tasks.data.filter((task) => task.active)}
            keyOf={(task) => task.id}
            render={(task) => (
              <TaskCard moduleName={moduleName} task={task} palette={palette} onIntent={onTaskIntent} />
            )}
          />
        )}
      </Main>
    </>
  );
}
