import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { createEngine } from '../engine/create-engine.js';
import type { TableLimits } from '../engine/table-limits.js';
import { isOutOfMemory, tooLargeForMemory, tooManyRows } from '../loading/load-errors.js';
import { sqlIdentifier, sqlString } from '../loading/sql-literal.js';
import type { TableSession } from '../table-session.js';
import { loadableType } from './loadable-type.js';
import { createLocalSession } from './local-session.js';

export interface TableColumn {
  name: string;
  /** A DuckDB type name; anything outside the plain scalar types loads as VARCHAR. */
  type: string;
}

/** One table to load under its own name: typed columns and rows of JSON values in column order. */
export interface TableInput {
  name: string;
  columns: TableColumn[];
  rows: unknown[][];
}

export interface OpenLocalTablesInput {
  tables: TableInput[];
  limits: TableLimits;
}

// Positional keys keep any column name (spaces, quotes, unicode) out of the JSON reader's options.
function jsonLine(row: unknown[], width: number): string {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < width; i++) {
    const value = row[i] ?? null;
    record[`c${i}`] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return JSON.stringify(record);
}

async function loadOne(
  run: (sql: string) => Promise<unknown>,
  table: TableInput,
  dir: string,
  index: number,
  notes: string[],
): Promise<void> {
  const types = table.columns.map((column) => loadableType(column.type));
  const name = sqlIdentifier(table.name);
  const definition = table.columns.map((column, i) => `${sqlIdentifier(column.name)} ${types[i]}`);
  await run(`CREATE TABLE ${name} (${definition.join(', ')})`);
  if (table.rows.length === 0) return;
  const path = join(dir, `table-${index}.ndjson`);
  const width = table.columns.length;
  await writeFile(path, table.rows.map((row) => jsonLine(row, width)).join('\n'), 'utf8');
  const read = (columnTypes: string[]) =>
    `INSERT INTO ${name} SELECT ${table.columns.map((_, i) => `c${i}`).join(', ')} FROM read_json(${sqlString(path)}, format='newline_delimited', columns={${columnTypes.map((type, i) => `'c${i}': '${type}'`).join(', ')}})`;
  try {
    await run(read(types));
  } catch (error) {
    if (isOutOfMemory(error)) throw tooLargeForMemory();
    // The declared types did not fit the values: keep every value, as text, and say so.
    await run(`DROP TABLE ${name}`);
    await run(
      `CREATE TABLE ${name} (${table.columns.map((column) => `${sqlIdentifier(column.name)} VARCHAR`).join(', ')})`,
    );
    await run(read(types.map(() => 'VARCHAR')));
    notes.push(
      `Table ${table.name}: values did not match the declared types (${shorten(String(error), 120)}); loaded as text.`,
    );
  }
}

/**
 * Loads several tables, each under its own name, into one fresh database, then locks it like
 * `openLocalTable`; queries may read exactly these tables.
 */
export async function openLocalTables(input: OpenLocalTablesInput): Promise<TableSession> {
  const total = input.tables.reduce((sum, table) => sum + table.rows.length, 0);
  if (total > input.limits.maxRows) throw tooManyRows(input.limits.maxRows);
  const engine = await createEngine(input.limits);
  const dir = await mkdtemp(join(tmpdir(), 'opendata-tables-'));
  const notes: string[] = [];
  try {
    const run = (sql: string) => engine.connection.run(sql);
    for (const [index, table] of input.tables.entries()) await loadOne(run, table, dir, index, notes);
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
