import type { Module } from '@erp/contracts/home';
import { routes } from '@erp/contracts/shell';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { Icon } from '@/components/icon';
import { IconTile } from '@/components/layout';
import { paletteOf, type ModulePalette } from '@/components/theme';

const Card = styled(Link)<{ $palette: ModulePalette }>`
  display: flex;
  flex-direction: column;
  gap: 10px;
  width: 100%;
  min-height: 100%;
  padding: 16px;
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid rgba(226, 232, 240, 0.7);
  border-top: 3px solid ${({ $palette }) => $palette.fg};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  transition: box-shadow 0.15s ease, transform 0.15s ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadow.raised}; transform: translateY(-2px); }
  &:active { transform: scale(0.98); }
  h2 { font-size: 16px; font-weight: 700; }
  p { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; line-height: 1.4; }
`;

const Hint = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-top: auto;
  font-size: 13px;
  font-weight: 600;
  color: ${({ $color }) => $color};
`;

export function ModuleCard({ module }: { module: Module }) {
  const palette = paletteOf(module.color);
  return (
    <Card to={routes.module(module.name)} $palette={palette}>
      <IconTile $bg={palette.bg} $fg={palette.fg}>
        <Icon name={module.icon} size={24} />
      </IconTile>
      <div>
        <h2>{module.title}</h2>
        <p>{module.subtitle}</p>
      </div>
      <Hint $color={palette.text}>
        Tap to explore
        <ArrowRight size={14} aria-hidden="true" />
      </Hint>
    </Card>
  );
}
