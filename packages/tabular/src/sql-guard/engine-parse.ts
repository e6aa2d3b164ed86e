import type { DuckDBConnection } from '@duckdb/node-api';
import { OpenDataError } from '@opendata-mcp/core/errors';
import { parse, stringify } from 'lossless-json';
import { refuseSql } from './refuse-sql.js';

/** One parsed statement as DuckDB serialises it (`json_serialize_sql`), numbers kept exact. */
export interface ParsedStatement {
  node: Record<string, unknown>;
  [key: string]: unknown;
}

interface SerializedSql {
  error: boolean;
  error_message?: string;
  statements?: ParsedStatement[];
}

const NOT_A_SELECT = /Only SELECT statements can be serialized/i;
const BARE_PIVOT = /^\s*(PIVOT|UNPIVOT)\b/i;

async function scalar(connection: DuckDBConnection, sql: string, argument: string): Promise<string> {
  const prepared = await connection.prepare(sql);
  try {
    prepared.bindVarchar(1, argument);
    const reader = await prepared.runAndReadAll();
    return String(reader.getRows()[0]?.[0] ?? '');
  } finally {
    // Freed now, not when V8 next collects: its native memory counts against DuckDB's limit.
    prepared.destroySync();
  }
}

function notSelectHint(sql: string): string {
  if (BARE_PIVOT.test(sql)) {
    return "Write the pivot inside a SELECT: SELECT * FROM data PIVOT (sum(value) FOR category IN ('a', 'b')).";
  }
  return 'Write one read-only SELECT over the table `data` (a bare FROM data … is fine too).';
}

/** DuckDB's own statement splitter: `SELECT …; DROP …` is refused as two statements, not as "not a SELECT". */
async function assertOneStatement(connection: DuckDBConnection, sql: string): Promise<void> {
  let count: number;
  try {
    count = (await connection.extractStatements(sql)).count;
  } catch {
    return; // a syntax error: the serialiser below reports it with DuckDB's own words
  }
  if (count !== 1) {
    refuseSql(
      `Exactly one statement is allowed; found ${count}.`,
      'Send one SELECT per call, without a semicolon between statements.',
    );
  }
}

/**
 * The word a syntax error stops at, when it is one of DuckDB's non-reserved keywords: words such
 * as year, value, types or no read as names everywhere but as a bare alias, where they need AS.
 */
async function keywordNear(connection: DuckDBConnection, reason: string): Promise<string | null> {
  const near = /at or near "([^"]{1,40})"/.exec(reason)?.[1];
  if (!near) return null;
  const category = await scalar(
    connection,
    "SELECT keyword_category FROM duckdb_keywords() WHERE keyword_name = lower($1) AND keyword_category <> 'reserved'",
    near,
  );
  return category === '' ? null : near;
}

/**
 * Parses with the engine that will run the query. DuckDB serialises SELECT statements only, so
 * writes, settings, PRAGMA, ATTACH, macros and variables never get a tree to check. The tree is
 * read losslessly: a 19-digit literal must come back exactly as written.
 */
export async function parseWithEngine(connection: DuckDBConnection, sql: string): Promise<ParsedStatement> {
  // DuckDB turns a bare PIVOT into several statements; the helpful answer is its SELECT form.
  if (BARE_PIVOT.test(sql)) refuseSql('Only SELECT queries are allowed.', notSelectHint(sql));
  await assertOneStatement(connection, sql);
  const text = await scalar(connection, 'SELECT json_serialize_sql($1::VARCHAR)', sql);
  let result: SerializedSql;
  try {
    result = parse(text) as SerializedSql;
  } catch {
    // DuckDB writes an overflowing literal as Infinity or NaN, which is not JSON: fail closed.
    return refuseSql(
      'The query holds a value this server cannot check (a number out of range?).',
      'Write numbers within the range of a DOUBLE, or compare as text.',
    );
  }
  if (result.error) {
    const reason = result.error_message ?? 'unknown parser error';
    if (NOT_A_SELECT.test(reason)) refuseSql('Only SELECT queries are allowed.', notSelectHint(sql));
    // Not a refusal: DuckDB cannot read it, so nothing ran; the engine's own words say where.
    const keyword = await keywordNear(connection, reason);
    const general =
      'Fix the syntax: double-quote column names with spaces or capitals ("Площа, га"), single-quote strings, ' +
      'and write AS before an alias that is a reserved word (AS "no").';
    throw new OpenDataError('query_error', `The SQL could not be parsed: ${reason.split('\n')[0]}`, {
      hint: keyword
        ? `"${keyword}" is a keyword of DuckDB's SQL: as a name, write AS before it (count(*) AS ${keyword}) or double-quote it ("${keyword}").`
        : general,
    });
  }
  const statements = result.statements ?? [];
  if (statements.length !== 1) refuseSql(`Exactly one statement is allowed; found ${statements.length}.`);
  return statements[0] as ParsedStatement;
}

/** Prints a checked tree back to SQL with DuckDB's own printer, so no second dialect is involved. */
export async function printWithEngine(
  connection: DuckDBConnection,
  statement: ParsedStatement,
): Promise<string> {
  const json = stringify({ error: false, statements: [statement] }) ?? '';
  return scalar(connection, 'SELECT json_deserialize_sql($1::VARCHAR::JSON)', json);
}

/**
 * Prints many one-item SELECT nodes in one call and gives back each item's text: DuckDB's
 * own rendering of an expression, which is what it names an unaliased column after.
 */
export async function printSelectItems(
  connection: DuckDBConnection,
  selects: Record<string, unknown>[],
): Promise<string[]> {
  const documents = selects.map((node) => ({ error: false, statements: [{ node }] }));
  const prepared = await connection.prepare(
    `SELECT list_transform(json_extract($1::VARCHAR::JSON, '$[*]'), s -> json_deserialize_sql(s))`,
  );
  try {
    prepared.bindVarchar(1, stringify(documents) ?? '[]');
    const list = (await prepared.runAndReadAll()).getRows()[0]?.[0] as { items: unknown[] };
    return list.items.map((text) => String(text).replace(/^SELECT /, ''));
  } finally {
    prepared.destroySync();
  }
}
