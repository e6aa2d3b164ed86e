import type { HealthProbe, ToolContext } from '@opendata-mcp/core';
import { loadDataflowList } from './registry/dataflow-list.js';
import type { SdmxRuntime } from './sdmx-runtime.js';

/** Health for `api_status`: the registry lists its dataflows. Failures propagate with their code. */
export async function probeSdmx(rt: SdmxRuntime, ctx: ToolContext): Promise<HealthProbe> {
  const list = await loadDataflowList({ ...rt, ttlMs: 0 }, ctx, rt.agency);
  return {
    reachable: true,
    count: { label: `dataflows (${rt.agency})`, value: list.dataflows.length },
    detail: `SDMX registry ${new URL(rt.baseUrl).host} answered.`,
  };
}
