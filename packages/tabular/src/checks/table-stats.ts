import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier } from '../loading/sql-literal.js';

export interface TableColumn {
  name: string;
  type: string;
}

/** The columns of the loaded table `data`, in order, with DuckDB's type names. */
export async function tableColumns(connection: DuckDBConnection): Promise<TableColumn[]> {
  const described = await connection.runAndReadAll('SELECT column_name, column_type FROM (DESCRIBE data)');
  return described.getRows().map(([name, type]) => ({ name: String(name), type: String(type) }));
}

/** Whether a cell is blank: null, or text of white space alone. */
export function blankCell(column: TableColumn): string {
  const name = sqlIdentifier(column.name);
  return column.type === 'VARCHAR' ? `coalesce(trim(${name}), '') = ''` : `${name} IS NULL`;
}

/** Whether a cell holds something: the opposite of `blankCell`, true or false, never null. */
export function filledCell(column: TableColumn): string {
  const name = sqlIdentifier(column.name);
  return column.type === 'VARCHAR' ? `coalesce(trim(${name}), '') <> ''` : `${name} IS NOT NULL`;
}

/**
 * Runs `SELECT <aggregates> FROM <from>` (the whole table by default) and returns its single row
 * (counts as JSON strings: use Number).
 */
export async function aggregateRow(
  connection: DuckDBConnection,
  aggregates: string[],
  from = 'data',
): Promise<Record<string, unknown>> {
  const result = await connection.runAndReadAll(`SELECT ${aggregates.join(', ')} FROM ${from}`);
  return (result.getRowObjectsJson()[0] ?? {}) as Record<string, unknown>;
}

/** The first rows of the table: enough to rule a column out of a check before scanning all of it. */
export const HEAD_SAMPLE = '(SELECT * FROM data LIMIT 10000)';
