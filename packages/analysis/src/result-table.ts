import type { SerialisedKeptResult } from '@opendata-mcp/core';
import type { TableInput } from '@opendata-mcp/tabular';

/**
 * A kept result as a table for SQL, under the agent's name: the kept columns as they are, then for
 * a column of coded values its labels as `<column>_label`, and for a column of periods the date each
 * period starts on as `<column>_start` (DATE), so periods of one form or another join and sort.
 * The engine adds those columns (a derived name a kept column already has is left out); the rows
 * go to it as stored, unparsed.
 */
export function resultTable(name: string, kept: SerialisedKeptResult): TableInput {
  const { columns, labels, row_count } = kept.head.table;
  return {
    name,
    columns,
    rowsJson: kept.rowsJson,
    rowCount: row_count,
    derive: { labels, periodStarts: true },
  };
}
