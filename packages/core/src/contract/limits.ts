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
  /**
   * Largest tool answer, in bytes of its JSON envelope. The query engine cuts long cells and refuses
   * a larger answer (`resource_too_large`) before it leaves the engine; the server refuses any other
   * tool's larger answer before sending it. One message carries the answer twice (structured content
   * and its text mirror, where quotes and backslashes count twice), so the default 3 MiB keeps a
   * message under the 10 MiB the official MCP clients accept.
   */
  maxAnswerBytes: number;
  /**
   * Query engine processes (one per loaded table) alive at once in this server. A load past it
   * unloads the least recently used idle table, or waits for one to become idle.
   */
  maxEngines: number;
  /**
   * The sum of the memory ceilings of the live engine processes, in bytes (each ceiling is
   * `maxQueryMemoryBytes` plus 512 MiB). A load past it unloads or waits as for `maxEngines`.
   */
  maxEngineMemoryBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxDownloadBytes: 200 * 1024 * 1024,
  maxResponseBytes: 20 * 1024 * 1024,
  maxRows: 5_000_000,
  maxQueryMemoryBytes: 1024 * 1024 * 1024,
  queryTimeoutMs: 30_000,
  requestTimeoutMs: 30_000,
  callDeadlineMs: 120_000,
  maxAnswerBytes: 3 * 1024 * 1024,
  maxEngines: 4,
  // Four engines at the default ceiling (1 GiB for DuckDB plus 512 MiB): fixed, not read from the machine.
  maxEngineMemoryBytes: 6 * 1024 * 1024 * 1024,
};
