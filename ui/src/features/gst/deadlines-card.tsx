import { type Deadline, type DeadlinesAnswer, GST_DEADLINES_PATH, periodLabel } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { EmptyState } from '@/components/empty-state';
import { Card, CardHeading } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 10px 0; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;
const Warning = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.dangerText};
  font-weight: 600;
`;

const More = styled.button`
  margin-top: 8px;
  min-height: ${({ theme }) => theme.touch};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

/** Overdue returns listed before "Show all": the newest few (all are counted above the list). */
const OVERDUE_SHOWN = 4;

/**
 * What needs doing: a warning, the newest overdue returns, and each return's next due one (the
 * rest on "Show all"; `deadlines` come newest month first).
 */
const needsDoing = (deadlines: readonly Deadline[]) => {
  const overdue = new Set(deadlines.filter((d) => d.status === 'overdue' && !d.warning).slice(0, OVERDUE_SHOWN));
  const next = new Map<string, Deadline>();
  for (const d of deadlines) {
    const known = next.get(d.return);
    if (d.status === 'due' && (!known || d.due < known.due)) next.set(d.return, d);
  }
  return deadlines.filter((d) => d.warning || overdue.has(d) || next.get(d.return) === d);
};

const statusText = (d: Deadline) => {
  if (d.status === 'filed') return `Filed on ${formatDate(d.filedOn)}${d.daysLate > 0 ? `, ${d.daysLate} days late` : ''}`;
  if (d.status === 'due') return `Due ${formatDate(d.due)}`;
  if (d.status === 'overdue') return `Overdue: was due ${formatDate(d.due)} (${d.daysLate} days ago)`;
  return `Can no longer be filed (was due ${formatDate(d.due)})`;
};

/**
 * Each month's returns: due dates and filing status, warnings first (issue 44 item 5). What needs
 * doing shows first (warnings, overdue returns, each return's next due one); every month on "Show all".
 */
export function DeadlinesCard() {
  const id = useId();
  const answer = useQuery({ queryKey: ['books', 'filed', 'deadlines'], queryFn: () => apiClient.get<DeadlinesAnswer>(GST_DEADLINES_PATH) });
  const [all, setAll] = useState(false);
  const deadlines = answer.data?.deadlines ?? [];
  const shown = all ? deadlines : needsDoing(deadlines);
  const rows = [...shown.filter((d) => d.warning), ...shown.filter((d) => !d.warning)];
  const overdue = deadlines.filter((d) => d.status === 'overdue');
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <CardHeading id={`${id}-heading`}>Due dates</CardHeading>
      {answer.isPending && <Spinner label="Loading" />}
      {answer.isError && <EmptyState message={errorText(answer.error)} />}
      {answer.data && deadlines.length === 0 && <EmptyState message="No GST documents yet" />}
      {deadlines.length > 0 && rows.length === 0 && <p>Nothing due: every return is filed.</p>}
      {overdue.length > 0 && (
        <Warning role="status">
          {overdue.length === 1 ? '1 return is overdue' : `${overdue.length} returns are overdue`}, the oldest for {periodLabel(overdue.at(-1)!.period)}
        </Warning>
      )}
      {rows.length > 0 && (
        <Rows aria-label="Returns by month">
          {rows.map((d) => (
            <li key={`${d.return}|${d.period}`}>
              <strong>{d.label} for {periodLabel(d.period)}</strong>: {statusText(d)}
              {d.warning && <Warning>{d.warning}</Warning>}
            </li>
          ))}
        </Rows>
      )}
      {deadlines.length > shown.length || all ? (
        <More type="button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show only what is due' : `Show all ${deadlines.length}`}
        </More>
      ) : null}
    </Card>
  );
}
