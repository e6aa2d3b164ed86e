/**
 * What the full tool list may cost a client in every session. The goal is 40 KB of JSON for the
 * server with every built-in backend; `pnpm bench overhead` reports against it. The test holds a
 * ceiling above it so that the list cannot grow unnoticed: with the analysis tools and the nine SDMX
 * tools the list outgrew the goal, and what is left to cut is mostly the descriptions agents read.
 */
export const TOOL_LIST_BUDGET_BYTES = 40 * 1024;

/** The regression ceiling the test enforces until the goal above is met again. */
export const TOOL_LIST_CEILING_BYTES = 64 * 1024;
