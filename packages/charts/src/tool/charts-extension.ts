import type { ServerExtension } from '@opendata-mcp/core/server';
import { chartAppResource } from '../app/chart-app-resource.js';
import type { ChartLimits } from '../chart-limits.js';
import { createDrawChartTool } from './draw-chart-tool.js';

const INSTRUCTIONS =
  'To show numbers as a picture, call draw_chart with a result_id (or results and sql, as for query_results), ' +
  'a mark (line, bar, scatter, area) and the columns for x, y and optionally series. It answers with a PNG, ' +
  'the Vega-Lite spec, alt text and the sources as caption: quote the caption with the chart.';

/** draw_chart and its MCP Apps page with other caps on points, series and image size. */
export function createChartsExtension(limits: Partial<ChartLimits> = {}): ServerExtension {
  return {
    title: 'Charts of kept results',
    instructions: INSTRUCTIONS,
    tools: [createDrawChartTool(limits)],
    resources: [chartAppResource],
  };
}

/** draw_chart and its MCP Apps page: `createOpenDataServer({ extensions: [analysisExtension, chartsExtension] })`. */
export const chartsExtension: ServerExtension = createChartsExtension();
