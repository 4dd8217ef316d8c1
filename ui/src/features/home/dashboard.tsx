import { BOOKS_PATHS, type Dashboard as Figures, sumMoney } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { ChartCard } from '@/components/chart-card';
import { BLUE, GREEN, GREY, moneyAxis as money, plotted, RED } from '@/components/chart-spec';
import { EmptyState } from '@/components/empty-state';
import { Spinner } from '@/components/spinner';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
`;

/** Home's pictures (issue 21): sales by day, receivables by age, top items, cash in and out — each also said in words. */
export function Dashboard() {
  const figures = useQuery({ queryKey: ['books', 'dashboard'], queryFn: () => apiClient.get<Figures>(BOOKS_PATHS.dashboard) });
  if (figures.isPending) return <Spinner label="Loading the dashboard" />;
  if (figures.isError) {
    return (
      <EmptyState message={`Could not load the dashboard. ${errorText(figures.error)}`}>
        <Button $variant="secondary" onClick={() => void figures.refetch()}>Try again</Button>
      </EmptyState>
    );
  }
  const d = figures.data;
  const days = Array.from({ length: d.salesByDay.lastMonth.length }, (_, i) => String(i + 1));
  const soFar = sumMoney([...d.salesByDay.thisMonth]);
  const last = sumMoney([...d.salesByDay.lastMonth]);
  const due = sumMoney(d.receivables.map((r) => r.amount));
  return (
    <Grid>
      <ChartCard
        title="Sales this month against last month"
        summary={`${formatMoney(soFar)} so far this month; ${formatMoney(last)} in all of last month.`}
        config={{
          type: 'line',
          data: { labels: days, datasets: [
            { label: 'This month', data: plotted(d.salesByDay.thisMonth), borderColor: BLUE, backgroundColor: BLUE, pointRadius: 0 },
            { label: 'Last month', data: plotted(d.salesByDay.lastMonth), borderColor: GREY, backgroundColor: GREY, pointRadius: 0 },
          ] },
          options: { scales: { y: money } },
        }}
      />
      <ChartCard
        title="Receivables by age"
        summary={`${formatMoney(due)} due from customers; ${d.receivables.filter((r) => r.amount !== '0.00').map((r) => `${r.label}: ${formatMoney(r.amount)}`).join(', ') || 'nothing due'}.`}
        config={{ type: 'bar', data: { labels: d.receivables.map((r) => r.label), datasets: [{ label: 'Due', data: plotted(d.receivables.map((r) => r.amount)), backgroundColor: BLUE }] }, options: { plugins: { legend: { display: false } }, scales: { y: money } } }}
      />
      <ChartCard
        title="Top items this month"
        summary={d.topItems.length === 0 ? 'No sales this month yet.' : d.topItems.map((i) => `${i.name}: ${formatMoney(i.amount)}`).join(', ')}
        config={{ type: 'bar', data: { labels: d.topItems.map((i) => (i.name.length > 18 ? `${i.name.slice(0, 17)}…` : i.name)), datasets: [{ label: 'Sales', data: plotted(d.topItems.map((i) => i.amount)), backgroundColor: GREEN }] }, options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: money } } }}
      />
      <ChartCard
        title="Cash in and out this month"
        summary={`In ${formatMoney(d.cash.in)}, out ${formatMoney(d.cash.out)} (cash and bank).`}
        config={{ type: 'bar', data: { labels: ['In', 'Out'], datasets: [{ label: 'Cash and bank', data: plotted([d.cash.in, d.cash.out]), backgroundColor: [GREEN, RED] }] }, options: { plugins: { legend: { display: false } }, scales: { y: money } } }}
      />
    </Grid>
  );
}
