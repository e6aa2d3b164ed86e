import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier } from '../loading/sql-literal.js';
import { aggregateRow, type TableColumn } from './table-stats.js';

// Codes, categories and numbering are short; long free text is rarely compared with `=`.
const KEY_LIKE_AVERAGE_LENGTH = 40;
const MANY = 0.1;
const LISTED = 5;

/**
 * Values are never altered, but a key-like text column with spaces around many of its values (or
 * where trimming would merge distinct values, like "8. " and "8.") makes `=` and GROUP BY miss
 * rows, so the note names those columns and suggests trim() in SQL.
 */
export async function describePaddedValues(
  connection: DuckDBConnection,
  columns: TableColumn[],
): Promise<string | null> {
  const text = columns.filter((column) => column.type === 'VARCHAR').map((column) => column.name);
  if (text.length === 0) return null;
  const stats = await aggregateRow(
    connection,
    text.flatMap((name, index) => {
      const value = sqlIdentifier(name);
      // Blank cells padded with spaces are not values anyone compares.
      const padded = `${value} <> trim(${value}) AND trim(${value}) <> ''`;
      return [
        `count(${value}) AS n_${index}`,
        `avg(length(${value})) AS length_${index}`,
        `count(*) FILTER (WHERE ${padded}) AS padded_${index}`,
        `min(${value}) FILTER (WHERE ${padded}) AS example_${index}`,
        `count(DISTINCT ${value}) - count(DISTINCT trim(${value})) AS merged_${index}`,
      ];
    }),
  );
  const flagged = text.flatMap((name, index) => {
    const stat = (key: string) => Number(stats[`${key}_${index}`]);
    const padded = stat('padded');
    if (padded === 0 || stat('length') > KEY_LIKE_AVERAGE_LENGTH) return [];
    if (padded < stat('n') * MANY && stat('merged') === 0) return [];
    const merges = stat('merged') > 0 ? `; trimming merges ${stat('merged')} value(s) with others` : '';
    const example = JSON.stringify(String(stats[`example_${index}`]));
    return [`"${name}" (${padded} of ${stat('n')} values, e.g. ${example}${merges})`];
  });
  if (flagged.length === 0) return null;
  const more = flagged.length > LISTED ? ` and ${flagged.length - LISTED} more column(s)` : '';
  return `Leading/trailing spaces in key-like text columns: ${flagged.slice(0, LISTED).join('; ')}${more}. Values are kept as they are; compare and group on trim(column) in SQL.`;
}
