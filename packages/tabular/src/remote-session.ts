import type { TableLimits } from './engine/table-limits.js';
import type { JsonRowsResult, QueryResult, TableDescription, TableSession } from './table-session.js';
import { loadDeadline } from './worker/engine-limits.js';
import type { EngineProcess } from './worker/engine-process.js';

/** Time a query gets past its own timeout to be interrupted by DuckDB before its process is killed. */
const QUERY_GRACE_MS = 1_500;

/** The server's view of a table loaded in an engine process. */
export function remoteSession(
  engine: EngineProcess,
  description: TableDescription,
  limits: TableLimits,
): TableSession {
  const bounds = {
    phase: 'query' as const,
    deadlineMs: limits.queryTimeoutMs + QUERY_GRACE_MS,
    statedLimitMs: limits.queryTimeoutMs,
  };
  let checked: Promise<string[]> | undefined;
  return {
    ...description,
    query: (sql, options) =>
      engine.request<QueryResult>(
        { op: 'query', sql, limit: options.limit, ...(options.offset ? { offset: options.offset } : {}) },
        { ...bounds, ...(options.signal ? { signal: options.signal } : {}) },
      ),
    queryJson: (sql, options) =>
      engine.request<JsonRowsResult>(
        {
          op: 'query_json',
          sql,
          limit: options.limit,
          page: options.page,
          maxKeptBytes: options.maxKeptBytes,
        },
        { ...bounds, ...(options.signal ? { signal: options.signal } : {}) },
      ),
    sample: (n) => engine.request<Record<string, unknown>[]>({ op: 'sample', n }, bounds),
    checkNotes: () => {
      // Whole-table scans like the load's own, so they get the load's deadline.
      checked ??= engine.request<string[]>(
        { op: 'check_notes' },
        { phase: 'query', deadlineMs: loadDeadline(limits) },
      );
      // A failed check run is asked again next time rather than remembered.
      checked.catch(() => {
        checked = undefined;
      });
      return checked;
    },
    isOpen: () => engine.alive,
    close: () => engine.stop('closed'),
  };
}
