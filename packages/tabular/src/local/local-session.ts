import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api';
import pLimit from 'p-limit';
import { boundRows, ENVELOPE_HEADROOM_BYTES } from '../engine/bound-answer.js';
import type { Engine } from '../engine/create-engine.js';
import { toEngineError } from '../engine/engine-error.js';
import { jsonRowsSql } from '../engine/json-rows.js';
import { lockEngine } from '../engine/lock-engine.js';
import { type ColumnInfo, preparedColumns, readColumns, readRowArrays } from '../engine/read-rows.js';
import { runLimited } from '../engine/run-limited.js';
import type { TableLimits } from '../engine/table-limits.js';
import { sqlIdentifier } from '../loading/sql-literal.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import type {
  JsonQueryOptions,
  JsonRowsResult,
  NamedTable,
  QueryResult,
  RowArrayResult,
  TableFormat,
  TableSession,
} from '../table-session.js';
import { answerBytes, readConnections } from '../worker/engine-limits.js';

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
    tables?: string[];
    /** Read-only checks of the table, run on a reader connection when their notes are first asked for. */
    describe?: (connection: DuckDBConnection) => Promise<string[]>;
  },
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
  let checked: Promise<string[]> | undefined;

  const timeoutMs = init.limits.queryTimeoutMs;
  const engineError = (error: unknown, timedOut: boolean) =>
    toEngineError(error, {
      columns: columnNames,
      timedOut,
      timeoutMs,
      ...(single ? {} : { columnsOf: 'The tables' }),
    });
  /**
   * Runs one statement on a free reader and hands its result to `read`, failures worded for the
   * agent. `statement` gives what runs and the SQL the answer shows (the guard's output).
   */
  const execute = <T>(
    statement: (reader: DuckDBConnection) => Promise<{ run: string; shown: string }>,
    read: (result: DuckDBResultReader, shown: string) => T,
    signal?: AbortSignal,
  ) =>
    pool.run(async (reader): Promise<T> => {
      if (closed) throw new Error('The table session is closed.');
      const { run, shown } = await statement(reader);
      const outcome = await runLimited(reader, run, { timeoutMs, signal });
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      if (!outcome.reader) throw engineError(outcome.error, outcome.timedOut);
      return read(outcome.reader, shown);
    });
  const guarded = async (reader: DuckDBConnection, sql: string, limit: number) =>
    (await guardSql(reader, sql, { maxRows: limit, tables: allowed })).sql;
  // Rows are held to the answer budget here, before they cross to the server.
  const statedBytes = answerBytes(init.limits);
  const rowBytes = Math.max(ENVELOPE_HEADROOM_BYTES, statedBytes - ENVELOPE_HEADROOM_BYTES);
  const readRows =
    (limit: number, offset = 0, markCuts = false) =>
    (result: DuckDBResultReader, shown: string): RowArrayResult => {
      const resultColumns = readColumns(result);
      const read = readRowArrays(result, resultColumns, limit).slice(offset);
      const { rows, notes } = boundRows(read, resultColumns, { maxBytes: rowBytes, statedBytes, markCuts });
      return { columns: resultColumns, rows, truncated: result.currentRowCount > limit, sql: shown, notes };
    };
  const queryJson = (sql: string, options: JsonQueryOptions): Promise<JsonRowsResult> => {
    let columns: ColumnInfo[] = [];
    return execute(
      async (reader) => {
        const text = await guarded(reader, sql, options.limit);
        // The columns' types decide how each cell is written; preparing runs nothing.
        const prepared = await reader.prepare(text).catch((error: unknown) => {
          throw engineError(error, false);
        });
        columns = preparedColumns(prepared);
        prepared.destroySync();
        const shape = {
          limit: options.limit,
          offset: options.page.offset,
          pageLimit: options.page.limit,
          maxBytes: Math.max(0, Math.floor(options.maxKeptBytes)),
        };
        return { run: jsonRowsSql(text, columns, shape), shown: text };
      },
      (result, shown) => {
        const [count, rows, bytes, page] = (result.getRows()[0] ?? []) as [
          bigint,
          string | null,
          bigint | null,
          string | null,
        ];
        const total = Number(count);
        const bounded = boundRows(JSON.parse(`[${page ?? ''}]`) as unknown[][], columns, {
          maxBytes: rowBytes,
          statedBytes,
        });
        return {
          columns,
          rowsJson: Number(bytes ?? 0) <= options.maxKeptBytes ? `[${rows ?? ''}]` : null,
          rowCount: Math.min(options.limit, total),
          page: bounded.rows,
          truncated: total > options.limit,
          sql: shown,
          notes: bounded.notes,
        };
      },
      options.signal,
    );
  };
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
    query: async (sql, options) => {
      const statement = async (reader: DuckDBConnection) => {
        const text = await guarded(reader, sql, options.limit);
        return { run: text, shown: text };
      };
      return asRecords(await execute(statement, readRows(options.limit, options.offset), options.signal));
    },
    queryJson,
    sample: async (n) => {
      const count = Math.max(0, Math.floor(n));
      const text = `SELECT * FROM ${sqlIdentifier(first.name)} LIMIT ${count}`;
      const read = readRows(count, 0, true);
      return asRecords(await execute(async () => ({ run: text, shown: text }), read)).rows;
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
