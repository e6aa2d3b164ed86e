import { namesUnit } from './axis-titles.js';
import type { ChartPoint, PreparedChart } from './prepare-chart.js';

const MARK_NAMES = { line: 'Line chart', bar: 'Bar chart', scatter: 'Scatter plot', area: 'Area chart' };

/**
 * Alt text that says what the picture shows in words: what is plotted against what, each series'
 * span, its first and last value and its extremes with where they fall, and where the numbers are from.
 */
export function describeChart(chart: PreparedChart): string {
  const { spec } = chart;
  const xName = spec.x_title ?? spec.x;
  const yName = spec.y_title ?? spec.y;
  const parts: string[] = [];
  const title = spec.title ? ` titled "${spec.title}"` : '';
  const seriesPart = chart.series.length > 0 ? `, ${chart.series.length} series by ${spec.series}` : '';
  parts.push(
    `${MARK_NAMES[spec.mark]}${title} of ${yName} by ${xName}${seriesPart}, ${chart.points.length} points.`,
  );
  const groups =
    chart.series.length > 0
      ? chart.series.map((name) => ({ name, points: chart.points.filter((p) => p.series === name) }))
      : [{ name: undefined, points: chart.points }];
  // The unit is said once, after what is plotted, rather than beside every number; not at all when
  // the axis title names it already ("Deaths per 1,000 live births is in Deaths per 1,000 live births").
  const unitOf = (name: string, unit: string | undefined) =>
    unit !== undefined && !namesUnit(name, unit) ? [`${name} is in ${unit}.`] : [];
  parts.push(...unitOf(yName, chart.units?.y), ...unitOf(xName, chart.units?.x));
  for (const group of groups) parts.push(describeSeries(group.name, group.points, xName, yName));
  if (chart.skippedRows > 0) parts.push(`${chart.skippedRows} rows without a value were left out.`);
  parts.push(
    chart.citations.length === 1
      ? `Source: ${chart.citations[0]}`
      : `Sources: ${chart.citations.map((c, i) => `[${i + 1}] ${c}`).join(' ')}`,
  );
  return parts.join(' ');
}

function describeSeries(
  name: string | undefined,
  points: ChartPoint[],
  xName: string,
  yName: string,
): string {
  const sorted = [...points].sort((a, b) => compareX(a.x, b.x));
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  let low = first;
  let high = first;
  for (const point of sorted) {
    if (point.y < low.y) low = point;
    if (point.y > high.y) high = point;
  }
  const label = name === undefined ? '' : `${name}: `;
  const span =
    sorted.length === 1
      ? `one point at ${xName} ${first.x}, ${yName} ${format(first.y)}`
      : `${sorted.length} points, ${xName} ${first.x} to ${last.x}; ${yName} ${format(first.y)} at ${first.x} ` +
        `and ${format(last.y)} at ${last.x}; lowest ${format(low.y)} at ${low.x}, highest ${format(high.y)} at ${high.x}`;
  return `${label}${span}.`;
}

function compareX(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Six significant digits: enough to recognise a value, without float noise such as 0.30000000000000004. */
function format(value: number): string {
  return String(Number(value.toPrecision(6)));
}
