import { BOOKS_PATHS, type Dashboard as Figures, sumMoney } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  BarController, BarElement, CategoryScale, Chart, type ChartConfiguration, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Card, CardHeading } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatLakh, formatMoney } from '@/lib/format';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
`;

const Plot = styled.div`
  position: relative;
  height: 220px;
`;

const Said = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 14px;
`;

// Chart.js draws numbers: amounts become numbers here, for the picture only (every figure said
// in words below a chart is summed exactly from the strings).
const plotted = (amounts: readonly string[]) => amounts.map((a) => Number(a));
const BLUE = '#2563eb';
const GREY = '#94a3b8';
const GREEN = '#16a34a';
const RED = '#dc2626';

function ChartCard({ title, summary, config }: { title: string; summary: string; config: ChartConfiguration }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, { ...config, options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options } });
    return () => chart.destroy();
  }, [config]);
  return (
    <Card aria-label={title}>
      <CardHeading>{title}</CardHeading>
      <Plot>
        <canvas ref={canvas} role="img" aria-label={`${title}: ${summary}`} />
      </Plot>
      <Said>{summary}</Said>
    </Card>
  );
}

const money = { ticks: { callback: (value: string | number) => formatLakh(String(value)) } };

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
