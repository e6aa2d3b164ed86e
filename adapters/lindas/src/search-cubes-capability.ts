import type { AdapterSearch } from '@opendata-mcp/core';
import { LANGUAGES } from './language.js';
import type { LindasRuntime } from './lindas-runtime.js';
import { searchCubesTool } from './tools/search-cubes.js';

/** LINDAS in `search_all`: published cubes ranked by their names and descriptions, newest version each. */
export function lindasSearch(rt: LindasRuntime): AdapterSearch {
  const tool = searchCubesTool(rt);
  return async (request, ctx) => {
    const language = (LANGUAGES as readonly string[]).includes(request.language ?? '')
      ? request.language
      : undefined;
    const input = tool.input.parse({ query: request.query, limit: Math.min(request.limit, 100), language });
    const { data } = await tool.execute(input, ctx);
    return data.cubes.map((cube) => ({
      kind: 'cube',
      id: cube.cube_id,
      title: cube.name,
      description: cube.description,
      publisher: cube.creator,
      language: data.language,
      open: { tool: 'get_cube_structure', arguments: { cube_id: cube.cube_id } },
    }));
  };
}
