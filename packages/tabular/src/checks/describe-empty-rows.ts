import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier } from '../loading/sql-literal.js';
import { aggregateRow, blankCell, type TableColumn } from './table-stats.js';

function filledFilter(column: TableColumn): string {
  const name = sqlIdentifier(column.name);
  return column.type === 'VARCHAR' ? `trim(${name}) <> ''` : `${name} IS NOT NULL`;
}

/**
 * Rows with every cell blank (spreadsheets exported with trailing empty lines) are kept, since
 * dropping rows would change the table silently; the note counts them and names a filter that
 * excludes exactly them, when one column is filled in every other row.
 */
export async function describeEmptyRows(
  connection: DuckDBConnection,
  columns: TableColumn[],
  rowCount: number,
): Promise<string | null> {
  if (columns.length === 0 || rowCount === 0) return null;
  const empty = columns.map(blankCell).join(' AND ');
  const found = await aggregateRow(connection, [
    `count(*) FILTER (WHERE ${empty}) AS empty`,
    `min(rowid) FILTER (WHERE ${empty}) AS first`,
  ]);
  const count = Number(found.empty);
  if (count === 0) return null;
  if (count === rowCount) return `Every row is entirely empty (${count} row(s), every cell blank).`;
  // Only now, with empty rows to exclude, look for a column that is blank exactly in them.
  const stats = await aggregateRow(
    connection,
    columns.map((column, index) => `count(*) FILTER (WHERE ${blankCell(column)}) AS blank_${index}`),
  );
  const where = Number(found.first) === rowCount - count ? 'all at the end' : 'scattered';
  const key = columns.find((_, index) => Number(stats[`blank_${index}`]) === count);
  const exclude = key
    ? `exclude them with WHERE ${filledFilter(key)}`
    : 'exclude them with a filter on a column that is always filled';
  return `${count} row(s) are entirely empty (every cell blank; ${where}); they are kept as rows, so ${exclude}.`;
}
