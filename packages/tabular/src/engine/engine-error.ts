import { isOpenDataError, OpenDataError, shorten } from '@opendata-mcp/core/errors';

export interface EngineErrorContext {
  /** Columns of `data`, named in the hint when the query used one that does not exist. */
  columns: readonly string[];
  /** Names what `columns` lists in the hint (default: the table `data`). */
  columnsOf?: string;
  /** True when our own timer interrupted the query. */
  timedOut: boolean;
  timeoutMs: number;
}

function listColumns(columns: readonly string[]): string {
  const shown = columns.slice(0, 40).map((name) => JSON.stringify(name));
  return columns.length > 40 ? `${shown.join(', ')} … (${columns.length} in all)` : shown.join(', ');
}

/** Maps a DuckDB failure to the shared error codes, keeping DuckDB's own words (shortened). */
export function toEngineError(error: unknown, context: EngineErrorContext): OpenDataError {
  if (isOpenDataError(error)) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const message = shorten(raw.split('\n')[0] ?? raw, 300);
  if (context.timedOut || /^INTERRUPT Error/i.test(raw)) {
    return new OpenDataError(
      'query_timeout',
      `The query ran longer than ${context.timeoutMs} ms and was stopped.`,
      {
        hint: 'Simplify the query: aggregate instead of listing, avoid joining `data` with itself without a condition.',
      },
    );
  }
  if (/^Out of Memory Error/i.test(raw)) {
    return new OpenDataError('resource_too_large', `The query needed more memory than allowed: ${message}`, {
      hint: 'Aggregate or filter earlier, select fewer columns, and avoid building very large strings or lists.',
    });
  }
  const missingColumn = /Referenced column|column .* not found|does not have a column/i.test(raw);
  return new OpenDataError('query_error', `The query failed in the engine: ${message}`, {
    hint: missingColumn
      ? `${context.columnsOf ?? 'The table `data`'} has these columns (double-quote names with spaces or non-Latin letters): ${listColumns(context.columns)}.`
      : 'Fix the SQL and try again; get the column names and types from the schema first.',
    details: missingColumn ? { columns: [...context.columns] } : undefined,
  });
}
