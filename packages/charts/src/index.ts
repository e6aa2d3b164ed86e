export { CHART_APP_URI, chartAppResource } from './app/chart-app-resource.js';
export { type ChartLimits, DEFAULT_CHART_LIMITS } from './chart-limits.js';
export {
  CHART_MARKS,
  type ChartMark,
  type ChartSpec,
  type ChartSpecInput,
  ChartSpecSchema,
} from './chart-spec.js';
export { type ChartColumn, type ChartTable, type ColumnKind, columnKind } from './chart-table.js';
export { type DrawnChart, drawChart } from './draw-chart.js';
export { chartsExtension, createChartsExtension } from './tool/charts-extension.js';
export { createDrawChartTool } from './tool/draw-chart-tool.js';
export { VEGA_LITE_SCHEMA_URL } from './vega-lite-schema.js';
