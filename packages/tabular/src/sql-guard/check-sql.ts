import { createRequire } from 'node:module';
import type NodeSqlParser from 'node-sql-parser';
import { applyRowCap } from './apply-row-cap.js';
import { checkQuery } from './assert-safe-select.js';
import { refuseSql } from './refuse-sql.js';

export interface CheckedSql {
  /** The SQL that runs: regenerated from the checked syntax tree, with the row cap as its LIMIT. */
  sql: string;
  /** The LIMIT put on the outermost query (at most `maxRows + 1`, so truncation is detectable). */
  limit: number;
}

export interface CheckSqlOptions {
  /** Rows the caller will return; the query is capped at one more so truncation shows. */
  maxRows: number;
}

const MAX_SQL_LENGTH = 20_000;
const DIALECT = { database: 'PostgresQL' };
const require = createRequire(import.meta.url);
let parser: NodeSqlParser.Parser | undefined;

/**
 * The parser of every dialect is one large module: required on the first check, synchronously so
 * `checkSql` stays synchronous, rather than when a server that may never run SQL starts.
 */
function sqlParser(): NodeSqlParser.Parser {
  parser ??= new (require('node-sql-parser') as typeof NodeSqlParser).Parser();
  return parser;
}

function parseOne(sql: string): Record<string, unknown> {
  let ast: unknown;
  try {
    ast = sqlParser().astify(sql, DIALECT);
  } catch {
    return refuseSql(
      'The SQL could not be parsed as one standard read-only query.',
      'Use standard SQL: double-quote column names that contain spaces, punctuation or non-Latin letters (e.g. "Площа, га"), single-quote strings, and GROUP BY the column names (not GROUP BY ALL).',
    );
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) {
    refuseSql(`Exactly one statement is allowed; found ${statements.length}.`);
  }
  return statements[0] as Record<string, unknown>;
}

/**
 * Checks one model-written query against an allow-list of SQL shapes and functions and returns
 * the SQL to run. Throws `unsafe_sql` with a hint that helps rewrite the query.
 */
export function checkSql(sql: string, options: CheckSqlOptions): CheckedSql {
  if (typeof sql !== 'string' || sql.trim() === '') refuseSql('The SQL is empty.');
  if (sql.length > MAX_SQL_LENGTH) refuseSql(`The SQL is longer than ${MAX_SQL_LENGTH} characters.`);
  const root = parseOne(sql);
  checkQuery(root, new Set());
  const limit = options.maxRows + 1;
  applyRowCap(root, limit);
  const regenerated = sqlParser().sqlify(root as never, DIALECT);
  // The regenerated text is what runs, so it gets the same check: a printer quirk cannot smuggle anything.
  checkQuery(parseOne(regenerated), new Set());
  return { sql: regenerated, limit };
}
