import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api';
import { OpenDataError } from '@opendata-mcp/core/errors';
import { loadDuckDb } from './load-duckdb.js';

export interface RunLimitedOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface RunLimitedResult {
  reader?: DuckDBResultReader;
  error?: unknown;
  timedOut: boolean;
}

/**
 * DuckDB's own parser decides what runs, so it also checks the guard's output: exactly one
 * statement, and a SELECT. A disagreement between the two parsers cannot stack a second statement.
 */
async function prepareSingleSelect(connection: DuckDBConnection, sql: string) {
  const { StatementType } = await loadDuckDb();
  const statements = await connection.extractStatements(sql);
  const prepared = statements.count === 1 ? await statements.prepare(0) : null;
  if (!prepared || prepared.statementType !== StatementType.SELECT) {
    prepared?.destroySync();
    throw new OpenDataError('unsafe_sql', 'The engine did not see exactly one SELECT statement.', {
      hint: 'Write one read-only SELECT over the table `data`.',
    });
  }
  return prepared;
}

/**
 * Runs one statement and interrupts the connection when the time is up or the caller aborts.
 * The interrupt makes DuckDB stop between vectors, so even a runaway query returns promptly.
 */
export async function runLimited(
  connection: DuckDBConnection,
  sql: string,
  options: RunLimitedOptions,
): Promise<RunLimitedResult> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    connection.interrupt();
  }, options.timeoutMs);
  const onAbort = () => connection.interrupt();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const prepared = await prepareSingleSelect(connection, sql);
    try {
      return { reader: await prepared.runAndReadAll(), timedOut };
    } finally {
      // Freed now, not when V8 next collects: its native memory counts against DuckDB's limit.
      prepared.destroySync();
    }
  } catch (error) {
    return { error, timedOut };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
