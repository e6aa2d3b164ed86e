import type { DuckDBConnection } from '@duckdb/node-api';
import pLimit from 'p-limit';
import type { Engine } from '../engine/create-engine.js';
import { toEngineError } from '../engine/engine-error.js';
import { lockEngine } from '../engine/lock-engine.js';
import { readColumns, readRowArrays } from '../engine/read-rows.js';
import { runLimited } from '../engine/run-limited.js';
import type { TableLimits } from '../engine/table-limits.js';
import { sqlIdentifier } from '../loading/sql-literal.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import type { NamedTable, QueryResult, RowArrayResult, TableFormat, TableSession } from '../table-session.js';
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
  init: { format: TableFormat; notes: string[]; limits: TableLimits; tables?: string[] },
): Promise<TableSession> {
  const { connection, instance } = engine;
  const names = init.tables ?? ['data'];
  const tables: NamedTable[] = [];
  for (const name of names) {
    const described = await connection.runAndReadAll(`SELECT * FROM ${sqlIdentifier(name)} LIMIT 0`);
    const counted = await connection.runAndReadAll(`SELECT count(*) FROM ${sqlIdentifier(name)}`);
    tables.push({ name, columns: readColumns(described), rowCount: Number(counted.getRows()[0]?.[0] ?? 0) });
  }
  await lockEngine(connection);
  // Opened after the lock, so every reader inherits the locked configuration.
  const pool = await connectionPool(engine, readConnections(init.limits));
  const allowed = new Set(names.map((name) => name.toLowerCase()));
  const single = tables.length === 1 && names[0] === 'data';
  // A query over several tables names a missing column's table in the hint.
  const columnNames = tables.flatMap((table) =>
    table.columns.map((column) => (single ? column.name : `${table.name}.${column.name}`)),
  );
  const first = tables[0] as NamedTable;
  let closed = false;

  const execute = (sql: (reader: DuckDBConnection) => Promise<string>, limit: number, signal?: AbortSignal) =>
    pool.run(async (reader): Promise<RowArrayResult> => {
      if (closed) throw new Error('The table session is closed.');
      const text = await sql(reader);
      const timeoutMs = init.limits.queryTimeoutMs;
      const outcome = await runLimited(reader, text, { timeoutMs, signal });
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      if (!outcome.reader)
        throw toEngineError(outcome.error, {
          columns: columnNames,
          timedOut: outcome.timedOut,
          timeoutMs,
          ...(single ? {} : { columnsOf: 'The tables' }),
        });
      const resultColumns = readColumns(outcome.reader);
      const rows = readRowArrays(outcome.reader, resultColumns, limit);
      return { columns: resultColumns, rows, truncated: outcome.reader.currentRowCount > limit, sql: text };
    });
  const guarded = (sql: string, limit: number) => async (reader: DuckDBConnection) =>
    (await guardSql(reader, sql, { maxRows: limit, tables: allowed })).sql;
  const asRecords = (result: RowArrayResult): QueryResult => ({
    ...result,
    rows: result.rows.map((row) =>
      Object.fromEntries(result.columns.map((column, i) => [column.name, row[i]])),
    ),
  });

  return {
    columns: first.columns,
    rowCount: first.rowCount,
    ...(single ? {} : { tables }),
    format: init.format,
    notes: init.notes,
    query: async (sql, options) =>
      asRecords(await execute(guarded(sql, options.limit), options.limit, options.signal)),
    queryRowArrays: (sql, options) => execute(guarded(sql, options.limit), options.limit, options.signal),
    sample: async (n) => {
      const count = Math.max(0, Math.floor(n));
      return asRecords(
        await execute(async () => `SELECT * FROM ${sqlIdentifier(first.name)} LIMIT ${count}`, count),
      ).rows;
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
