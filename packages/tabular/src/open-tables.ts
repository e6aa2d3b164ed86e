import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TableLimits } from './engine/table-limits.js';
import type { DerivedColumns } from './local/derived-columns.js';
import type { SerialisedTable, TableColumn } from './local/open-local-tables.js';
import type { TableSession } from './table-session.js';
import { openInEngine } from './worker/open-in-engine.js';

export type { DerivedColumns, TableColumn };

/** One table to load under its own name: typed columns and rows of JSON values in column order. */
export type TableInput = {
  name: string;
  columns: TableColumn[];
  /** Columns to add beside these (labels of codes, period starts). */
  derive?: DerivedColumns;
} & (
  | { rows: unknown[][] }
  /** The rows already as UTF-8 JSON text: one array of row arrays (as results are kept). */
  | { rowsJson: Uint8Array; rowCount: number }
);

export interface OpenTablesInput {
  /** Tables to load, each under its own name (an identifier the caller has checked). */
  tables: TableInput[];
  /** `maxRows` bounds the rows of all tables together. */
  limits: TableLimits;
  signal?: AbortSignal;
}

/** Writes a table's rows where its engine process reads them. */
async function serialise(table: TableInput, path: string): Promise<SerialisedTable> {
  const rowCount = 'rows' in table ? table.rows.length : table.rowCount;
  await writeFile(path, 'rows' in table ? JSON.stringify(table.rows) : table.rowsJson);
  return {
    name: table.name,
    columns: table.columns,
    rowCount,
    path,
    ...(table.derive ? { derive: table.derive } : {}),
  };
}

/**
 * Loads several typed tables side by side into a fresh engine process and locks it like
 * `openTable`. The session's guarded queries may read these tables (and their own CTEs), nothing else;
 * `session.tables` describes each, derived columns last.
 */
export async function openTables(input: OpenTablesInput): Promise<TableSession> {
  const dir = await mkdtemp(join(tmpdir(), 'opendata-tables-'));
  try {
    const tables = await Promise.all(
      input.tables.map((table, index) => serialise(table, join(dir, `table-${index}.json`))),
    );
    return await openInEngine(
      input.limits,
      { op: 'open_tables', tables, limits: input.limits },
      { signal: input.signal },
    );
  } finally {
    // The engine has read the files (or given up) by now; the tables live in its memory.
    await rm(dir, { recursive: true, force: true });
  }
}
