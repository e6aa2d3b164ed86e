import type { TableLimits } from './engine/table-limits.js';
import type { TableColumn, TableInput } from './local/open-local-tables.js';
import type { TableSession } from './table-session.js';
import { openInEngine } from './worker/open-in-engine.js';

export type { TableColumn, TableInput };

export interface OpenTablesInput {
  /** Tables to load, each under its own name (an identifier the caller has checked). */
  tables: TableInput[];
  /** `maxRows` bounds the rows of all tables together. */
  limits: TableLimits;
  signal?: AbortSignal;
}

/**
 * Loads several typed tables side by side into a fresh engine process and locks it like
 * `openTable`. The session's guarded queries may read these tables (and their own CTEs), nothing else;
 * `session.tables` describes each.
 */
export function openTables(input: OpenTablesInput): Promise<TableSession> {
  return openInEngine(
    input.limits,
    { op: 'open_tables', tables: input.tables, limits: input.limits },
    { signal: input.signal },
  );
}
