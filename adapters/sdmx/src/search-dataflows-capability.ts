import type { AdapterSearch } from '@opendata-mcp/core';
import type { SdmxRuntime } from './sdmx-runtime.js';
import { searchDataflowsTool } from './tools/search-dataflows.js';

/** An SDMX registry in `search_all`: dataflows whose id, name or description hold every word. */
export function sdmxSearch(rt: SdmxRuntime): AdapterSearch {
  const tool = searchDataflowsTool(rt);
  return async (request, ctx) => {
    const input = tool.input.parse({
      query: request.query,
      limit: Math.min(request.limit, 100),
      ...(request.language ? { language: request.language } : {}),
    });
    const { data } = await tool.execute(input, ctx);
    return data.flows.map((flow) => ({
      kind: 'dataflow',
      id: flow.id,
      title: flow.name,
      description: flow.description,
      publisher: flow.agency,
      open: {
        tool: 'get_dataflow_structure',
        arguments: { flow_id: flow.id, ...(flow.agency !== rt.agency ? { agency: flow.agency } : {}) },
      },
    }));
  };
}
