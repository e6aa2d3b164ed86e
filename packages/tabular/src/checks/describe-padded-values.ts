import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier } from '../loading/sql-literal.js';
import { aggregateRow, HEAD_SAMPLE, type TableColumn } from './table-stats.js';

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
  const varchar = columns.filter((column) => column.type === 'VARCHAR').map((column) => column.name);
  if (varchar.length === 0) return null;
  // Whether a column is key-like shows in its first rows; long free text is not scanned further.
  const lengths = await aggregateRow(
    connection,
    varchar.map((name, index) => `avg(length(${sqlIdentifier(name)})) AS length_${index}`),
    HEAD_SAMPLE,
  );
  const text = varchar.filter((_, index) => Number(lengths[`length_${index}`]) <= KEY_LIKE_AVERAGE_LENGTH);
  if (text.length === 0) return null;
  // trim() strips spaces only, so a prefix/suffix LIKE finds the same values without building strings.
  const padded = (value: string) => `(${value} LIKE ' %' OR ${value} LIKE '% ') AND trim(${value}) <> ''`;
  // Counts first; distinct counts (the costly part) only for the columns that have padding.
  const stats = await aggregateRow(
    connection,
    text.flatMap((name, index) => {
      const value = sqlIdentifier(name);
      return [
        `count(${value}) AS n_${index}`,
        // Blank cells padded with spaces are not values anyone compares.
        `count(*) FILTER (WHERE ${padded(value)}) AS padded_${index}`,
        `min(${value}) FILTER (WHERE ${padded(value)}) AS example_${index}`,
      ];
    }),
  );
  const stat = (key: string, index: number) => Number(stats[`${key}_${index}`]);
  const suspects = text
    .map((name, index) => ({ name, index }))
    .filter(({ index }) => stat('padded', index) > 0);
  if (suspects.length === 0) return null;
  const merges = await aggregateRow(
    connection,
    suspects.map(({ name, index }) => {
      const value = sqlIdentifier(name);
      return `count(DISTINCT ${value}) - count(DISTINCT trim(${value})) AS merged_${index}`;
    }),
  );
  const flagged = suspects.flatMap(({ name, index }) => {
    const count = stat('padded', index);
    const merged = Number(merges[`merged_${index}`]);
    if (count < stat('n', index) * MANY && merged === 0) return [];
    const merging = merged > 0 ? `; trimming merges ${merged} value(s) with others` : '';
    const example = JSON.stringify(String(stats[`example_${index}`]));
    return [`"${name}" (${count} of ${stat('n', index)} values, e.g. ${example}${merging})`];
  });
  if (flagged.length === 0) return null;
  const more = flagged.length > LISTED ? ` and ${flagged.length - LISTED} more column(s)` : '';
  return `Leading/trailing spaces in key-like text columns: ${flagged.slice(0, LISTED).join('; ')}${more}. Values are kept as they are; compare and group on trim(column) in SQL.`;
}
