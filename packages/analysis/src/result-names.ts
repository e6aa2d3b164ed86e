import { OpenDataError } from '@opendata-mcp/core';

/** What a name must look like: it becomes a table name in the SQL, unquoted. */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** Names of DuckDB's own catalogue views and schemas: a table of that name would be mistaken for them. */
const RESERVED_PREFIX = /^(duckdb_|pg_|sqlite_|information_schema$)/i;

export const MAX_RESULTS = 8;

/**
 * Checks the names an agent gave its results: identifiers of at most 40 characters, distinct
 * whatever their case, none that DuckDB reserves. Returns them in the order given.
 */
export function checkResultNames(results: Record<string, string>): Array<[string, string]> {
  const entries = Object.entries(results);
  if (entries.length === 0 || entries.length > MAX_RESULTS) {
    throw new OpenDataError('invalid_input', `Give 1 to ${MAX_RESULTS} results; got ${entries.length}.`, {
      hint: 'results maps a table name of your choice to a result_id, e.g. {"mortality": "<result_id>"}.',
    });
  }
  const seen = new Set<string>();
  for (const [name] of entries) {
    const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 39)}…` : name);
    if (!NAME.test(name) || RESERVED_PREFIX.test(name)) {
      throw new OpenDataError('invalid_input', `${shown} cannot name a table.`, {
        hint: 'Use a letter followed by letters, digits or underscores (at most 40), e.g. "mortality"; names starting with duckdb_, pg_ or sqlite_ are reserved.',
      });
    }
    const key = name.toLowerCase();
    if (seen.has(key)) {
      throw new OpenDataError('invalid_input', `Two results are named ${shown} (names ignore case).`, {
        hint: 'Give each result its own name.',
      });
    }
    seen.add(key);
  }
  return entries;
}
