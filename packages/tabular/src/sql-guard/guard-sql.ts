import type { DuckDBConnection } from '@duckdb/node-api';
import { capRows } from './cap-rows.js';
import { checkTree } from './check-tree.js';
import { parseWithEngine, printWithEngine } from './engine-parse.js';
import { pinLiteralTypes } from './pin-literal-types.js';
import { assertBoundedSql, assertBoundedSubqueries } from './sql-nesting.js';

export interface GuardedSql {
  /** The SQL that runs: printed by DuckDB from the checked tree, with the row cap as its LIMIT. */
  sql: string;
  /** The LIMIT on the outermost query (at most `maxRows + 1`, so truncation is detectable). */
  limit: number;
}

export interface GuardSqlOptions {
  /** Rows the caller will return; the query is capped at one more so truncation shows. */
  maxRows: number;
  /** Tables the query may read, lower case (default: `data`, the loaded resource). */
  tables?: ReadonlySet<string>;
}

/**
 * The verdict on one model-written query, from the parser of the engine that runs it: DuckDB's
 * own parse tree is checked against the allow-list, its subquery depth bounded, capped, its
 * literals pinned to their types, and printed back by DuckDB. The printed text is parsed and
 * checked once more, so what runs is exactly what was checked.
 * Throws `unsafe_sql` with a hint that helps rewrite the query.
 */
export async function guardSql(
  connection: DuckDBConnection,
  sql: string,
  options: GuardSqlOptions,
): Promise<GuardedSql> {
  assertBoundedSql(sql);
  const statement = await parseWithEngine(connection, sql);
  checkTree(statement.node, options.tables);
  assertBoundedSubqueries(statement.node);
  const limit = capRows(statement.node, options.maxRows + 1);
  await pinLiteralTypes(connection, statement.node);
  const printed = await printWithEngine(connection, statement);
  checkTree((await parseWithEngine(connection, printed)).node, options.tables);
  return { sql: printed, limit };
}
