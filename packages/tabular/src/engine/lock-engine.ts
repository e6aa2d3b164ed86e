import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Run once the resource sits in the in-memory table `data`. After this no statement can reach a
 * file, a URL or an extension, and no setting can be changed back, even if SQL slips past the guard.
 */
const LOCKDOWN = [
  'SET enable_external_access = false',
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  'SET allow_community_extensions = false',
  'SET lock_configuration = true',
];

export async function lockEngine(connection: DuckDBConnection): Promise<void> {
  for (const statement of LOCKDOWN) await connection.run(statement);
}
