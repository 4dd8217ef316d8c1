import type { ChartConfiguration } from 'chart.js';

import { formatLakh } from '@/lib/lakh';

/**
 * A chart to draw: its title, what it shows said in words (under it, and to a screen reader), and
 * Chart.js's configuration. Made without Chart.js itself (only its types), so a screen can say
 * what to draw and leave the drawing (ChartCard, in its own chunk) for later.
 */
export interface ChartSpec {
  readonly title: string;
  readonly summary: string;
  readonly config: ChartConfiguration;
}

// Chart.js draws numbers: amounts become numbers here, for the picture only (every figure said
// in words with a chart is summed exactly from the strings).
export const plotted = (amounts: readonly string[]) => amounts.map((a) => Number(a));
export const BLUE = '#2563eb';
export const GREY = '#94a3b8';
export const GREEN = '#16a34a';
export const RED = '#dc2626';
export const AMBER = '#d97706';

/** An axis of amounts, labelled in lakh and crore. */
export const moneyAxis = { ticks: { callback: (value: string | number) => formatLakh(String(value)) } };
