import type { DuckDBConnection } from '@duckdb/node-api';
import { isPeriodColumn, periodStart } from '@opendata-mcp/core/periods';
import { loadDuckDb } from '../engine/load-duckdb.js';
import { sqlIdentifier } from '../loading/sql-literal.js';
import type { TableColumn } from './open-local-tables.js';

/** Columns to add beside a table's own, so queries need neither a lookup nor a date parser. */
export interface DerivedColumns {
  /** Labels by column, then by code: a column with labels gains `<column>_label`. */
  labels?: Record<string, Record<string, string>>;
  /** A text column whose values are all periods ("2020", "2020-Q1" …) gains `<column>_start`, a DATE. */
  periodStarts?: boolean;
}

// More distinct values than a day for every day of a century: not a column of periods.
const MAX_PERIODS = 40_000;

async function distinctValues(connection: DuckDBConnection, table: string, column: string) {
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT ${sqlIdentifier(column)} FROM ${table} LIMIT ${MAX_PERIODS + 1}`,
  );
  return (reader.getColumns()[0] ?? []) as unknown[];
}

/**
 * Adds the derived columns to a loaded table, in place (rows keep their order): for each column
 * its label column, then its period-start column. A derived name a column already has is left out.
 * Each is filled from a lookup of distinct values, so a long table costs one join per column, and
 * the values are computed once per code or period, not once per row. The table's description lists
 * the added columns after its own.
 */
export async function addDerivedColumns(
  connection: DuckDBConnection,
  table: { name: string; columns: TableColumn[] },
  derive: DerivedColumns,
): Promise<void> {
  const { listValue, LIST, VARCHAR } = await loadDuckDb();
  const target = sqlIdentifier(table.name);
  const taken = new Set(table.columns.map((column) => column.name.toLowerCase()));
  const add = async (
    from: string,
    name: string,
    type: 'VARCHAR' | 'DATE',
    pairs: Array<[string, string]>,
  ) => {
    if (taken.has(name.toLowerCase())) return;
    taken.add(name.toLowerCase());
    await connection.run(`ALTER TABLE ${target} ADD COLUMN ${sqlIdentifier(name)} ${type}`);
    await connection.run(
      `UPDATE ${target} SET ${sqlIdentifier(name)} = CAST(lookup.v AS ${type}) ` +
        'FROM (SELECT unnest($1::VARCHAR[]) AS k, unnest($2::VARCHAR[]) AS v) AS lookup ' +
        `WHERE CAST(${target}.${sqlIdentifier(from)} AS VARCHAR) = lookup.k`,
      [listValue(pairs.map(([code]) => code)), listValue(pairs.map(([, value]) => value))],
      [LIST(VARCHAR), LIST(VARCHAR)],
    );
  };
  for (const column of table.columns) {
    const labels = derive.labels?.[column.name];
    if (labels && Object.keys(labels).length > 0) {
      await add(column.name, `${column.name}_label`, 'VARCHAR', Object.entries(labels));
    }
    if (!derive.periodStarts || column.type !== 'VARCHAR') continue;
    const values = await distinctValues(connection, target, column.name);
    if (values.length > MAX_PERIODS || !isPeriodColumn(column.name, values)) continue;
    const starts = values.flatMap((value): Array<[string, string]> => {
      const start = typeof value === 'string' ? periodStart(value) : null;
      return typeof value === 'string' && start ? [[value, start]] : [];
    });
    await add(column.name, `${column.name}_start`, 'DATE', starts);
  }
}
