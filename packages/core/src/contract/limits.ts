/** Caps in force for one server; adapters read them from `ctx.limits`. */
export interface Limits {
  /** Largest resource a tool may download, in bytes. */
  maxDownloadBytes: number;
  /** Largest in-memory response (API answers, SPARQL results), in bytes. */
  maxResponseBytes: number;
  /** Rows a tabular resource may hold once loaded. */
  maxRows: number;
  /** Query engine memory limit, in bytes. */
  maxQueryMemoryBytes: number;
  /** Wall-clock limit for one query, in ms. */
  queryTimeoutMs: number;
  /** Per-attempt HTTP timeout, in ms. */
  requestTimeoutMs: number;
  /** Total deadline of one tool call's upstream work, in ms. */
  callDeadlineMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxDownloadBytes: 200 * 1024 * 1024,
  maxResponseBytes: 20 * 1024 * 1024,
  maxRows: 5_000_000,
  maxQueryMemoryBytes: 1024 * 1024 * 1024,
  queryTimeoutMs: 30_000,
  requestTimeoutMs: 30_000,
  callDeadlineMs: 120_000,
};
