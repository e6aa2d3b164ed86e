export { isPeriodColumn, periodStart } from '@opendata-mcp/core/periods';
export { analysisExtension } from './analysis-extension.js';
export { MAX_KEPT_ROWS, queryResultsTool } from './query-results-tool.js';
export { resultTable } from './result-table.js';
export { resultsDemoJourney } from './results-demo-journey.js';
