import { OpenDataError } from '@opendata-mcp/core';
import type { TopLevelSpec } from 'vega-lite';
import { type ChartLimits, DEFAULT_CHART_LIMITS } from './chart-limits.js';
import { type ChartSpec, type ChartSpecInput, ChartSpecSchema } from './chart-spec.js';
import type { ChartTable } from './chart-table.js';
import { describeChart } from './describe-chart.js';
import { loadRenderer } from './load-renderer.js';
import { prepareChart } from './prepare-chart.js';

/** A drawn chart: the picture, the spec that draws it again, and words for those who cannot see it. */
export interface DrawnChart {
  png: Uint8Array;
  width: number;
  height: number;
  vegaLite: TopLevelSpec;
  altText: string;
  /** The sources, one line each, as drawn under the chart. */
  caption: string;
  points: number;
  series: string[];
}

/** Draws a table as a PNG from a chart spec; refusals are `OpenDataError`s with a hint. */
export async function drawChart(
  table: ChartTable,
  input: ChartSpecInput | ChartSpec,
  limits: Partial<ChartLimits> = {},
): Promise<DrawnChart> {
  const caps = { ...DEFAULT_CHART_LIMITS, ...limits };
  const parsed = ChartSpecSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OpenDataError(
      'invalid_input',
      `The chart spec is not valid: ${issue?.path.join('.') || 'spec'}: ${issue?.message}.`,
      {
        hint: 'A spec is { "mark": "line" | "bar" | "scatter" | "area", "x": "<column>", "y": "<column>", "series"?: "<column>", "title"?: "…" }.',
      },
    );
  }
  if (table.citations.length === 0) {
    throw new OpenDataError('invalid_input', 'A chart needs the citation of at least one source.', {
      hint: 'Pass the citation lines of the answers the table was built from.',
    });
  }
  const chart = prepareChart(table, parsed.data, caps);
  const altText = describeChart(chart);
  const { toVegaLite, renderPng } = await loadRenderer();
  const vegaLite = toVegaLite(chart);
  const rendered = await renderPng(vegaLite, caps.maxImageSide);
  return {
    png: rendered.png,
    width: rendered.width,
    height: rendered.height,
    vegaLite,
    altText,
    caption: chart.citations.map((c, i) => (chart.citations.length > 1 ? `[${i + 1}] ${c}` : c)).join('\n'),
    points: chart.points.length,
    series: chart.series,
  };
}
