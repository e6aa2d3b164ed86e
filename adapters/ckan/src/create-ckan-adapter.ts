import { type Adapter, networkPolicyOf, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import type { z } from 'zod';
import { ckanPrompts, ckanResources } from './ckan-extras.js';
import { probeCkan } from './ckan-health.js';
import { CkanOptionsSchema } from './ckan-options.js';
import { type CkanRuntime, createClient } from './ckan-runtime.js';
import { createOtherPortals } from './portal/other-portals.js';
import { resolveQuirks } from './portal/portal-quirks.js';
import { SessionCache } from './resources/session-cache.js';
import { ckanSearch } from './search-datasets-capability.js';
import { getDatasetTool } from './tools/get-dataset.js';
import { getSchemaTool } from './tools/get-schema.js';
import { listOrganizationsTool } from './tools/list-organizations.js';
import { queryResourceTool } from './tools/query-resource.js';
import { searchDatasetsTool } from './tools/search-datasets.js';
import { withPortal } from './tools/with-portal.js';

/** One CKAN portal as an adapter; several instances (with distinct ids and tool prefixes) can share a server. */
export function createCkanAdapter(options: z.input<typeof CkanOptionsSchema>): Adapter {
  const config = CkanOptionsSchema.parse(options);
  const base = new URL(config.url);
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const quirks = resolveQuirks(base.hostname, {
    ...config.quirks,
    ...(config.api_path ? { api_path: config.api_path } : {}),
  });
  const title = config.title ?? base.host;
  const rt: CkanRuntime = {
    id: config.id,
    baseUrl,
    title,
    quirks,
    client: createClient(baseUrl, quirks, config.metadata_ttl_ms),
    sessions: new SessionCache(config.max_open_tables),
    allowedHosts: config.allowed_hosts,
    resourceTtlMs: config.metadata_ttl_ms,
    datastoreSql: { enabled: undefined },
    trustedFiles: new Map(),
  };
  const portals = config.allow_other_portals ? createOtherPortals(rt) : null;
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: config.id,
    backend: 'ckan',
    title: `CKAN portal ${title}`,
    endpoint: baseUrl,
    instructions:
      `CKAN portal ${title}: find datasets with search_datasets (list_organizations narrows by publisher), ` +
      'open one with get_dataset to choose a queryable resource, read its columns with get_schema, then answer ' +
      'with one read-only SQL query over the table `data` in query_resource. The SQL always runs over the whole ' +
      'resource; only the returned rows are capped (100). Every number must come from a query result; quote the ' +
      '`citation` with the answer. Files above the size or row caps are refused, never cut.',
    tools: [searchDatasetsTool, getDatasetTool, getSchemaTool, queryResourceTool, listOrganizationsTool].map(
      (build) => withPortal(rt, portals, build),
    ),
    network: networkPolicyOf(config),
    search: ckanSearch(rt),
    languages: quirks.languages,
    resources: ckanResources(rt),
    prompts: ckanPrompts(),
    health: (ctx) => probeCkan(rt, portals, ctx),
    async close() {
      await rt.sessions.closeAll();
    },
  };
}
