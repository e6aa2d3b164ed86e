/** The DuckDB bindings, loaded once on the first table: a server that never opens one never pays for them. */
let duckdb: Promise<typeof import('@duckdb/node-api')> | undefined;

export function loadDuckDb(): Promise<typeof import('@duckdb/node-api')> {
  duckdb ??= import('@duckdb/node-api');
  return duckdb;
}
