import type { DuckDBPreparedStatement, DuckDBResultReader } from '@duckdb/node-api';

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

/**
 * Columns with DuckDB's type names (`BIGINT`, `DECIMAL(18,3)`, `VARCHAR` …). A name that repeats (a
 * `SELECT *` over a join) gets a suffix, `_1`, `_2` …, as DuckDB itself does when it stores such a
 * result, so that no column hides another in the rows.
 */
export function readColumns(reader: DuckDBResultReader): ColumnInfo[] {
  return uniqueColumns(reader.columnNames(), reader.columnTypes().map(String));
}

/** The columns a prepared statement will give, named as `readColumns` names them. */
export function preparedColumns(prepared: DuckDBPreparedStatement): ColumnInfo[] {
  const indexes = Array.from({ length: prepared.columnCount }, (_, i) => i);
  return uniqueColumns(
    indexes.map((i) => prepared.columnName(i)),
    indexes.map((i) => String(prepared.columnType(i))),
  );
}

function uniqueColumns(names: string[], types: string[]): ColumnInfo[] {
  const taken = new Set<string>();
  return names.map((name, index) => {
    let unique = name;
    for (let n = 1; taken.has(unique.toLowerCase()); n++) unique = `${name}_${n}`;
    taken.add(unique.toLowerCase());
    return { name: unique, type: types[index] ?? 'VARCHAR' };
  });
}

const FLOATING = /^(DOUBLE|FLOAT|REAL)$/;

/**
 * The significant digits a double holds exactly in decimal: a floating result is written with no more,
 * so a sum of two-decimal values reads 1234.56, not 1234.5600000000002 (the noise of binary arithmetic).
 * Only within this range of magnitudes, where the rounding is exact.
 */
export const SIGNIFICANT_DIGITS = 15;
export const SIGNIFICANT_RANGE = [1e-15, 1e15] as const;

function withoutNoise(value: number): number {
  const magnitude = Math.abs(value);
  return magnitude >= SIGNIFICANT_RANGE[0] && magnitude <= SIGNIFICANT_RANGE[1]
    ? Number(value.toPrecision(SIGNIFICANT_DIGITS))
    : value;
}

/**
 * Rows as JSON-safe arrays in column order. DuckDB's JSON conversion writes big integers and
 * decimals as strings to keep precision; numbers that a double holds exactly are turned back into
 * numbers so a COUNT is `42`, not `"42"`, and the others stay strings rather than change their value.
 */
export function readRowArrays(reader: DuckDBResultReader, columns: ColumnInfo[], max: number): unknown[][] {
  // DuckDB converts a column at a time several times faster than a row at a time.
  const values = reader.getColumnsJson() as unknown[][];
  columns.forEach((column, i) => {
    const integer = EXACT_INTEGER.test(column.type);
    const decimal = column.type.startsWith('DECIMAL');
    const cells = values[i];
    if (FLOATING.test(column.type) && cells) {
      for (let r = 0; r < cells.length; r++) {
        const value = cells[r];
        if (typeof value === 'number') cells[r] = withoutNoise(value);
      }
    }
    if ((!integer && !decimal) || !cells) return;
    for (let r = 0; r < cells.length; r++) {
      const value = cells[r];
      if (typeof value !== 'string') continue;
      const number = Number(value);
      if (integer ? Number.isSafeInteger(number) : isExactDecimal(value, number)) cells[r] = number;
    }
  });
  const count = Math.min(max, values[0]?.length ?? 0);
  const rows: unknown[][] = new Array(count);
  for (let r = 0; r < count; r++) rows[r] = values.map((cells) => cells[r]);
  return rows;
}
