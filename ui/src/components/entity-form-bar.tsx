import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { formatMoney } from '@/lib/format';

const NARROW = '(max-width: 639px)';

/** Whether the screen is a phone's: a document's lines are compact rows and its total a bar at the bottom. */
export const useNarrow = () => {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
};

/** 'Received in full': fills the amount paid now with the document's total as it stands. */
export function InFull(props: { total: string; label: string; onFill: (total: string) => void; short?: boolean }) {
  return (
    <Button $variant="secondary" onClick={() => props.onFill(props.total)}>
      {props.short ? props.label : `${props.label} (${formatMoney(props.total)})`}
    </Button>
  );
}

/** Under the settle-now fields on a wide screen. */
export const FullRow = styled.div`
  margin-top: 12px;
  & > button { width: 100%; }
`;

/**
 * A phone's document form ends in this bar, sticky at the bottom of the form (not fixed over it:
 * an open keyboard pushes it away instead of covering the field typed in): the document's total,
 * 'Received in full' where the form has it, and the save button, always in reach.
 */
export function FormBar(props: { useTotal: () => string; inFull?: { label: string; onFill: (total: string) => void }; children: ReactNode }) {
  const total = props.useTotal();
  return (
    <Bar>
      <Total>
        <span>Total</span>
        <strong>{formatMoney(total)}</strong>
      </Total>
      {props.inFull && <InFull total={total} label={props.inFull.label} onFill={props.inFull.onFill} short />}
      {props.children}
    </Bar>
  );
}

const Bar = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 5;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 0 -16px;
  padding: 10px 16px calc(10px + env(safe-area-inset-bottom));
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 -1px 0 ${({ theme }) => theme.colors.border}, 0 -6px 16px rgba(15, 23, 42, 0.08);
  & > button[type='submit'] { flex: 1 1 100%; }
  & > button:only-of-type { flex: 1 1 auto; }
`;

const Total = styled.p`
  display: flex;
  flex-direction: column;
  margin: 0 auto 0 0;
  line-height: 1.2;
  span { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  strong { font-size: 19px; font-variant-numeric: tabular-nums; }
`;
