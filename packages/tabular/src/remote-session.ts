import type { TableLimits } from './engine/table-limits.js';
import type { QueryResult, RowArrayResult, TableDescription, TableSession } from './table-session.js';
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
  return {
    ...description,
    query: (sql, options) =>
      engine.request<QueryResult>(
        { op: 'query', sql, limit: options.limit },
        { ...bounds, ...(options.signal ? { signal: options.signal } : {}) },
      ),
    queryRowArrays: (sql, options) =>
      engine.request<RowArrayResult>(
        { op: 'query', sql, limit: options.limit, arrays: true },
        { ...bounds, ...(options.signal ? { signal: options.signal } : {}) },
      ),
    sample: (n) => engine.request<Record<string, unknown>[]>({ op: 'sample', n }, bounds),
    isOpen: () => engine.alive,
    close: () => engine.stop('closed'),
  };
}
