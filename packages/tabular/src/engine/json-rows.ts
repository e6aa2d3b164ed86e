import { sqlIdentifier } from '../loading/sql-literal.js';
import { type ColumnInfo, SIGNIFICANT_DIGITS, SIGNIFICANT_RANGE } from './read-rows.js';

const WIDE_INTEGER = /^(BIGINT|HUGEINT|UBIGINT|UHUGEINT)$/;
const DECIMAL = /^DECIMAL\((\d+),(\d+)\)$/;
const FLOATING = /^(DOUBLE|FLOAT|REAL)$/;
const NESTED = /\[\d*\]$|^(STRUCT|MAP|UNION)\(/;
// 2^53 - 1: past it a JSON number no longer reads back as the same integer.
const SAFE = 9_007_199_254_740_991;

/**
 * One cell as JSON, written by DuckDB with the values `readRowArrays` gives: an integer or decimal
 * that a double holds exactly is a number, any other is its text; a NaN or infinite double is the
 * text JavaScript prints for it; a nested value is its JSON text, as a kept table holds it.
 */
function jsonCell(ref: string, type: string): string {
  if (WIDE_INTEGER.test(type)) {
    return `CASE WHEN ${ref} BETWEEN -${SAFE} AND ${SAFE} THEN to_json(${ref}) ELSE to_json(${ref}::VARCHAR) END`;
  }
  const decimal = DECIMAL.exec(type);
  if (decimal && Number(decimal[1]) > 15) {
    // Fewer integer digits than 15 minus the scale: at most 15 significant digits, exact as a double.
    return `CASE WHEN abs(${ref}) < 1e${15 - Number(decimal[2])} THEN to_json(${ref}::DOUBLE) ELSE to_json(${ref}::VARCHAR) END`;
  }
  if (FLOATING.test(type)) {
    // Rounded to the 15 significant digits a double holds, as readRowArrays does: a sum's float noise goes.
    // As a DOUBLE: a FLOAT rounded in its own type keeps its binary tail (0.1 stays 0.10000000149011612).
    const rounded = `CASE WHEN abs(${ref}) BETWEEN ${SIGNIFICANT_RANGE[0]} AND ${SIGNIFICANT_RANGE[1]} THEN round(${ref}::DOUBLE, (${SIGNIFICANT_DIGITS - 1} - floor(log10(abs(${ref}))))::INTEGER) ELSE ${ref} END`;
    return `CASE WHEN ${ref} IS NULL OR isfinite(${ref}) THEN to_json(${rounded}) WHEN isnan(${ref}) THEN to_json('NaN') WHEN ${ref} > 0 THEN to_json('Infinity') ELSE to_json('-Infinity') END`;
  }
  if (NESTED.test(type)) return `to_json(to_json(${ref})::VARCHAR)`;
  return ref;
}

/** Which rows of a query to write: all up to `limit`, and the page `offset` to `offset + pageLimit`. */
export interface JsonRowsShape {
  limit: number;
  offset: number;
  pageLimit: number;
  /** Bytes the rows up to `limit` may take as JSON; rows past it are left out of `rows_json`. */
  maxBytes: number;
}

/**
 * A query over `sql` that answers one row: how many rows `sql` gave (`n`), the first `limit` of them
 * as JSON arrays separated by commas (`rows_json`, only while their running size stays within
 * `maxBytes`; `bytes` is the size of all `limit` of them), and the page's rows the same way
 * (`page_json`), rows in the order `sql` gives them. Columns are renamed by position, so repeated names (a `SELECT *`
 * over a join) are no trouble. DuckDB writes the JSON and joins it into one text: converting a large
 * result to JavaScript values, even one string per row, takes several times longer.
 */
export function jsonRowsSql(sql: string, columns: ColumnInfo[], shape: JsonRowsShape): string {
  const names = columns.map((_, i) => `c${i}`);
  const cells = names.map((name, i) => jsonCell(`q.${sqlIdentifier(name)}`, columns[i]?.type ?? ''));
  const pageEnd = Math.min(shape.limit, shape.offset + shape.pageLimit);
  // An empty window numbers the rows as they arrive: in the query's own order.
  const numbered = `SELECT json_array(${cells.join(', ')})::VARCHAR AS j, row_number() OVER () AS i FROM (${sql}) AS q(${names.join(', ')})`;
  // The running size stops the text to keep at the budget: a result of huge values is never built whole.
  const sized = `SELECT j, i, sum(strlen(j) + 1) OVER (ORDER BY i ROWS UNBOUNDED PRECEDING) AS b FROM (${numbered})`;
  return (
    `SELECT count(*) AS n, string_agg(j, ',' ORDER BY i) FILTER (WHERE i <= ${shape.limit} AND b <= ${shape.maxBytes}) AS rows_json, ` +
    `max(b) FILTER (WHERE i <= ${shape.limit}) AS bytes, ` +
    `string_agg(j, ',' ORDER BY i) FILTER (WHERE i > ${shape.offset} AND i <= ${pageEnd}) AS page_json FROM (${sized})`
  );
}
