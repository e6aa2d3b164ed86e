import type { RecordCell } from '@opendata-mcp/core';
import { TOTAL_CODE } from '../resolution/resolve-filters.js';

/**
 * The rows with the breakdowns at their total first, then the others, each group in the order the
 * registry sent: a row counts the dimensions of `totalDimensions` (those the registry's profile
 * defaults to their total) whose code is not the total, fewer first. A query that leaves sex and
 * wealth open gets the all-sexes, all-quintiles figure on top, the one `get_indicator_value` gives,
 * where the registry's order put girls first and an agent reading the first row quoted theirs.
 */
export function totalsFirst<Row extends Record<string, RecordCell>>(
  rows: Row[],
  totalDimensions: readonly string[],
): Row[] {
  if (totalDimensions.length === 0) return rows;
  const breakdowns = (row: Row) => {
    let count = 0;
    for (const dimension of totalDimensions) {
      const cell = row[dimension];
      if (cell === undefined || cell === null) continue;
      const code = typeof cell === 'object' ? cell.code : cell;
      if (code !== TOTAL_CODE) count++;
    }
    return count;
  };
  const ranked = rows.map((row, at) => ({ row, at, rank: breakdowns(row) }));
  ranked.sort((a, b) => a.rank - b.rank || a.at - b.at);
  return ranked.map((r) => r.row);
}
