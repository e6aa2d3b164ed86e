import { type Adapter, networkPolicyOf, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import type { z } from 'zod';
import { pxwebApiFor } from './api/pxweb-api-for.js';
import { probePxweb } from './pxweb-health.js';
import { PxwebOptionsSchema } from './pxweb-options.js';
import type { PxwebRuntime } from './pxweb-runtime.js';
import { pxwebSearch } from './search-tables-capability.js';
import { browseTablesTool } from './tools/browse-tables.js';
import { getTableStructureTool } from './tools/get-table-structure.js';
import { queryTableTool } from './tools/query-table.js';
import { searchTablesTool } from './tools/search-tables.js';

/** One PxWeb portal (API v1 or v2) as an adapter; options are validated here, once. */
export function createPxwebAdapter(options: z.input<typeof PxwebOptionsSchema>): Adapter {
  const config = PxwebOptionsSchema.parse(options);
  const base = new URL(config.url);
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const rt: PxwebRuntime = {
    id: config.id,
    baseUrl,
    apiVersion: config.api_version ?? (/\/v2$/i.test(baseUrl) ? 'v2' : 'v1'),
    title: config.title ?? base.host,
    language: config.language,
    database: config.database ?? null,
    maxCells: config.max_cells,
    ttlMs: config.metadata_ttl_ms,
    portalLanguages: null,
  };
  const apiFor = pxwebApiFor(rt);
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: rt.id,
    backend: 'pxweb',
    title: `PxWeb portal ${rt.title}`,
    endpoint: rt.baseUrl,
    instructions:
      `PxWeb statistics portal ${rt.title} (API ${rt.apiVersion}, labels in "${rt.language}"): find a table ` +
      'with search_tables (or walk the folders with browse_tables), read its variables and value codes with ' +
      'get_table_structure, then read values with query_table (filters keyed by variable code, values as ' +
      `codes). A selection may hold at most ${rt.maxCells} cells; narrow it rather than asking twice. Quote ` +
      'the citation with every number. no_data means the portal has no value for the selection; ' +
      'rate_limited or upstream_unavailable mean it could not be asked, never that the data is absent.',
    tools: [
      searchTablesTool(rt, apiFor),
      browseTablesTool(rt, apiFor),
      getTableStructureTool(rt, apiFor),
      queryTableTool(rt, apiFor),
    ],
    network: networkPolicyOf(config),
    search: pxwebSearch(rt, apiFor),
    get languages() {
      return rt.portalLanguages ?? [rt.language];
    },
    health: (ctx) => probePxweb(rt, apiFor, ctx),
  };
}
