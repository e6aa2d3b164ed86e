import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api';

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
    const reader = await connection.runAndReadAll(sql);
    return { reader, timedOut };
  } catch (error) {
    return { error, timedOut };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
