/**
 * What the full tool list may cost a client in every session: 41 KB of JSON for the server with
 * every built-in backend (40 KB until resolve_place joined the server's own tools). A test holds the
 * list to it and `pnpm bench overhead` prints it per tool, so that no new tool or description grows
 * it unnoticed.
 */
export const TOOL_LIST_BUDGET_BYTES = 41 * 1024;
