import { OpenDataError } from '@opendata-mcp/core/errors';

/** Why the server ended an engine process, or `crashed` when it ended by itself. */
export type StopReason = 'deadline' | 'memory' | 'closed' | 'evicted' | 'crashed';

/** Loading a resource, or running a query on a loaded one: the same stop reads differently. */
export type Phase = 'load' | 'query';

export interface StopContext {
  reason: StopReason;
  phase: Phase;
  ceilingBytes: number;
  deadlineMs: number;
  /** How the process ended (`SIGSEGV`, `exit 134` …), for the crash message. */
  exit: string;
}

const MIB = 1024 * 1024;
const RELOADS = 'The server is unaffected; the next call loads the table again.';

/** The error a caller sees when the engine process running its request is gone. */
export function stopError(context: StopContext): OpenDataError {
  const ceiling = `${Math.round(context.ceilingBytes / MIB)} MiB`;
  const loading = context.phase === 'load';
  switch (context.reason) {
    case 'memory':
      return new OpenDataError(
        'resource_too_large',
        loading
          ? `Loading the resource needed more than the query engine's memory ceiling (${ceiling}) and was stopped.`
          : `The query needed more than the query engine's memory ceiling (${ceiling}) and was stopped. ${RELOADS}`,
        {
          hint: loading
            ? 'Pick a smaller resource or a filtered extract of it; the ceiling is set by the server operator.'
            : 'Aggregate or filter earlier, select fewer columns, and avoid building very large strings or lists.',
          details: { memory_ceiling_bytes: context.ceilingBytes },
        },
      );
    case 'deadline':
      return new OpenDataError(
        'query_timeout',
        loading
          ? `Loading the resource took longer than ${context.deadlineMs} ms and was stopped.`
          : `The query ran longer than ${context.deadlineMs} ms and was stopped. ${RELOADS}`,
        {
          hint: loading
            ? 'The resource is too costly to load; pick a smaller or simpler one (CSV loads fastest).'
            : 'Simplify the query: aggregate instead of listing, avoid costly string functions on long values and joins without a condition.',
        },
      );
    case 'closed':
    case 'evicted':
      return new OpenDataError(
        'query_error',
        context.reason === 'evicted'
          ? 'The table was unloaded before this request ran: the server needed its query engine for another table.'
          : 'The table was unloaded before this request ran (another query on it passed its limits, or the server is closing it).',
        { hint: 'Run the same call again: the resource is loaded afresh.', retryable: true },
      );
    case 'crashed':
      return loading
        ? new OpenDataError(
            'unsupported_resource',
            `The resource could not be loaded: it stopped the query engine (${context.exit}). The server is unaffected.`,
            { hint: 'Pick another resource of the dataset (a CSV if there is one).' },
          )
        : new OpenDataError(
            'query_error',
            `The query stopped the query engine (${context.exit}). ${RELOADS}`,
            { hint: 'Rewrite the query in a simpler form; run the call again only after changing it.' },
          );
  }
}
