import type { Cell } from '../envelope/columnar-table.js';
import type { Provenance } from '../envelope/provenance.js';

/** A column of a kept table with its DuckDB type name (`BIGINT`, `DOUBLE`, `VARCHAR`, `DATE` …). */
export interface KeptColumn {
  name: string;
  type: string;
}

/** A typed table: every column (fixed ones included), rows in column order, labels of codes by column. */
export interface KeptTable {
  columns: KeptColumn[];
  rows: Cell[][];
  labels: Record<string, Record<string, string>>;
}

/** One source a kept table was read from, with the line that credits it. */
export interface KeptSource {
  citation: string;
  source: Provenance;
}

/** The call that made a kept result, so an expired id can say what to run again. */
export interface KeptCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** What a kept result holds: the table, where its numbers come from, and the call that made it. */
export interface KeptResult {
  result_id: string;
  call: KeptCall;
  created_at: string;
  expires_at: string;
  table: KeptTable;
  sources: KeptSource[];
}

/**
 * A table as tools answer it: the columnar form of `toColumnarTable` (names, rows, `fixed`, `labels`)
 * or the SQL form of `query_resource` (columns as `{ name, type }` with DuckDB types).
 */
export interface KeepableTable {
  columns: Array<string | KeptColumn>;
  rows: unknown[][];
  fixed?: Record<string, unknown>;
  labels?: Record<string, Record<string, string>>;
}
