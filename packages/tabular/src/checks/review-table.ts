import type { DuckDBConnection } from '@duckdb/node-api';
import { shorten } from '@opendata-mcp/core/errors';
import { convertGroupedNumbers } from './convert-grouped-numbers.js';
import { describeEmptyRows } from './describe-empty-rows.js';
import { describePaddedValues } from './describe-padded-values.js';
import { tableColumns } from './table-stats.js';

/**
 * Checks run on the loaded table before the engine is locked: digit-grouped numbers become numeric
 * (text formats only: Parquet columns carry the publisher's own types), then empty rows and padded
 * key values are described. A check that fails is reported, never fatal: the table itself loaded.
 */
export async function reviewTable(
  connection: DuckDBConnection,
  init: { convertNumbers: boolean; rowCount: number },
): Promise<string[]> {
  const notes: string[] = [];
  const attempt = async (what: string, run: () => Promise<string[] | string | null>) => {
    try {
      const found = await run();
      if (found) notes.push(...(Array.isArray(found) ? found : [found]));
    } catch (error) {
      notes.push(
        `The ${what} check was skipped: ${shorten(error instanceof Error ? error.message : String(error), 160)}`,
      );
    }
  };
  if (init.convertNumbers) {
    await attempt('thousands-separator', async () =>
      convertGroupedNumbers(connection, await tableColumns(connection)),
    );
  }
  const columns = await tableColumns(connection);
  await attempt('empty-row', () => describeEmptyRows(connection, columns, init.rowCount));
  await attempt('padded-value', () => describePaddedValues(connection, columns));
  return notes;
}
