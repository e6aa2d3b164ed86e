import { refuseSql } from './refuse-sql.js';

export const MAX_SQL_LENGTH = 20_000;
export const MAX_SQL_NESTING = 128;

/**
 * Bounds the text before any parser sees it. Brackets are counted over the raw text, strings and
 * comments included: that can only over-count, and a query nested this deep is not one an analyst
 * writes. It keeps every parse, ours and the engine's, linear in a short input.
 */
export function assertBoundedSql(sql: string): void {
  if (typeof sql !== 'string' || sql.trim() === '') refuseSql('The SQL is empty.');
  if (sql.length > MAX_SQL_LENGTH) refuseSql(`The SQL is longer than ${MAX_SQL_LENGTH} characters.`);
  let depth = 0;
  for (const char of sql) {
    if (char === '(' || char === '[' || char === '{') depth++;
    else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
    if (depth > MAX_SQL_NESTING) {
      refuseSql(
        `The SQL nests brackets more than ${MAX_SQL_NESTING} deep.`,
        'Flatten the query: use CTEs (WITH name AS (…)) instead of deeply nested expressions.',
      );
    }
  }
}
