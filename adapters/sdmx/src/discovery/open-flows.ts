import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { FlowStructure } from '../registry/flow-structure.js';
import type { DataflowInfo } from '../registry/structure-types.js';
import { loadScopedStructure } from '../scope/scoped-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

export interface OpenedFlows {
  structures: FlowStructure[];
  /** Flows that could not be read, each named with the reason; the others still count. */
  skipped: Array<{ flow_id: string; reason: string }>;
}

const CONCURRENCY = 4;

/**
 * The structures of many flows, a few at a time (each is cached like any structure). One flow
 * that cannot be read is skipped and named; when none can be read and the cause is the transport
 * (an outage, a rate limit), that failure is raised: an empty search must never stand in for it.
 */
export async function openFlows(
  rt: SdmxRuntime,
  ctx: ToolContext,
  flows: DataflowInfo[],
): Promise<OpenedFlows> {
  const structures: FlowStructure[] = [];
  const skipped: OpenedFlows['skipped'] = [];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < flows.length) {
      const flow = flows[next++];
      if (!flow) break;
      try {
        structures.push(
          await loadScopedStructure(rt, ctx, { flowId: flow.id, agency: flow.agency, version: flow.version }),
        );
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        failures.push(error);
        skipped.push({ flow_id: flow.id, reason: reasonOf(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, flows.length) }, worker));
  if (structures.length === 0 && failures.length > 0) {
    const transport = failures.find((e) => isOpenDataError(e) && e.retryable);
    if (transport) throw transport;
    throw new OpenDataError('upstream_error', `None of the ${flows.length} dataflows could be read.`, {
      hint: 'Check api_status; the registry may be answering with errors.',
    });
  }
  structures.sort((a, b) => a.flow.id.localeCompare(b.flow.id));
  return { structures, skipped };
}

function reasonOf(error: unknown): string {
  return isOpenDataError(error) ? `${error.code}: ${error.message.slice(0, 120)}` : 'unreadable structure';
}
