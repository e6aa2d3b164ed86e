import type { AdapterSearch } from '@opendata-mcp/core';
import type { PxwebApiFor } from './api/pxweb-api-for.js';
import type { PxwebRuntime } from './pxweb-runtime.js';
import { searchTablesTool } from './tools/search-tables.js';

/** A PxWeb portal in `search_all`: its tables ranked by title and folders, each hit opened by its structure. */
export function pxwebSearch(rt: PxwebRuntime, apiFor: PxwebApiFor): AdapterSearch {
  const tool = searchTablesTool(rt, apiFor);
  return async (request, ctx) => {
    const input = tool.input.parse({
      query: request.query,
      limit: Math.min(request.limit, 100),
      ...(request.language ? { language: request.language } : {}),
    });
    const { data } = await tool.execute(input, ctx);
    return data.tables.map((table) => ({
      kind: 'table',
      id: table.id,
      title: table.label,
      description: table.last_period ? `${table.first_period ?? '…'} to ${table.last_period}` : null,
      publisher: rt.title,
      language: table.language,
      open: { tool: 'get_table_structure', arguments: { table_id: table.id } },
    }));
  };
}
