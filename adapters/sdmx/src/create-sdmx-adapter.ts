import { type Adapter, networkPolicyOf, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import type { z } from 'zod';
import { resolveRegistry } from './profiles/resolve-registry.js';
import { profileRoles } from './resolution/dimension-roles.js';
import { sdmxPrompts, sdmxResources } from './sdmx-extras.js';
import { probeSdmx } from './sdmx-health.js';
import { SdmxOptionsSchema } from './sdmx-options.js';
import type { SdmxRuntime } from './sdmx-runtime.js';
import { sdmxSearch } from './search-dataflows-capability.js';
import { checkAvailabilityTool } from './tools/check-availability.js';
import { findIndicatorsTool } from './tools/find-indicators.js';
import { getDataflowStructureTool } from './tools/get-dataflow-structure.js';
import { getIndicatorSeriesTool } from './tools/get-indicator-series.js';
import { getIndicatorTableTool } from './tools/get-indicator-table.js';
import { getIndicatorValueTool } from './tools/get-indicator-value.js';
import { listCodesTool } from './tools/list-codes.js';
import { queryDataTool } from './tools/query-data.js';
import { searchDataflowsTool } from './tools/search-dataflows.js';

/** One SDMX 2.1 REST registry as an adapter; options are validated here, once. */
export function createSdmxAdapter(options: z.input<typeof SdmxOptionsSchema>): Adapter {
  const config = SdmxOptionsSchema.parse(options);
  const registry = resolveRegistry(config);
  const base = new URL(registry.url);
  const title = registry.title ?? base.host;
  const rt: SdmxRuntime = {
    id: config.id,
    baseUrl: `${base.origin}${base.pathname.replace(/\/+$/, '')}`,
    title,
    agency: registry.agency ?? 'all',
    language: config.language,
    references: registry.references,
    csvFormatParam: registry.dataFormats[0]?.param ?? null,
    ttlMs: config.metadata_ttl_ms,
    dataFormats: registry.dataFormats,
    profile: registry.profile,
    flows: config.flows ?? null,
    roleOverrides: { ...profileRoles(registry.profile), ...config.dimension_roles },
    totalDefaults: config.total_defaults ?? registry.profile?.defaultToTotal ?? [],
    availableConstraint: registry.profile?.supports.availableConstraint ?? null,
  };
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: config.id,
    backend: 'sdmx',
    title: `SDMX registry ${title}`,
    endpoint: rt.baseUrl,
    instructions:
      `SDMX registry ${title}${registry.agency ? ` (agency ${registry.agency})` : ''}: find a dataflow with ` +
      'search_dataflows, read its dimensions and constraints with get_dataflow_structure, find codes with ' +
      'list_codes, then read values with query_data (filters keyed by dimension id, codes as ids). Values keep ' +
      'the published form in obs_value; quote the citation with every number. no_data means the registry has ' +
      'nothing for that key and period; rate_limited or upstream_unavailable mean it could not be asked, never ' +
      'that the data is absent.',
    tools: [
      searchDataflowsTool(rt),
      findIndicatorsTool(rt),
      getDataflowStructureTool(rt),
      listCodesTool(rt),
      queryDataTool(rt),
      getIndicatorValueTool(rt),
      getIndicatorTableTool(rt),
      getIndicatorSeriesTool(rt),
      checkAvailabilityTool(rt),
    ],
    network: networkPolicyOf(config),
    health: (ctx) => probeSdmx(rt, ctx),
    search: sdmxSearch(rt),
    resources: sdmxResources(rt, config.id),
    prompts: sdmxPrompts(),
  };
}
