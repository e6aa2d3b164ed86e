const SCALAR =
  /^(BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DATE|TIME|TIMESTAMP|TIMESTAMP WITH TIME ZONE|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|INTERVAL|UUID|VARCHAR)$/;
const DECIMAL = /^DECIMAL\((\d{1,2}),\s?(\d{1,2})\)$/;

/**
 * The DuckDB type a column is created with. Only plain scalar types pass, spelled exactly as DuckDB
 * prints them; nested types (whose values arrive as JSON text) and anything unknown load as
 * VARCHAR, so no caller-supplied text ever reaches the statement as SQL.
 */
export function loadableType(type: string): string {
  const upper = type.trim().toUpperCase();
  if (SCALAR.test(upper)) return upper;
  const decimal = DECIMAL.exec(upper);
  if (decimal && Number(decimal[2]) <= Number(decimal[1]) && Number(decimal[1]) <= 38) {
    return `DECIMAL(${decimal[1]},${decimal[2]})`;
  }
  return 'VARCHAR';
}
