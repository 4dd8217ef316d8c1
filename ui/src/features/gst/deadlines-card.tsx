import { type Deadline, type DeadlinesAnswer, GST_DEADLINES_PATH, periodLabel } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
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

const statusText = (d: Deadline) => {
  if (d.status === 'filed') return `Filed on ${formatDate(d.filedOn)}${d.daysLate > 0 ? `, ${d.daysLate} days late` : ''}`;
  if (d.status === 'due') return `Due ${formatDate(d.due)}`;
  if (d.status === 'overdue') return `Overdue: was due ${formatDate(d.due)} (${d.daysLate} days ago)`;
  return `Can no longer be filed (was due ${formatDate(d.due)})`;
};

/** Each month's returns: due dates and filing status on one list, warnings first (issue 44 item 5). */
export function DeadlinesCard() {
  const id = useId();
  const answer = useQuery({ queryKey: ['books', 'filed', 'deadlines'], queryFn: () => apiClient.get<DeadlinesAnswer>(GST_DEADLINES_PATH) });
  const rows = answer.data ? [...answer.data.deadlines.filter((d) => d.warning), ...answer.data.deadlines.filter((d) => !d.warning)] : [];
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <CardHeading id={`${id}-heading`}>Due dates</CardHeading>
      {answer.isPending && <Spinner label="Loading" />}
      {answer.isError && <EmptyState message={errorText(answer.error)} />}
      {answer.data && rows.length === 0 && <EmptyState message="No GST documents yet" />}
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
    </Card>
  );
}
