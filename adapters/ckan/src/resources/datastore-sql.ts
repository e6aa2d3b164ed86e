import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { CkanResource } from '../portal/ckan-types.js';

/** One aggregate of a whole-table query that PostgreSQL and DuckDB compute alike. */
interface Aggregate {
  fn: 'count' | 'sum' | 'min' | 'max';
  /** The column, or null for count(*). */
  column: string | null;
  /** The result column's name: the alias, or the name DuckDB gives the expression. */
  name: string;
}

export interface PushedAnswer {
  columns: Array<{ name: string; type: string }>;
  row: unknown[];
  rowCount: number;
  sql: string;
  fetchedAt: Date;
}

const IDENT = `(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_]*))`;
const ITEM = new RegExp(
  String.raw`^(count|sum|min|max)\s*\(\s*(?:(\*)|${IDENT})\s*\)(?:\s+as\s+${IDENT})?$`,
  'i',
);
const STATEMENT = /^\s*select\s+(.+?)\s+from\s+(?:data|"data")\s*;?\s*$/is;

/**
 * Reads `SELECT count(*), sum(x) AS total … FROM data` and nothing else: plain aggregates over the
 * whole table, no WHERE, grouping or expressions. Every other query is run by the local engine.
 */
export function wholeTableAggregates(sql: string): Aggregate[] | null {
  const body = STATEMENT.exec(sql)?.[1];
  if (!body || /--|\/\*|;/.test(body)) return null;
  const aggregates: Aggregate[] = [];
  for (const item of body.split(',')) {
    const match = ITEM.exec(item.trim());
    if (!match) return null;
    const fn = (match[1] ?? '').toLowerCase() as Aggregate['fn'];
    const star = match[2] !== undefined;
    if (star && fn !== 'count') return null;
    const quoted = match[3]?.replaceAll('""', '"');
    // An unquoted name is folded to lower case by PostgreSQL: only lower-case names mean the same there.
    if (match[4] !== undefined && match[4] !== match[4].toLowerCase()) return null;
    const column = star ? null : (quoted ?? match[4] ?? null);
    const alias = match[5]?.replaceAll('""', '"') ?? match[6];
    // count(*) is named count_star() by DuckDB; how it prints other expressions is its own affair, so
    // those need an alias to be answered here with the names a local run gives.
    const name = alias ?? (column === null ? 'count_star()' : null);
    if (name === null) return null;
    aggregates.push({ fn, column, name });
  }
  return aggregates.length > 0 ? aggregates : null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const INTEGER_TYPES = /^(int2|int4|int8|smallint|integer|bigint)$/i;
/** The DuckDB types of these aggregates over integer columns, as a local run reports them. */
const DUCK_TYPES: Record<Aggregate['fn'], string> = {
  count: 'BIGINT',
  sum: 'HUGEINT',
  min: 'BIGINT',
  max: 'BIGINT',
};

/**
 * Runs whole-table aggregates on the portal with `datastore_search_sql` instead of reading the table,
 * where that gives the same answer: counts always, sums and extremes of integer columns only (the
 * portal reports its result types; float sums and text ordering differ between the two databases).
 * Null means "run it locally": the portal has SQL search off (remembered per instance), refused this
 * query, or the result types make the answer inexact.
 */
export async function pushDownAggregates(
  rt: CkanRuntime,
  ctx: ToolContext,
  resource: CkanResource,
  aggregates: Aggregate[],
): Promise<PushedAnswer | null> {
  if (rt.datastoreSql.enabled === false) return null;
  const items = aggregates.map(
    (a, index) => `${a.fn}(${a.column === null ? '*' : quote(a.column)}) AS ${quote(`a${index}`)}`,
  );
  const sql = `SELECT count(*) AS "rows", ${items.join(', ')} FROM ${quote(resource.id)}`;
  let answer: Awaited<ReturnType<typeof rt.client.action<SqlResult>>>;
  try {
    answer = await rt.client.action<SqlResult>(ctx, 'datastore_search_sql', { sql }, { cache: false });
  } catch (error) {
    if (!isOpenDataError(error) || error.retryable) throw error;
    // 409: the portal could not run this query (an unknown column, say); anything else: no SQL search.
    if (error.details?.status !== 409) rt.datastoreSql.enabled = false;
    return null;
  }
  rt.datastoreSql.enabled = true;
  const record = answer.result.records?.[0];
  const types = new Map((answer.result.fields ?? []).map((f) => [f.id, f.type ?? '']));
  if (!record) return null;
  const exact = aggregates.every(
    (a, index) => a.fn === 'count' || INTEGER_TYPES.test(types.get(`a${index}`) ?? ''),
  );
  if (!exact) return null;
  const value = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    columns: aggregates.map((a) => ({ name: a.name, type: DUCK_TYPES[a.fn] })),
    row: aggregates.map((_, index) => value(record[`a${index}`])),
    rowCount: Number(record.rows),
    sql,
    fetchedAt: answer.fetchedAt,
  };
}

interface SqlResult {
  records?: Array<Record<string, unknown>>;
  fields?: Array<{ id: string; type?: string }>;
}
