import type { HealthProbe, ToolContext } from '@opendata-mcp/core';
import type { CkanRuntime } from './ckan-runtime.js';
import type { OtherPortals } from './portal/other-portals.js';

/**
 * Health for `api_status`: the portal counts its datasets, asked afresh so a cached answer never makes a
 * failing portal look up. Failures propagate with their code.
 */
export async function probeCkan(
  rt: CkanRuntime,
  portals: OtherPortals | null,
  ctx: ToolContext,
): Promise<HealthProbe> {
  const answer = await rt.client.action<{ count: number }>(
    ctx,
    'package_search',
    { q: '*:*', rows: 0 },
    { cache: false },
  );
  return {
    reachable: true,
    count: { label: 'datasets', value: answer.result.count },
    ...(portals ? { detail: portals.describe() } : {}),
  };
}
