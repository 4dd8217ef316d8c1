import styled from 'styled-components';

import { TableScroll } from '@/components/table-scroll';

/** Fields side by side where there is room, one under another on a phone. */
export const Grid = styled.div`
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  & > div { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
  label { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
`;

export const Errors = styled.ul`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0;
  padding-left: 18px;
`;

/** Whether the openings balance: green when they do, amber with what is left when not. */
export const Verdict = styled.p<{ $balanced: boolean }>`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $balanced }) => ($balanced ? '#dcfce7' : '#fef9c3')};
  color: ${({ $balanced }) => ($balanced ? '#166534' : '#854d0e')};
  font-size: 14px;
`;

/** A figures table that scrolls inside its own box on a phone (focusable, with the cue). */
export const Figures = styled(TableScroll)`
  table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
  th, td { padding: 6px 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong}; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; white-space: normal; }
`;
