export { analysisExtension } from './analysis-extension.js';
export { isPeriodColumn, periodStart } from './period-start.js';
export { MAX_KEPT_ROWS, queryResultsTool } from './query-results-tool.js';
export { type ResultTable, resultTable } from './result-table.js';
export { resultsDemoJourney } from './results-demo-journey.js';
