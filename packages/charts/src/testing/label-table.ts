import type { KeepableTable, Provenance } from '@opendata-mcp/core';
import type { OpenDataServer } from '@opendata-mcp/core/server';

const SYNTHETIC_SOURCE: Provenance = {
  backend: 'test',
  adapter_id: 'test',
  endpoint: 'https://portal.example',
  identifiers: { table: 'synthetic-bars' },
  title: 'Synthetic bars',
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

/** A synthetic table of `rows` bars: a short text `label` and a number `value`. */
export function syntheticBars(rows: number): KeepableTable {
  return {
    columns: [
      { name: 'label', type: 'VARCHAR' },
      { name: 'value', type: 'DOUBLE' },
    ],
    rows: Array.from({ length: rows }, (_, i) => [`bar ${i}`, (i % 97) + 1]),
  };
}

/** Keeps a table through the server's own store, as a tool answer would, and returns its id. */
export async function keepSynthetic(server: OpenDataServer, table: KeepableTable): Promise<string> {
  const kept = await server.results.keep({
    table,
    sources: [{ citation: 'Test office: Synthetic bars.', source: SYNTHETIC_SOURCE }],
    call: { tool: 'get_synthetic_bars', arguments: {} },
  });
  if (kept.result_id === null) throw new Error(kept.result_note);
  return kept.result_id;
}
