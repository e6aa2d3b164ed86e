import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { loadDuckDb } from './load-duckdb.js';
import type { TableLimits } from './table-limits.js';

export interface Engine {
  instance: DuckDBInstance;
  connection: DuckDBConnection;
}

/**
 * A private in-memory database per session. Memory and threads are capped from the start so
 * loading a hostile file is bounded too; nothing spills to disk (no temp directory budget).
 */
export async function createEngine(limits: TableLimits): Promise<Engine> {
  const { DuckDBInstance } = await loadDuckDb();
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: `${Math.max(16, Math.floor(limits.memoryBytes / (1024 * 1024)))}MB`,
    threads: String(limits.threads ?? 2),
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
  const connection = await instance.connect();
  return { instance, connection };
}
