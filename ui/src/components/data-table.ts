import styled from 'styled-components';

/** A table of figures (reports): amounts right-aligned in tabular digits (`.num`), totals rows (`tr.strong`). */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th, td { padding: 8px 6px; border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong}; text-align: left; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: 600; white-space: nowrap; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
  tr.strong td { font-weight: 700; border-top: 2px solid ${({ theme }) => theme.colors.borderStrong}; }
`;
