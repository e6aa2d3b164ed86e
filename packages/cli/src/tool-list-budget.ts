/**
 * What the full tool list may cost a client in every session: 40 KB of JSON for the server with
 * every built-in backend. A test holds the list to it and `pnpm bench overhead` prints it per tool,
 * so that no new tool or description grows it unnoticed.
 */
export const TOOL_LIST_BUDGET_BYTES = 40 * 1024;
