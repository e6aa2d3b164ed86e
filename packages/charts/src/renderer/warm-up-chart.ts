import { ChartSpecSchema } from '../chart-spec.js';
import type { PreparedChart } from '../prepare-chart.js';

/** A small chart with a series, drawn once by a new renderer process before it takes work. */
export function warmUpChart(): PreparedChart {
  return {
    spec: ChartSpecSchema.parse({ mark: 'line', x: 'year', y: 'value', series: 'area', title: 'Warm-up' }),
    points: [
      { x: '2020', y: 1, series: 'A' },
      { x: '2021', y: 2, series: 'A' },
      { x: '2020', y: 2, series: 'B' },
      { x: '2021', y: 3, series: 'B' },
    ],
    xKind: 'text',
    series: ['A', 'B'],
    skippedRows: 0,
    cutLabels: 0,
    citations: ['Warm-up.'],
  };
}
