import type { Engine } from '../engine/create-engine.js';
import { toEngineError } from '../engine/engine-error.js';
import { lockEngine } from '../engine/lock-engine.js';
import { readColumns, readRows } from '../engine/read-rows.js';
import { runLimited } from '../engine/run-limited.js';
import type { TableLimits } from '../engine/table-limits.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import type { QueryResult, TableFormat, TableSession } from '../table-session.js';

/** Runs statements one at a time: a DuckDB connection serves one query, and interrupts target it. */
function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const next = tail.then(task, task);
    tail = next.catch(() => undefined);
    return next;
  };
}

/**
 * Locks the engine (the table `data` must already be loaded) and wraps it in the session API.
 * This runs inside a table's engine process; the server talks to it through a remote session.
 */
export async function createLocalSession(
  engine: Engine,
  init: { format: TableFormat; notes: string[]; limits: TableLimits },
): Promise<TableSession> {
  const { connection, instance } = engine;
  const described = await connection.runAndReadAll('SELECT * FROM data LIMIT 0');
  const columns = readColumns(described);
  const counted = await connection.runAndReadAll('SELECT count(*) FROM data');
  const rowCount = Number(counted.getRows()[0]?.[0] ?? 0);
  await lockEngine(connection);
  const enqueue = createQueue();
  const columnNames = columns.map((column) => column.name);
  let closed = false;

  const execute = (sql: () => Promise<string>, limit: number, signal?: AbortSignal) =>
    enqueue(async (): Promise<QueryResult> => {
      if (closed) throw new Error('The table session is closed.');
      const text = await sql();
      const timeoutMs = init.limits.queryTimeoutMs;
      const outcome = await runLimited(connection, text, { timeoutMs, signal });
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      if (!outcome.reader)
        throw toEngineError(outcome.error, { columns: columnNames, timedOut: outcome.timedOut, timeoutMs });
      const resultColumns = readColumns(outcome.reader);
      const rows = readRows(outcome.reader, resultColumns, limit);
      return { columns: resultColumns, rows, truncated: outcome.reader.currentRowCount > limit, sql: text };
    });

  return {
    columns,
    rowCount,
    format: init.format,
    notes: init.notes,
    query: (sql, options) =>
      execute(
        async () => (await guardSql(connection, sql, { maxRows: options.limit })).sql,
        options.limit,
        options.signal,
      ),
    sample: async (n) => {
      const count = Math.max(0, Math.floor(n));
      return (await execute(async () => `SELECT * FROM data LIMIT ${count}`, count)).rows;
    },
    isOpen: () => !closed,
    close: () =>
      enqueue(async () => {
        if (closed) return;
        closed = true;
        connection.closeSync();
        instance.closeSync();
      }),
  };
}
