import { LAYOUT } from '@erp/contracts/shell';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

export const CardGrid = styled.ul<{ $columns: number; $wideColumns: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: 12px;
  @media (min-width: 768px) {
    gap: 16px;
    grid-template-columns: repeat(${({ $wideColumns }) => $wideColumns}, minmax(0, 1fr));
  }
`;

// From nearly, not fully, transparent: Chrome takes a card painted at opacity 0 as not shown
// (largest contentful paint) until something repaints it, long after its animation ended.
const enter = keyframes`
  from { opacity: 0.01; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

/** One card's place in the grid; it enters after `enterDelay` (a CSS animation: no script runs). */
export const CardItem = styled.li`
  display: flex;
  animation: ${enter} 0.3s ease-out both;
`;

/** The entrance delay of the card at this index; past the cap, cards enter with the last one. */
export const enterDelay = (index: number) => `${Math.min(index, MAX_STAGGERED) * LAYOUT.staggerSeconds}s`;

// SEED-SPEC: 0.1 s per index. Capped so a long list is never minutes away from its last card.
export const MAX_STAGGERED = 12;

export interface StaggerListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  render: (item: T) => ReactNode;
  label: string;
  columns?: number;
  /** Columns from 768 px up; defaults to `columns`. */
  wideColumns?: number;
}

/** A grid of cards that enter one after another, LAYOUT.staggerSeconds apart. */
export function StaggerList<T>(props: StaggerListProps<T>) {
  const { items, keyOf, render, label, columns = 1, wideColumns = columns } = props;
  return (
    <CardGrid aria-label={label} $columns={columns} $wideColumns={wideColumns}>
      {items.map((item, index) => (
        <CardItem key={keyOf(item)} style={{ animationDelay: enterDelay(index) }}>
          {render(item)}
        </CardItem>
      ))}
    </CardGrid>
  );
}
