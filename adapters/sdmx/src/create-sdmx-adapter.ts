import { type Adapter, networkPolicyOf, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import type { z } from 'zod';
import { resolveRegistry } from './profiles/resolve-registry.js';
import { UnsupportedFeatures } from './registry/unsupported-features.js';
import { profileRoles } from './resolution/dimension-roles.js';
import { sdmxPrompts, sdmxResources } from './sdmx-extras.js';
import { probeSdmx } from './sdmx-health.js';
import { SdmxOptionsSchema } from './sdmx-options.js';
import { sdmxPlaces } from './sdmx-places.js';
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
    indexWaitMs: config.index_wait_ms,
    dataFormats: registry.dataFormats,
    profile: registry.profile,
    flows: config.flows ?? null,
    roleOverrides: { ...profileRoles(registry.profile), ...config.dimension_roles },
    totalDefaults: config.total_defaults ?? registry.profile?.defaultToTotal ?? [],
    availableConstraint: registry.profile?.supports.availableConstraint ?? null,
    unsupported: new UnsupportedFeatures(config.metadata_ttl_ms),
  };
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: config.id,
    backend: 'sdmx',
    title: `SDMX registry ${title}`,
    endpoint: rt.baseUrl,
    instructions:
      `SDMX registry ${title}${registry.agency ? ` (agency ${registry.agency})` : ''}: start with ` +
      'find_indicators (words, any spelling) to get an indicator code and the flow holding it; then ' +
      "get_indicator_value (one number), get_indicator_table (areas compared, a region's members, top N) or " +
      'get_indicator_series (a trend), with filters as labels or codes keyed by dimension or role ("area", ' +
      '"sex"). These never guess: status ok is one answer; no_observations means the registry holds none (say so, ' +
      'do not estimate); not_a_single_value and ambiguous list what to pin. check_availability tells which codes ' +
      "still have data; list_codes pages code lists and a group's members; get_dataflow_structure and " +
      'query_data give the raw structure and observations. State the unit and any defaults_applied with a value ' +
      'and quote the citation. rate_limited or upstream_unavailable mean the registry could not be asked, never ' +
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
    places: sdmxPlaces(rt),
    ...(registry.profile ? { languages: registry.profile.languages } : {}),
    resources: sdmxResources(rt),
    prompts: sdmxPrompts(),
  };
}
