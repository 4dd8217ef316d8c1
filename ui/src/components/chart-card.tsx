import {
  BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

import type { ChartSpec } from '@/components/chart-spec';
import { Card, CardHeading } from '@/components/layout';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);


const Plot = styled.div`
  position: relative;
  height: 220px;
`;

const Said = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 14px;
`;

/** A card with one chart (Chart.js, in this module's chunk: import it deferred), said in words under it. */
export function ChartCard({ title, summary, config }: ChartSpec) {
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
