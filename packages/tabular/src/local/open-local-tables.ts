import type { DuckDBConnection } from '@duckdb/node-api';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { createEngine, type Engine } from '../engine/create-engine.js';
import type { TableLimits } from '../engine/table-limits.js';
import { isOutOfMemory, tooLargeForMemory, tooManyRows } from '../loading/load-errors.js';
import { sqlIdentifier, sqlString } from '../loading/sql-literal.js';
import type { TableSession } from '../table-session.js';
import { addDerivedColumns, type DerivedColumns } from './derived-columns.js';
import { loadableType } from './loadable-type.js';
import { createLocalSession } from './local-session.js';

export interface TableColumn {
  name: string;
  /** A DuckDB type name; anything outside the plain scalar types loads as VARCHAR. */
  type: string;
}

/**
 * One table as the engine process loads it: typed columns, and its rows in a JSON file the server
 * wrote, one array of row arrays with values in column order. A file passes no rows through the
 * process channel, arrays are the cheapest rows to write (no key per cell), and kept results are
 * stored in this very form, so they reach the engine without being parsed. A missing cell reads
 * as null, a nested value as its JSON text.
 */
export interface SerialisedTable {
  name: string;
  columns: TableColumn[];
  rowCount: number;
  path: string;
  derive?: DerivedColumns;
}

export interface OpenLocalTablesInput {
  tables: SerialisedTable[];
  limits: TableLimits;
}

async function loadOne(connection: DuckDBConnection, table: SerialisedTable, notes: string[]): Promise<void> {
  const run = (sql: string) => connection.run(sql);
  const types = table.columns.map((column) => loadableType(column.type));
  const name = sqlIdentifier(table.name);
  const create = (columnTypes: string[]) =>
    `CREATE TABLE ${name} (${table.columns.map((column, i) => `${sqlIdentifier(column.name)} ${columnTypes[i]}`).join(', ')})`;
  await run(create(types));
  if (table.rowCount === 0) return;
  // Each row is read as a list of texts (JSON strings unescaped, numbers and nested values as
  // written) and each cell cast to its column's type.
  const read = (columnTypes: string[]) =>
    `INSERT INTO ${name} SELECT ${columnTypes.map((type, i) => `CAST(j[${i + 1}] AS ${type})`).join(', ')} FROM read_json(${sqlString(table.path)}, format='array', records=false, columns={'j': 'VARCHAR[]'})`;
  try {
    await run(read(types));
  } catch (error) {
    if (isOutOfMemory(error)) throw tooLargeForMemory();
    // The declared types did not fit the values: keep every value, as text, and say so.
    const text = types.map(() => 'VARCHAR');
    await run(`DROP TABLE ${name}`);
    await run(create(text));
    await run(read(text));
    notes.push(
      `Table ${table.name}: values did not match the declared types (${shorten(String(error), 120)}); loaded as text.`,
    );
  }
}

/**
 * Loads each table on a connection of its own, side by side (DuckDB's JSON reader leaves a core
 * idle), with its derived columns; returns the load notes in table order. Every load has settled
 * before a failure is reported, so none is left running on a closed connection.
 */
async function loadSideBySide(engine: Engine, tables: SerialisedTable[]): Promise<string[]> {
  const notes: string[][] = tables.map(() => []);
  const loaders = await Promise.all(tables.map(() => engine.instance.connect()));
  try {
    const loads = await Promise.allSettled(
      tables.map(async (table, i) => {
        const connection = loaders[i] as DuckDBConnection;
        await loadOne(connection, table, notes[i] as string[]);
        if (table.derive) await addDerivedColumns(connection, table, table.derive);
      }),
    );
    const failed = loads.find((load) => load.status === 'rejected');
    if (failed) throw failed.reason;
    return notes.flat();
  } finally {
    for (const loader of loaders) loader.closeSync();
  }
}

/**
 * Loads several tables, each under its own name, into one fresh database, then locks it like
 * `openLocalTable`; queries may read exactly these tables.
 */
export async function openLocalTables(input: OpenLocalTablesInput): Promise<TableSession> {
  const total = input.tables.reduce((sum, table) => sum + table.rowCount, 0);
  if (total > input.limits.maxRows) throw tooManyRows(input.limits.maxRows);
  const engine = await createEngine(input.limits);
  try {
    const notes = await loadSideBySide(engine, input.tables);
    return await createLocalSession(engine, {
      format: 'tables',
      notes,
      limits: input.limits,
      tables: input.tables.map((table) => table.name),
    });
  } catch (error) {
    engine.connection.closeSync();
    engine.instance.closeSync();
    if (error instanceof OpenDataError) throw error;
    throw new OpenDataError('unsupported_resource', 'The tables could not be loaded.', { cause: error });
  }
}
