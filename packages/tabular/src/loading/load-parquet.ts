import type { DuckDBConnection } from '@duckdb/node-api';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { isOutOfMemory, tooLargeForMemory } from './load-errors.js';
import { sqlString } from './sql-literal.js';

export async function loadParquet(input: { connection: DuckDBConnection; path: string }): Promise<string[]> {
  try {
    await input.connection.run(`CREATE TABLE data AS SELECT * FROM read_parquet(${sqlString(input.path)})`);
  } catch (error) {
    if (isOutOfMemory(error)) throw tooLargeForMemory();
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new OpenDataError(
      'unsupported_resource',
      `The Parquet file could not be read: ${shorten(reason, 300)}`,
      {
        hint: 'The file may be damaged or truncated. Try another resource of the dataset.',
      },
    );
  }
  return ['Parquet: column names and types taken from the file.'];
}
