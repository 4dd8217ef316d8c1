import { routes } from '@erp/contracts/shell';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { useSummary } from '@/features/home/home.queries';
import { formatLakh } from '@/lib/lakh';

const Strip = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px;
  margin: 20px 0 0;
`;

/** What is pending, in rupees, under the strip. */
const Owed = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 10px 0 0;
  font-size: 14px;
  color: #eff6ff;
  span { color: #fff; font-weight: 600; }
`;

/** The follow-ups due today (and overdue), opening today's list. */
const FollowUps = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: ${({ theme }) => theme.touch};
  margin-top: 8px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(255, 255, 255, 0.14);
  border: 1px solid rgba(255, 255, 255, 0.22);
  color: #fff;
  font-size: 14px;
  font-weight: 600;
  text-decoration: none;
  &:focus-visible { outline: 3px solid #fff; }
`;

const Tile = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: 2px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(255, 255, 255, 0.14);
  border: 1px solid rgba(255, 255, 255, 0.22);
  color: #fff;
  dt {
    font-size: 13px;
    color: #eff6ff;
    white-space: nowrap;
  }
  dd { margin: 0; font-size: clamp(17px, 5.5vw, 22px); font-weight: 700; letter-spacing: -0.01em; white-space: nowrap; }
`;

interface Figure {
  label: string;
  title: string;
  value: string;
}

/**
 * Real figures from the summary projection; zeros are shown as zeros (DESIGN §3.6). What is
 * pending is also said in rupees: to collect from customers, to pay vendors.
 */
export function SummaryStrip() {
  const summary = useSummary();
  const data = summary.data;
  const dash = summary.isError ? '—' : '…';
  const figures: Figure[] = [
    { label: 'This Month', title: 'Sales this month', value: data ? formatLakh(data.salesThisMonth) : dash },
    { label: 'Orders', title: 'Invoices this month', value: data ? String(data.invoicesThisMonth) : dash },
    { label: 'Pending', title: 'Unpaid invoices', value: data ? String(data.unpaidInvoices) : dash },
  ];
  return (
    <>
      <Strip aria-busy={summary.isPending}>
        {figures.map(({ label, title, value }) => (
          <Tile key={label} title={title}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Tile>
        ))}
      </Strip>
      <Owed>
        <span title="What customers owe you">{`To collect ${data ? formatLakh(data.toCollect) : dash}`}</span>
        <span title="What you owe vendors">{`To pay ${data ? formatLakh(data.toPay) : dash}`}</span>
      </Owed>
      <FollowUps to={`${routes.task('crm', 'follow-ups')}?view=today`} data-testid="follow-ups-due">
        <CalendarClock size={16} aria-hidden="true" />
        {data ? `Follow-ups: ${data.followUpsToday} due today${data.followUpsOverdue > 0 ? `, ${data.followUpsOverdue} overdue` : ''}` : `Follow-ups: ${dash}`}
      </FollowUps>
    </>
  );
}
