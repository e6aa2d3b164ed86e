import type { HealthProbe, ToolContext } from '@opendata-mcp/core';
import type { PxwebApiFor } from './api/pxweb-api-for.js';
import type { PxwebRuntime } from './pxweb-runtime.js';

/** Health for `api_status`: the portal counts its databases (v1) or tables (v2), asked afresh. Failures propagate with their code. */
export async function probePxweb(
  rt: PxwebRuntime,
  apiFor: PxwebApiFor,
  ctx: ToolContext,
): Promise<HealthProbe> {
  const count = await apiFor().probe(ctx);
  return {
    reachable: true,
    count,
    detail: `PxWeb ${rt.apiVersion} at ${new URL(rt.baseUrl).host} answered.`,
  };
}
