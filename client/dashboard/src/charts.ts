import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { components } from '../../../generated/schema.js';

// Only the pieces used here are registered, which keeps the bundle small.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

type UsageGroup = components['schemas']['UsageGroup'];

// Costs per day are often fractions of a cent: significant digits, not two decimals.
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 });

/**
 * How the groups relate: `series` (days, in order) draws cost as a line through them;
 * `categories` (models, sources) draws it as bars, since a line between unrelated groups means nothing.
 */
export type GroupKind = 'series' | 'categories';

/** Original and compressed tokens as bars, cost on its own axis (line or bars, by `kind`), one x position per group. */
export function tokensAndCostChart(canvas: HTMLCanvasElement, groups: UsageGroup[], kind: GroupKind): Chart {
  const cost = groups.map((g) => g.cost_usd);
  const config: ChartConfiguration<'bar' | 'line', number[], string> = {
    type: 'bar',
    data: {
      labels: groups.map((g) => g.label),
      datasets: [
        { type: 'bar', label: 'Original tokens', data: groups.map((g) => g.original_tokens), backgroundColor: '#b4c7e7', yAxisID: 'tokens' },
        { type: 'bar', label: 'Compressed tokens', data: groups.map((g) => g.compressed_tokens), backgroundColor: '#2f5597', yAxisID: 'tokens' },
        kind === 'series'
          ? { type: 'line', label: 'Cost (USD)', data: cost, borderColor: '#c55a11', backgroundColor: '#c55a11', yAxisID: 'cost' }
          : { type: 'bar', label: 'Cost (USD)', data: cost, backgroundColor: '#c55a11', yAxisID: 'cost' },
      ],
    },
    options: {
      // Redraws are instant: nothing moves on screen and a test reads a settled chart.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        tokens: { type: 'linear', position: 'left', beginAtZero: true, title: { display: true, text: 'tokens' } },
        cost: {
          type: 'linear',
          position: 'right',
          beginAtZero: true,
          grid: { drawOnChartArea: false },
          title: { display: true, text: 'USD' },
          ticks: { callback: (value) => DOLLARS.format(Number(value)) },
        },
      },
    },
  };
  return new Chart(canvas, config);
}
