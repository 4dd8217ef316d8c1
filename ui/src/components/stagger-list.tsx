import { LAYOUT } from '@erp/contracts';
import { m } from 'motion/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.ul<{ $columns: number; $wideColumns: number }>`
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

// SEED-SPEC: 0.1 s per index. Capped so a long list is never minutes away from its last card.
const MAX_STAGGERED = 12;

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
    <List aria-label={label} $columns={columns} $wideColumns={wideColumns}>
      {items.map((item, index) => (
        <m.li
          key={keyOf(item)}
          style={{ display: 'flex' }}
          initial={{ opacity: 0, y: 12 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ delay: Math.min(index, MAX_STAGGERED) * LAYOUT.staggerSeconds, duration: 0.3 }}
        >
          {render(item)}
        </m.li>
      ))}
    </List>
  );
}
