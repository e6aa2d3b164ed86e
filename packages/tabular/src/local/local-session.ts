import type { DuckDBConnection } from '@duckdb/node-api';
import pLimit from 'p-limit';
import type { Engine } from '../engine/create-engine.js';
import { toEngineError } from '../engine/engine-error.js';
import { lockEngine } from '../engine/lock-engine.js';
import { readColumns, readRows } from '../engine/read-rows.js';
import { runLimited } from '../engine/run-limited.js';
import type { TableLimits } from '../engine/table-limits.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import type { QueryResult, TableFormat, TableSession } from '../table-session.js';
import { readConnections } from '../worker/engine-limits.js';

/**
 * A fixed set of connections to the locked database. The limiter never starts more tasks than
 * there are connections, so a started task always finds one free.
 */
async function connectionPool(engine: Engine, size: number) {
  const free: DuckDBConnection[] = [];
  for (let i = 0; i < size; i++) free.push(await engine.instance.connect());
  const all = [...free];
  const limit = pLimit(size);
  return {
    run<T>(task: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
      return limit(async () => {
        const connection = free.pop() as DuckDBConnection;
        try {
          return await task(connection);
        } finally {
          free.push(connection);
        }
      });
    },
    closeAll(): void {
      limit.clearQueue();
      for (const connection of all) connection.closeSync();
    },
  };
}

/**
 * Locks the engine (the table `data` must already be loaded) and wraps it in the session API.
 * This runs inside a table's engine process; the server talks to it through a remote session.
 */
export async function createLocalSession(
  engine: Engine,
  init: {
    format: TableFormat;
    notes: string[];
    limits: TableLimits;
    /** Read-only checks of the table, run on a reader connection when their notes are first asked for. */
    describe?: (connection: DuckDBConnection) => Promise<string[]>;
  },
): Promise<TableSession> {
  const { connection, instance } = engine;
  const described = await connection.runAndReadAll('SELECT * FROM data LIMIT 0');
  const columns = readColumns(described);
  const counted = await connection.runAndReadAll('SELECT count(*) FROM data');
  const rowCount = Number(counted.getRows()[0]?.[0] ?? 0);
  await lockEngine(connection);
  // Opened after the lock, so every reader inherits the locked configuration.
  const pool = await connectionPool(engine, readConnections(init.limits));
  const columnNames = columns.map((column) => column.name);
  let closed = false;
  let checked: Promise<string[]> | undefined;

  const execute = (sql: (reader: DuckDBConnection) => Promise<string>, limit: number, signal?: AbortSignal) =>
    pool.run(async (reader): Promise<QueryResult> => {
      if (closed) throw new Error('The table session is closed.');
      const text = await sql(reader);
      const timeoutMs = init.limits.queryTimeoutMs;
      const outcome = await runLimited(reader, text, { timeoutMs, signal });
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
        async (reader) => (await guardSql(reader, sql, { maxRows: options.limit })).sql,
        options.limit,
        options.signal,
      ),
    sample: async (n) => {
      const count = Math.max(0, Math.floor(n));
      return (await execute(async () => `SELECT * FROM data LIMIT ${count}`, count)).rows;
    },
    checkNotes: () => {
      const describe = init.describe;
      if (!describe) return Promise.resolve([]);
      checked ??= pool.run((reader) => describe(reader));
      return checked;
    },
    isOpen: () => !closed,
    close: async () => {
      if (closed) return;
      closed = true;
      pool.closeAll();
      connection.closeSync();
      instance.closeSync();
    },
  };
}
