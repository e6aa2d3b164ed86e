import type { Cell } from '../envelope/columnar-table.js';
import type { Provenance } from '../envelope/provenance.js';

/** A column of a kept table with its DuckDB type name (`BIGINT`, `DOUBLE`, `VARCHAR`, `DATE` …). */
export interface KeptColumn {
  name: string;
  type: string;
}

/**
 * A typed table: every column (fixed ones included), rows in column order, labels of codes by column,
 * and the unit of each column whose source states one (`UnitsSchema`). Results kept before units
 * were kept have none; a reader treats a missing `units` as empty.
 */
export interface KeptTable {
  columns: KeptColumn[];
  rows: Cell[][];
  labels: Record<string, Record<string, string>>;
  units?: Record<string, string>;
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

/** A kept result without its rows: what a reader needs to load the rows it holds as text. */
export interface KeptResultHead extends Omit<KeptResult, 'table'> {
  table: Omit<KeptTable, 'rows'> & { row_count: number };
}

/**
 * A kept result as it is stored: its head, and its rows as UTF-8 JSON text, an array of row arrays
 * in column order. A reader that hands the rows on (to an engine that reads JSON) never parses them.
 */
export interface SerialisedKeptResult {
  head: KeptResultHead;
  rowsJson: Uint8Array;
}

/**
 * A typed table whose rows are already JSON text (an array of row arrays, cells as `toKeptTable`
 * makes them), as an engine writes a query's result: kept as it is, without a parse.
 */
export interface SerialisedKeepableTable {
  columns: KeptColumn[];
  rowsJson: string;
  rowCount: number;
  labels?: Record<string, Record<string, string>>;
  units?: Record<string, string>;
}

/**
 * A table as tools answer it: the columnar form of `toColumnarTable` (names, rows, `fixed`, `labels`)
 * or the SQL form of `query_resource` (columns as `{ name, type }` with DuckDB types), with `units`
 * when the source states what a column measures.
 */
export interface KeepableTable {
  columns: Array<string | KeptColumn>;
  rows: unknown[][];
  fixed?: Record<string, unknown>;
  labels?: Record<string, Record<string, string>>;
  units?: Record<string, string>;
}
