import type { DuckDBResultReader } from '@duckdb/node-api';

export interface ColumnInfo {
  name: string;
  type: string;
}

const EXACT_INTEGER =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/;

/**
 * A double keeps any decimal of at most 15 significant digits; a longer DECIMAL (21 digits, say)
 * stays a string rather than come back as a different number.
 */
function isExactDecimal(text: string, number: number): boolean {
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  const significant = text.includes('.') ? digits.replace(/0+$/, '') : digits;
  return Number.isFinite(number) && significant.length <= 15;
}

/** Columns with DuckDB's type names (`BIGINT`, `DECIMAL(18,3)`, `VARCHAR` …). */
export function readColumns(reader: DuckDBResultReader): ColumnInfo[] {
  const types = reader.columnTypes();
  return reader.columnNames().map((name, index) => ({ name, type: String(types[index]) }));
}

/**
 * Rows as JSON-safe objects. DuckDB's JSON conversion writes big integers and decimals as
 * strings to keep precision; numbers that a double holds exactly are turned back into numbers so
 * a COUNT is `42`, not `"42"`, and the others stay strings rather than change their value.
 */
export function readRows(
  reader: DuckDBResultReader,
  columns: ColumnInfo[],
  max: number,
): Record<string, unknown>[] {
  const rows = reader.getRowObjectsJson().slice(0, max) as Record<string, unknown>[];
  for (const column of columns) {
    const integer = EXACT_INTEGER.test(column.type);
    const decimal = column.type.startsWith('DECIMAL');
    if (!integer && !decimal) continue;
    for (const row of rows) {
      const value = row[column.name];
      if (typeof value !== 'string') continue;
      const number = Number(value);
      if (integer ? Number.isSafeInteger(number) : isExactDecimal(value, number)) row[column.name] = number;
    }
  }
  return rows;
}
