import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { loadDuckDb } from './load-duckdb.js';
import type { TableLimits } from './table-limits.js';

export interface Engine {
  instance: DuckDBInstance;
  connection: DuckDBConnection;
}

async function open(): Promise<Engine> {
  const { DuckDBInstance } = await loadDuckDb();
  const instance = await DuckDBInstance.create(':memory:', {
    max_temp_directory_size: '0B',
    // No spill directory at all: nothing on disk for a query to find, even by accident.
    temp_directory: '',
    // Hand freed memory back to the system soon: an engine process idles long after a burst of queries.
    allocator_flush_threshold: '16MB',
    allocator_bulk_deallocation_flush_threshold: '16MB',
    allocator_background_threads: 'true',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  return { instance, connection: await instance.connect() };
}

let early: Promise<Engine | undefined> | undefined;

/**
 * Opens the database before a table arrives: an engine process waiting as the spare has the time,
 * and the table it takes then skips this step. The next `createEngine` takes it.
 */
export function prepareEngine(): void {
  early ??= open().catch(() => undefined);
}

/**
 * A private in-memory database per session. Memory and threads are capped before anything is
 * loaded, so loading a hostile file is bounded too; nothing spills to disk (no temp directory budget).
 */
export async function createEngine(limits: TableLimits): Promise<Engine> {
  const prepared = early;
  early = undefined;
  const engine = (await prepared) ?? (await open());
  const memoryMb = Math.max(16, Math.floor(limits.memoryBytes / (1024 * 1024)));
  const threads = Math.max(1, Math.floor(limits.threads ?? 2));
  await engine.connection.run(`SET memory_limit = '${memoryMb}MB'; SET threads = ${threads}`);
  return engine;
}
