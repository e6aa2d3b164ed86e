import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier } from '../loading/sql-literal.js';
import { aggregateRow, filledCell, type TableColumn } from './table-stats.js';

/** Headings are a few rows among many: past this share, text alone in a row is the data's shape. */
const MAX_HEADING_SHARE = 0.1;
/**
 * Official lists split their rows into sections under heading rows ("Areas of national importance"):
 * text in one cell, every other cell blank. They are kept, like total rows, but a `count(*)` counts
 * them as items, so the note counts them and gives a filter that leaves them out. Only a table of
 * three columns or more, where such rows are few, is read this way.
 */
export async function describeHeadingRows(
  connection: DuckDBConnection,
  columns: TableColumn[],
  rowCount: number,
): Promise<string | null> {
  const texts = columns.filter((c) => c.type === 'VARCHAR');
  if (columns.length < 3 || texts.length === 0 || rowCount < 3) return null;
  const cellsFilled = columns.map((c) => `(${filledCell(c)})::INT`).join(' + ');
  const heading = `(${cellsFilled}) = 1 AND (${texts.map(filledCell).join(' OR ')})`;
  const example = `coalesce(${texts.map((c) => `nullif(trim(${sqlIdentifier(c.name)}), '')`).join(', ')})`;
  const found = await aggregateRow(connection, [
    `count(*) FILTER (WHERE ${heading}) AS headings`,
    `min(${example}) FILTER (WHERE ${heading}) AS example`,
  ]);
  const count = Number(found.headings);
  if (count === 0 || count > Math.max(1, rowCount * MAX_HEADING_SHARE)) return null;
  // Only now, with headings to leave out, look for a column blank in exactly them: its filter is short.
  const fit = await aggregateRow(
    connection,
    columns.flatMap((column, index) => [
      `count(*) FILTER (WHERE NOT (${filledCell(column)}) AND NOT (${heading})) AS gaps_${index}`,
      `count(*) FILTER (WHERE ${filledCell(column)} AND ${heading}) AS in_headings_${index}`,
    ]),
  );
  const key = columns.find(
    (_, index) => Number(fit[`gaps_${index}`]) === 0 && Number(fit[`in_headings_${index}`]) === 0,
  );
  const exclude = key
    ? `e.g. WHERE ${filledCell(key)}`
    : 'e.g. with a filter on a column filled in every item';
  return `${count} row(s) hold text in one cell and nothing else (e.g. "${String(found.example).slice(0, 60)}"): section headings, kept as rows, so exclude them before counting, ${exclude}.`;
}
