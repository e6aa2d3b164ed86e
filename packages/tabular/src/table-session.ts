import type { ColumnInfo } from './engine/read-rows.js';

export type TableFormat = 'csv' | 'json' | 'parquet' | 'xlsx' | 'records' | 'tables';

/** One of several tables loaded side by side (`openTables`). */
export interface NamedTable {
  name: string;
  columns: ColumnInfo[];
  rowCount: number;
}

export interface QueryOptions {
  /** Rows to return at most; the query itself always covers the whole table. */
  limit: number;
  /** Rows of the answer to leave out at its start (a later page): only rows `offset` to `limit` are sent. */
  offset?: number;
  signal?: AbortSignal;
}

export interface QueryResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  /** True when the query produced more rows than `limit`. */
  truncated: boolean;
  /** The SQL that actually ran (printed by the engine from the checked parse tree). */
  sql: string;
  /** What bounding the answer did: which columns had values cut, and how long the longest was. */
  notes: string[];
}

/** A query's answer with rows as arrays in column order: lighter to build and to pass between processes. */
export interface RowArrayResult extends Omit<QueryResult, 'rows'> {
  rows: unknown[][];
}

/**
 * A query's answer ready to keep: every row (up to the limit) as the JSON text of one array of row
 * arrays, written by the engine, and the page the caller shows as values.
 */
export interface JsonRowsResult {
  columns: ColumnInfo[];
  /** Null when the rows take more than `maxKeptBytes`: they are not sent, and not to be kept. */
  rowsJson: string | null;
  rowCount: number;
  /** Rows `offset` to `offset + limit` of the page asked for, long values cut as `query` cuts them. */
  page: unknown[][];
  /** True when the query produced more rows than the limit. */
  truncated: boolean;
  sql: string;
  /** What bounding the page did (cut values), as `QueryResult.notes`. */
  notes: string[];
}

export interface JsonQueryOptions extends Omit<QueryOptions, 'offset'> {
  page: { offset: number; limit: number };
  /** Bytes of JSON the rows to keep may take; past it `rowsJson` is null. */
  maxKeptBytes: number;
}

/** What describes a loaded table, whichever process holds it. */
export interface TableDescription {
  /** Columns and rows of `data`, or of the first table when several are loaded. */
  columns: ColumnInfo[];
  rowCount: number;
  /** Every table, when several were loaded under their own names (`openTables`). */
  tables?: NamedTable[];
  format: TableFormat;
  /** What loading did: encoding, delimiter, skipped title rows, decimal commas, subtotal rows … */
  notes: string[];
}

export interface TableSession extends TableDescription {
  query(sql: string, options: QueryOptions): Promise<QueryResult>;
  /** The same guarded query, every row as JSON text to keep and one page as values: for long results. */
  queryJson(sql: string, options: JsonQueryOptions): Promise<JsonRowsResult>;
  sample(n: number): Promise<Record<string, unknown>[]>;
  /**
   * What the table checks found (rows entirely empty, padded key values, total and subtotal rows).
   * They scan the whole table, so they run on the first call, not while loading; later calls reuse it.
   */
  checkNotes(): Promise<string[]>;
  /**
   * False once the table is gone: closed, or its engine process stopped (a query ran past its
   * deadline or memory ceiling). A caller holding it in a cache loads the resource again.
   */
  isOpen(): boolean;
  close(): Promise<void>;
}
