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

/**
 * A row as one line of JSON, its values under positional keys (`c0`, `c1` …) that keep any column
 * name out of the reader's options: nested values as their JSON text, missing cells as null.
 */
function line(row: unknown[], width: number): string {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < width; i++) {
    const value = row[i] ?? null;
    record[`c${i}`] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return JSON.stringify(record);
}

function serialise(table: TableInput): SerialisedTable {
  const width = table.columns.length;
  return {
    name: table.name,
    columns: table.columns,
    rowCount: table.rows.length,
    lines: table.rows.map((row) => line(row, width)).join('\n'),
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
