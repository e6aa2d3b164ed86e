import { OpenDataError } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';

/** Whether the instance serves this flow: every flow without an allow-list, else an id or prefix on it. */
export function inScope(rt: Pick<SdmxRuntime, 'flows'>, flowId: string): boolean {
  if (!rt.flows) return true;
  return rt.flows.some((allowed) =>
    allowed.endsWith('*') ? flowId.startsWith(allowed.slice(0, -1)) : flowId === allowed,
  );
}

/** Refuses a flow outside the allow-list before anything is fetched for it. */
export function assertInScope(rt: Pick<SdmxRuntime, 'flows'>, flowId: string): void {
  if (inScope(rt, flowId)) return;
  throw new OpenDataError(
    'scope_denied',
    `Dataflow ${flowId.slice(0, 100)} is outside this server's scope.`,
    {
      hint: `This instance serves only: ${(rt.flows ?? []).slice(0, 20).join(', ')}. search_dataflows lists them.`,
    },
  );
}
