import type { ServerExtension } from '@opendata-mcp/core/server';
import { closeOpenResults } from './open-results.js';
import { queryResultsTool } from './query-results-tool.js';

const INSTRUCTIONS =
  'Every answer with rows carries a result_id: this server keeps that table for a while (an hour by default). ' +
  'To combine answers, even from different backends, call query_results with a name for each result_id and one ' +
  'SQL SELECT over those names, rather than copying numbers from one answer into another. Its answer cites every ' +
  'source and has a result_id of its own. An expired id answers not_found: run the call that made it again.';

/**
 * The analysis tools, for `createOpenDataServer({ extensions: [analysisExtension] })`: SQL over the
 * results the server keeps. They read no backend, only what the server holds.
 */
export const analysisExtension: ServerExtension = {
  title: 'Analysis across answers',
  instructions: INSTRUCTIONS,
  tools: [queryResultsTool],
  close: closeOpenResults,
};
