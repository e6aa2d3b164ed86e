import type { Cell } from '@opendata-mcp/core';

/** A column of a table to draw: its name and the engine's type name (`DOUBLE`, `VARCHAR`, `DATE` …). */
export interface ChartColumn {
  name: string;
  type: string;
}

/** The table a chart is drawn from, with the citations of every source it was built from. */
export interface ChartTable {
  columns: ChartColumn[];
  rows: Cell[][];
  /** One line per source table, as the answers' `citation` gives it; drawn as the chart's caption. */
  citations: string[];
  /** The unit of each column that has one, as query_results states it. */
  units?: Record<string, string>;
}

export type ColumnKind = 'number' | 'date' | 'text';

const NUMERIC_TYPE =
  /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|NUMBER)\b/i;
const DATE_TYPE = /^(DATE|TIMESTAMP)/i;
const TEXT_TYPE = /^(VARCHAR|TEXT|STRING|CHAR|BOOLEAN|BOOL|UUID|ENUM)/i;

/**
 * How a column can be drawn. The declared type decides; a type this list does not know is judged by
 * its values, so a table from any adapter draws without a type map of its own.
 */
export function columnKind(column: ChartColumn, values: Cell[]): ColumnKind {
  if (NUMERIC_TYPE.test(column.type)) return 'number';
  if (DATE_TYPE.test(column.type)) return 'date';
  if (TEXT_TYPE.test(column.type)) return 'text';
  const present = values.filter((value) => value !== null);
  if (present.length > 0 && present.every((value) => typeof value === 'number')) return 'number';
  return 'text';
}
