/**
 * What the full tool list may cost a client in every session: 40 KB of JSON for the server with
 * every built-in backend. Output schemas are advertised by shape only to stay inside it.
 */
export const TOOL_LIST_BUDGET_BYTES = 40 * 1024;
