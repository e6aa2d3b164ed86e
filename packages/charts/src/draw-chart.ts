import { OpenDataError } from '@opendata-mcp/core';
import type { TopLevelSpec } from 'vega-lite';
import { checkAnswerBytes, checkDataBytes } from './answer-budget.js';
import { type ChartLimits, DEFAULT_CHART_LIMITS } from './chart-limits.js';
import { type ChartSpec, type ChartSpecInput, ChartSpecSchema } from './chart-spec.js';
import type { ChartTable } from './chart-table.js';
import { MAX_LABEL_CHARS } from './cut-labels.js';
import { describeChart } from './describe-chart.js';
import { loadRenderer } from './load-renderer.js';
import { pointColumns } from './point-columns.js';
import { type PreparedChart, prepareChart } from './prepare-chart.js';

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
  /** What was changed to draw the table: labels cut, for one. */
  notes: string[];
}

export interface DrawOptions {
  /** Aborts the drawing (the caller cancelled, or its own deadline passed); the renderer is killed. */
  signal?: AbortSignal;
}

/**
 * Draws a table as a PNG from a chart spec; refusals are `OpenDataError`s with a hint. The spec is
 * checked here, in time linear in the table; layout and drawing run in a renderer process under
 * `renderTimeoutMs` and the caller's signal.
 */
export async function drawChart(
  table: ChartTable,
  input: ChartSpecInput | ChartSpec,
  limits: Partial<ChartLimits> = {},
  options: DrawOptions = {},
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
  checkDataBytes(pointColumns(chart), caps.maxAnswerBytes);
  const altText = describeChart(chart);
  const { renderIsolated } = await loadRenderer();
  const rendered = await renderIsolated(chart, caps.maxImageSide, {
    deadlineMs: caps.renderTimeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  checkAnswerBytes(rendered.vegaLite, rendered.png, caps.maxAnswerBytes);
  return {
    png: rendered.png,
    width: rendered.width,
    height: rendered.height,
    vegaLite: rendered.vegaLite,
    altText,
    caption: chart.citations.map((c, i) => (chart.citations.length > 1 ? `[${i + 1}] ${c}` : c)).join('\n'),
    points: chart.points.length,
    series: chart.series,
    notes: notesOf(chart),
  };
}

function notesOf(chart: PreparedChart): string[] {
  if (chart.cutLabels === 0) return [];
  const one = chart.cutLabels === 1;
  return [
    `${chart.cutLabels} label${one ? ' was' : 's were'} longer than ${MAX_LABEL_CHARS} characters: ` +
      `${one ? 'it is' : 'they are'} drawn cut, ending in "…", in the picture, the spec and the alt text alike.`,
  ];
}
