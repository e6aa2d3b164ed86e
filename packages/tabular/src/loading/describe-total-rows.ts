import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlIdentifier } from './sql-literal.js';

// Words that open a total or subtotal line in the languages of the portals we serve. The
// Ukrainian and Russian ones allow a doubled letter, a typing slip that hand-kept official tables
// carry ("Вссього заказників …" in Kyiv's list of protected areas).
const TOTAL_WORDS =
  '(в+с+ь+о+г+о|у+с+ь+о+г+о|р+а+з+о+м|и+т+о+г+о|в+с+е+г+о|total|totals|subtotal|sub-total|grand total|insgesamt|gesamt|summe|totaal|totale|somme|suma|razem)';

/**
 * Official tables often mix totals into the data. They are kept (dropping rows would change the
 * table silently); the note tells the agent to exclude them before counting or summing.
 */
export async function describeTotalRows(connection: DuckDBConnection): Promise<string | null> {
  const described = await connection.runAndReadAll(
    `SELECT column_name FROM (DESCRIBE data) WHERE column_type = 'VARCHAR' LIMIT 8`,
  );
  const textColumns = described.getRows().map((row) => String(row[0]));
  if (textColumns.length === 0) return null;
  // Case-insensitive matching in the regex engine: three times faster than lower() on every value.
  const pattern = `'(?i)^\\s*${TOTAL_WORDS}(\\b|\\s|$)'`;
  const matches = textColumns.map((name) => `regexp_matches(${sqlIdentifier(name)}, ${pattern})`);
  const perColumn = matches.map((match, index) => `count(*) FILTER (WHERE ${match}) AS c${index}`);
  const examples = textColumns.map(
    (name, index) => `CASE WHEN ${matches[index]} THEN ${sqlIdentifier(name)} END`,
  );
  const result = await connection.runAndReadAll(
    `SELECT count(*), min(coalesce(${examples.join(', ')})), ${perColumn.join(', ')} FROM data WHERE ${matches.join(' OR ')}`,
  );
  const [count, example, ...counts] = result.getRows()[0] ?? [0, null];
  if (Number(count) === 0) return null;
  // The column holding most of the total words is the one to filter on; the note gives the filter.
  const best = counts.map(Number).reduce((top, n, index, all) => (n > (all[top] ?? 0) ? index : top), 0);
  const filter = `WHERE NOT coalesce(${matches[best]}, false)`;
  return `${Number(count)} row(s) look like totals or subtotals (e.g. "${String(example).trim().slice(0, 60)}"); they are kept as rows, so exclude them before counting or summing, e.g. ${filter}.`;
}
