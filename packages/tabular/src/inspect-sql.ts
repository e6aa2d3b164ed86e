import { isOpenDataError, OpenDataError } from '@opendata-mcp/core/errors';
import { parse } from 'lossless-json';
import type { ParsedStatement } from './sql-guard/engine-parse.js';
import { startEngine, warmEngine } from './worker/engine-pool.js';
import type { EngineProcess } from './worker/engine-process.js';
import { type InspectReply, PARSER_LIMITS } from './worker/inspect-here.js';

export type { ParsedStatement };

export interface InspectSqlOptions {
  /** Wall-clock bound of the parse; past it the parsing process is killed. */
  deadlineMs: number;
  signal?: AbortSignal | undefined;
  /** Largest tree, as JSON text, worth sending back (default 64 KiB); a larger one comes back as null. */
  maxTreeChars?: number;
}

export interface InspectedSql {
  /** DuckDB's tree (`json_serialize_sql`) of the one statement, numbers exact; null when over the size asked. */
  statement: ParsedStatement | null;
}

const DEFAULT_MAX_TREE_CHARS = 64 * 1024;

let inspector: EngineProcess | undefined;
let starting: Promise<EngineProcess> | undefined;

/**
 * The parsing process, booted before any parse is timed: the deadline bounds the parse of the
 * model's text, not how long a busy machine takes to start Node and DuckDB.
 */
function parserProcess(): Promise<EngineProcess> {
  if (inspector?.alive) return Promise.resolve(inspector);
  starting ??= warmEngine()
    .then(async () => {
      // The parser counts against the server's engine budget like any table's process.
      inspector = await startEngine(PARSER_LIMITS);
      // The spare just taken is replaced now: a parse costs little, and the table it is about is loaded next.
      void warmEngine();
      return inspector;
    })
    .finally(() => {
      starting = undefined;
    });
  return starting;
}

/** The parsing process once booted, or the caller's abort reason if it gives up first. */
async function bootedParser(signal: AbortSignal | undefined): Promise<EngineProcess> {
  if (!signal) return parserProcess();
  signal.throwIfAborted();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([parserProcess(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The stop of the parsing process, told as what it was: reading SQL, with no table to reload. */
function parseStopped(deadlineMs: number, cause: unknown): OpenDataError {
  const code = isOpenDataError(cause) ? cause.code : 'query_error';
  const hint = 'Shorten the query: fewer, simpler expressions.';
  if (code === 'query_timeout') {
    return new OpenDataError(
      'query_timeout',
      `Reading the SQL took longer than ${deadlineMs} ms and was stopped. The server is unaffected.`,
      { hint, cause },
    );
  }
  if (code === 'resource_too_large') {
    return new OpenDataError(
      'resource_too_large',
      "Reading the SQL needed more than the parser's memory ceiling and was stopped. The server is unaffected.",
      { hint, cause },
    );
  }
  return new OpenDataError('query_error', 'The SQL stopped the parser. The server is unaffected.', {
    hint,
    cause,
  });
}

/**
 * Parses one model-written statement with DuckDB, in an engine process kept for parsing alone (the
 * spare at first, then reused), under the caller's deadline: the server's main thread never runs a
 * parser on model input. Refusals are the guard's own: `unsafe_sql` for anything but one SELECT,
 * `query_error` for text DuckDB cannot read. Nothing is executed.
 */
export async function inspectSql(sql: string, options: InspectSqlOptions): Promise<InspectedSql> {
  const engine = await bootedParser(options.signal);
  let reply: InspectReply;
  try {
    reply = await engine.request<InspectReply>(
      { op: 'inspect', sql, maxTreeChars: options.maxTreeChars ?? DEFAULT_MAX_TREE_CHARS },
      {
        phase: 'query',
        deadlineMs: options.deadlineMs,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
  } catch (error) {
    if (!engine.alive && !options.signal?.aborted) throw parseStopped(options.deadlineMs, error);
    throw error;
  }
  return { statement: reply.tree === null ? null : (parse(reply.tree) as ParsedStatement) };
}

/** Ends the parsing process (a server shutting down, a test cleaning up); the next inspection starts another. */
export async function stopSqlInspector(): Promise<void> {
  const engine = inspector;
  inspector = undefined;
  await engine?.stop('closed');
}
