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
  /** DuckDB worker threads (default 2: several sessions may share one machine). */
  threads?: number;
}
