import type { ToolContext } from '@opendata-mcp/core';
import { loadTabular } from './load-tabular.js';
import { resultUnits, type TableUnits } from './result-units.js';

// A select list worth tracing is short; a larger tree comes back as none, and no unit is stated.
const MAX_TREE_CHARS = 64 * 1024;

/**
 * The units of a query's result columns (see `resultUnits`), read from DuckDB's parse of the query
 * in the parsing process under the query deadline. The query has run already, so the parse cannot
 * fail for a reason the agent has not been told; tables without units are not parsed at all.
 */
export async function queryUnits(
  ctx: ToolContext,
  sql: string,
  columns: Array<{ name: string }>,
  tables: TableUnits[],
): Promise<Record<string, string>> {
  if (tables.every((table) => Object.keys(table.units).length === 0)) return {};
  const { inspectSql } = await loadTabular();
  const { statement } = await inspectSql(sql, {
    deadlineMs: ctx.limits.queryTimeoutMs,
    signal: ctx.signal,
    maxTreeChars: MAX_TREE_CHARS,
  });
  return resultUnits(
    statement,
    columns.map((column) => column.name),
    tables,
  );
}
