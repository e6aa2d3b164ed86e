import type { AdapterSearch } from '@opendata-mcp/core';
import type { CkanRuntime } from './ckan-runtime.js';
import { searchDatasetsTool } from './tools/search-datasets.js';

/** A CKAN portal in `search_all`: its catalogue's full-text search. */
export function ckanSearch(rt: CkanRuntime): AdapterSearch {
  const tool = searchDatasetsTool(rt);
  return async (request, ctx) => {
    const input = tool.input.parse({ query: request.query, limit: Math.min(request.limit, 50) });
    const { data } = await tool.execute(input, ctx);
    return data.datasets.map((dataset) => ({
      kind: 'dataset',
      id: dataset.name,
      title: dataset.title,
      description: dataset.description,
      publisher: dataset.organization,
      open: { tool: 'get_dataset', arguments: { dataset_id: dataset.name } },
    }));
  };
}
