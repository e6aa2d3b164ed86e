import type { TopLevelSpec } from 'vega-lite';
import { axisTitles } from './axis-titles.js';
import { CHART_FONT_FAMILY } from './chart-font.js';
import { drawableText } from './drawable-text.js';
import { pointColumns } from './point-columns.js';
import type { PreparedChart } from './prepare-chart.js';
import { VEGA_LITE_SCHEMA_URL } from './vega-lite-schema.js';
import { captionLines } from './wrap-caption.js';

const CAPTION_FONT_SIZE = 10;

/**
 * The Vega-Lite spec of a prepared chart. The caption is the title of an outer one-view column, set
 * below it, so the chart keeps its own title above and the sources travel inside the spec itself.
 */
export function toVegaLite(chart: PreparedChart): TopLevelSpec {
  const { spec } = chart;
  const hasSeries = chart.series.length > 0;
  // Titles are the caller's text, drawn as given but for control characters.
  const titles = axisTitles(chart);
  const xTitle = drawableText(titles.x);
  const yTitle = drawableText(titles.y);
  const seriesTitle = spec.series === undefined ? undefined : drawableText(spec.series);
  const xType = xEncodingType(chart);
  const distinctX = new Set(chart.points.map((point) => point.x));
  const longestX = Math.max(...[...distinctX].map((x) => String(x).length));
  const labelsFitFlat = distinctX.size * (longestX * 7 + 8) <= spec.width;
  const integersOnly = chart.points.every((point) => Number.isInteger(point.x));

  const x = {
    field: 'x',
    type: xType,
    title: xTitle,
    ...(xType === 'quantitative' ? { scale: { zero: false } } : {}),
    axis: {
      ...(xType === 'ordinal' ? { labelAngle: labelsFitFlat ? 0 : -45 } : {}),
      // Years held as numbers read as 2015, not 2,015.
      ...(xType === 'quantitative' && integersOnly ? { format: 'd' } : {}),
    },
  };
  const y = {
    field: 'y',
    type: 'quantitative' as const,
    title: yTitle,
    ...(spec.mark === 'scatter' ? { scale: { zero: false } } : {}),
  };
  const series = hasSeries
    ? { field: 'series', type: 'nominal' as const, title: seriesTitle, sort: chart.series }
    : undefined;
  const tooltip = [
    { field: 'x', type: xType, title: xTitle },
    { field: 'y', type: 'quantitative' as const, title: yTitle },
    ...(series ? [{ field: 'series', type: 'nominal' as const, title: seriesTitle }] : []),
  ];

  return {
    $schema: VEGA_LITE_SCHEMA_URL,
    background: 'white',
    padding: 12,
    config: {
      font: CHART_FONT_FAMILY,
      title: { fontSize: 15 },
      axis: { labelFontSize: 11, titleFontSize: 12 },
      legend: { labelFontSize: 11, titleFontSize: 12 },
    },
    title: {
      // No wider than the plotting area, so the caption never widens the picture.
      text: captionLines(chart.citations.map(drawableText), spec.width, CAPTION_FONT_SIZE),
      orient: 'bottom',
      anchor: 'start',
      fontSize: CAPTION_FONT_SIZE,
      fontWeight: 'normal',
      color: '#444444',
      offset: 14,
    },
    // One record of columns, flattened into a row per point by the view. (Inline CSV would be
    // smaller still, but Vega parses CSV with generated code, which the MCP Apps page's policy
    // forbids.)
    data: { values: [pointColumns(chart)] },
    vconcat: [
      {
        ...(spec.title ? { title: drawableText(spec.title) } : {}),
        transform: [{ flatten: hasSeries ? ['x', 'y', 'series'] : ['x', 'y'] }],
        width: spec.width,
        height: spec.height,
        mark: markOf(chart),
        encoding: {
          x,
          y,
          ...(series ? { color: series } : {}),
          ...(series && spec.mark === 'bar' ? { xOffset: { field: 'series', sort: chart.series } } : {}),
          tooltip,
        },
      },
    ],
  } as TopLevelSpec;
}

function xEncodingType(chart: PreparedChart): 'quantitative' | 'temporal' | 'ordinal' {
  // Bars stand on bands, one per x value, whatever x holds.
  if (chart.spec.mark === 'bar') return 'ordinal';
  if (chart.xKind === 'number') return 'quantitative';
  if (chart.xKind === 'date') return 'temporal';
  return 'ordinal';
}

function markOf(chart: PreparedChart) {
  switch (chart.spec.mark) {
    case 'line':
      // Dots on the line while they can still be told apart: a reader sees where the observations are.
      return { type: 'line' as const, point: chart.points.length <= 80 };
    case 'bar':
      return { type: 'bar' as const };
    case 'scatter':
      return { type: 'point' as const, filled: true, size: 40 };
    case 'area':
      return { type: 'area' as const, line: true, opacity: 0.7 };
  }
}
