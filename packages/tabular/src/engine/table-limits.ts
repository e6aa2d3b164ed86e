/** Caps one table session runs under. */
export interface TableLimits {
  /** Rows the loaded table may hold; more is refused with `resource_too_large`, never truncated. */
  maxRows: number;
  /** DuckDB memory limit for loading and querying, in bytes. */
  memoryBytes: number;
  /** Wall-clock limit for one query, in ms; the connection is interrupted when it passes. */
  queryTimeoutMs: number;
  /**
   * The largest file the caller downloads (default: the core default). A compressed workbook may
   * unpack to a small multiple of it, never past an absolute cap.
   */
  maxDownloadBytes?: number;
  /**
   * Hard ceiling on the resident memory of the table's engine process, in bytes (default:
   * `memoryBytes` + 512 MiB). Crossing it kills the process: DuckDB's own limit does not bound
   * every allocation (string building, for one).
   */
  processMemoryBytes?: number;
  /** Wall-clock limit for loading one resource, in ms (default 120 s); past it the load is killed. */
  loadTimeoutMs?: number;
  /** Queries on one table that run at once, each on its own connection (default 4). */
  readConnections?: number;
  /** DuckDB worker threads (default 2: several sessions may share one machine). */
  threads?: number;
  /**
   * Largest answer a query gives, in bytes of JSON (default 3 MiB). Cells longer than 2,000
   * characters are cut first (the answer says which); an answer still larger is refused with
   * `resource_too_large`, in the engine process, before anything is sent to the server.
   */
  maxAnswerBytes?: number;
  /** Engine processes this server runs at once, whichever tables they hold (default 4). */
  maxEngines?: number;
  /** The sum of the memory ceilings of this server's engine processes, in bytes (default 6 GiB). */
  maxEngineMemoryBytes?: number;
}
