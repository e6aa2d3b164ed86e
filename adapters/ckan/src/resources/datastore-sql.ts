import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { CkanResource } from '../portal/ckan-types.js';
import { loadTabular } from './load-tabular.js';
import { type Aggregate, plainAggregates } from './plain-aggregates.js';

export interface PushedAnswer {
  columns: Array<{ name: string; type: string }>;
  row: unknown[];
  rowCount: number;
  sql: string;
  fetchedAt: Date;
}

/** The largest tree worth reading for a push-down: a list of plain aggregates is short. */
const MAX_TREE_CHARS = 32 * 1024;

/**
 * The plain whole-table aggregates of `sql` (see `plainAggregates`), read from DuckDB's own parse
 * tree in an engine process under the query deadline: the server's main thread never runs a parser
 * on model text. Null for every other query. SQL that DuckDB cannot read, or that is not one SELECT,
 * is refused here, before any table is loaded.
 */
export async function wholeTableAggregates(
  sql: string,
  bounds: { deadlineMs: number; signal?: AbortSignal | undefined },
): Promise<Aggregate[] | null> {
  const { inspectSql } = await loadTabular();
  const { statement } = await inspectSql(sql, { ...bounds, maxTreeChars: MAX_TREE_CHARS });
  return statement ? plainAggregates(statement) : null;
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

const INTEGER = /^-?\d+$/;

/** An integer of the portal's answer as a local run gives it: a number when a double holds it, else its digits. */
function exactInteger(value: unknown): number | string | null | undefined {
  if (value === null || value === undefined) return null;
  const text = String(value);
  if (!INTEGER.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : text;
}

/**
 * Runs whole-table aggregates on the portal with `datastore_search_sql` instead of reading the table,
 * where that gives the same answer: counts always, sums and extremes of integer columns only (the
 * portal reports its result types; float sums and text ordering differ between the two databases).
 * A sum's own type does not say whether its column held integers (PostgreSQL sums int8 as numeric),
 * so the column's minimum is asked beside it for its type. The answer is read with every digit.
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
  const column = (a: Aggregate) => (a.column === null ? '*' : quote(a.column));
  const items = aggregates.map((a, index) => `${a.fn}(${column(a)}) AS ${quote(`a${index}`)}`);
  const probes = aggregates.flatMap((a, index) =>
    a.fn === 'sum' ? [`min(${column(a)}) AS ${quote(`t${index}`)}`] : [],
  );
  const sql = `SELECT count(*) AS "rows", ${[...items, ...probes].join(', ')} FROM ${quote(resource.id)}`;
  let answer: Awaited<ReturnType<typeof rt.client.action<SqlResult>>>;
  try {
    answer = await rt.client.action<SqlResult>(
      ctx,
      'datastore_search_sql',
      { sql },
      { cache: false, exactNumbers: true },
    );
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
  const exact = aggregates.every((a, index) => {
    if (a.fn === 'count') return true;
    return INTEGER_TYPES.test(types.get(`${a.fn === 'sum' ? 't' : 'a'}${index}`) ?? '');
  });
  const row = aggregates.map((_, index) => exactInteger(record[`a${index}`]));
  const rowCount = exactInteger(record.rows);
  if (!exact || row.includes(undefined) || typeof rowCount !== 'number') return null;
  return {
    columns: aggregates.map((a) => ({ name: a.name, type: DUCK_TYPES[a.fn] })),
    row,
    rowCount,
    sql,
    fetchedAt: answer.fetchedAt,
  };
}

interface SqlResult {
  records?: Array<Record<string, unknown>>;
  fields?: Array<{ id: string; type?: string }>;
}
