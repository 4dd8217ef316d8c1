import { routes, taskSlug, type Task } from '@erp/contracts';
import { ChevronRight } from 'lucide-react';
import styled from 'styled-components';

import { Icon } from '@/components/icon';
import { IconTile } from '@/components/layout';
import type { ModulePalette } from '@/components/theme';

const Card = styled.a`
  display: flex;
  align-items: center;
  gap: 14px;
  width: 100%;
  min-height: 76px;
  padding: 14px 12px 14px 14px;
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid rgba(226, 232, 240, 0.7);
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  transition: box-shadow 0.15s ease, transform 0.1s ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadow.raised}; }
  &:active { transform: scale(0.99); }
  h2 { font-size: 16px; font-weight: 700; }
  p { font-size: 14px; color: ${({ theme }) => theme.colors.muted}; }
  & > svg { margin-left: auto; flex: none; color: ${({ theme }) => theme.colors.subtle}; }
`;

export interface TaskCardProps {
  moduleName: string;
  task: Task;
  palette: ModulePalette;
  onIntent?: (moduleName: string, slug: string) => void;
}

/** A plain link: opening a task is a full page navigation (SEED-SPEC module landing). */
export function TaskCard({ moduleName, task, palette, onIntent }: TaskCardProps) {
  const slug = taskSlug(task.name);
  const intent = () => onIntent?.(moduleName, slug);
  return (
    <Card href={routes.task(moduleName, slug)} onMouseEnter={intent} onFocus={intent}>
      <IconTile $bg={palette.bg} $fg={palette.fg}>
        <Icon name={task.icon} size={22} />
      </IconTile>
      <div>
        <h2>{task.name}</h2>
        <p>{task.description}</p>
      </div>
      <ChevronRight size={20} aria-hidden="true" />
    </Card>
  );
}
