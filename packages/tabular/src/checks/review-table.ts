import type { DuckDBConnection } from '@duckdb/node-api';
import { shorten } from '@opendata-mcp/core/errors';
import { describeTotalRows } from '../loading/describe-total-rows.js';
import { convertGroupedNumbers } from './convert-grouped-numbers.js';
import { describeEmptyRows } from './describe-empty-rows.js';
import { describeHeadingRows } from './describe-heading-rows.js';
import { describePaddedValues } from './describe-padded-values.js';
import { tableColumns } from './table-stats.js';

/** Runs one check; a check that fails is reported, never fatal: the table itself loaded. */
async function attempt(
  notes: string[],
  what: string,
  run: () => Promise<string[] | string | null>,
): Promise<void> {
  try {
    const found = await run();
    if (found) notes.push(...(Array.isArray(found) ? found : [found]));
  } catch (error) {
    notes.push(
      `The ${what} check was skipped: ${shorten(error instanceof Error ? error.message : String(error), 160)}`,
    );
  }
}

/**
 * Digit-grouped numbers become numeric (text formats only: Parquet columns carry the publisher's own
 * types). It changes the table, so it runs while loading, before the engine is locked.
 */
export async function convertTable(connection: DuckDBConnection): Promise<string[]> {
  const notes: string[] = [];
  await attempt(notes, 'thousands-separator', async () =>
    convertGroupedNumbers(connection, await tableColumns(connection)),
  );
  return notes;
}

/**
 * Describes what a reader should know before counting or summing: empty rows, padded key values,
 * total rows, section headings.
 * These checks only read, and scan the whole table, so they run when first asked for (get_schema),
 * not on the way to the first query's answer.
 */
export async function describeTable(connection: DuckDBConnection, rowCount: number): Promise<string[]> {
  const notes: string[] = [];
  const columns = await tableColumns(connection);
  await attempt(notes, 'empty-row', () => describeEmptyRows(connection, columns, rowCount));
  await attempt(notes, 'padded-value', () => describePaddedValues(connection, columns));
  await attempt(notes, 'total-row', () => describeTotalRows(connection));
  await attempt(notes, 'heading-row', () => describeHeadingRows(connection, columns, rowCount));
  return notes;
}
