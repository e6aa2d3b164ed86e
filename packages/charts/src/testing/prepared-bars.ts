import { DEFAULT_CHART_LIMITS } from '../chart-limits.js';
import { ChartSpecSchema } from '../chart-spec.js';
import { type PreparedChart, prepareChart } from '../prepare-chart.js';

/** A synthetic bar chart of `bars` bars, each label `labelChars` characters long, ready to draw. */
export function preparedBars(bars: number, labelChars = 8): PreparedChart {
  const rows = Array.from({ length: bars }, (_, i) => [`${i} `.padEnd(labelChars, 'x'), (i % 37) + 1]);
  return prepareChart(
    {
      columns: [
        { name: 'label', type: 'VARCHAR' },
        { name: 'value', type: 'DOUBLE' },
      ],
      rows,
      citations: ['Test office: synthetic bars.'],
    },
    ChartSpecSchema.parse({ mark: 'bar', x: 'label', y: 'value' }),
    DEFAULT_CHART_LIMITS,
  );
}
