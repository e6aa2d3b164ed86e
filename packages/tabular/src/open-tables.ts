import type { TableLimits } from './engine/table-limits.js';
import type { SerialisedTable, TableColumn } from './local/open-local-tables.js';
import type { TableSession } from './table-session.js';
import { openInEngine } from './worker/open-in-engine.js';

export type { TableColumn };

/** One table to load under its own name: typed columns and rows of JSON values in column order. */
export interface TableInput {
  name: string;
  columns: TableColumn[];
  rows: unknown[][];
}

export interface OpenTablesInput {
  /** Tables to load, each under its own name (an identifier the caller has checked). */
  tables: TableInput[];
  /** `maxRows` bounds the rows of all tables together. */
  limits: TableLimits;
  signal?: AbortSignal;
}

/** Each row as one line of JSON, the array itself: the engine reads cells by position. */
function serialise(table: TableInput): SerialisedTable {
  return {
    name: table.name,
    columns: table.columns,
    rowCount: table.rows.length,
    lines: table.rows.map((row) => JSON.stringify(row)).join('\n'),
  };
}

/**
 * Loads several typed tables side by side into a fresh engine process and locks it like
 * `openTable`. The session's guarded queries may read these tables (and their own CTEs), nothing else;
 * `session.tables` describes each.
 */
export function openTables(input: OpenTablesInput): Promise<TableSession> {
  return openInEngine(
    input.limits,
    { op: 'open_tables', tables: input.tables.map(serialise), limits: input.limits },
    { signal: input.signal },
  );
}
