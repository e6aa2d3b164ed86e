import type { KeepableTable, Provenance } from '@opendata-mcp/core';
import type { KeepRequest, OpenDataServer } from '@opendata-mcp/core/server';

export const TEST_SOURCE: Provenance = {
  backend: 'test',
  adapter_id: 'test',
  endpoint: 'https://portal.example',
  identifiers: { table: 'T1' },
  title: 'Test table',
  publisher: 'Test office',
  url: null,
  query: null,
  access_method: 'test_api',
  retrieved_at: '2026-01-01T00:00:00.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

/** The table of the SQL attack corpus: text `a` and number `b`, 40 rows. */
export const CORPUS_TABLE: KeepableTable = {
  columns: [
    { name: 'a', type: 'VARCHAR' },
    { name: 'b', type: 'DOUBLE' },
  ],
  rows: Array.from({ length: 40 }, (_, i) => [`row ${i}`, i * 1.5]),
};

/** Keeps a table through the server's own store, as a tool answer would, and returns its id. */
export async function keepTable(
  server: OpenDataServer,
  table: KeepRequest['table'] = CORPUS_TABLE,
): Promise<string> {
  const kept = await server.results.keep({
    table,
    sources: [{ citation: 'Test office: Test table.', source: TEST_SOURCE }],
    call: { tool: 'get_test_table', arguments: {} },
  });
  if (kept.result_id === null) throw new Error(kept.result_note);
  return kept.result_id;
}
