import { isOpenDataError, nearbyNames, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { loadDataflowList } from '../registry/dataflow-list.js';
import { type FlowRef, type FlowStructure, loadFlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { assertInScope, inScope } from './flow-scope.js';

/** The one way tools open a flow: the allow-list is checked first, then the structure is loaded. */
export async function loadScopedStructure(
  rt: SdmxRuntime,
  ctx: ToolContext,
  ref: FlowRef,
): Promise<FlowStructure> {
  assertInScope(rt, ref.flowId);
  try {
    return await loadFlowStructure(rt, ctx, ref);
  } catch (error) {
    if (!isOpenDataError(error) || error.code !== 'not_found') throw error;
    throw await withFlowsNearby(rt, ctx, ref, error);
  }
}

/**
 * The not_found of a flow, its hint naming the flows that do exist near the id asked for (from the
 * dataflow list search_dataflows reads, cached), or the agencies when the agency is the mistake.
 */
async function withFlowsNearby(
  rt: SdmxRuntime,
  ctx: ToolContext,
  ref: FlowRef,
  error: OpenDataError,
): Promise<OpenDataError> {
  const agency = ref.agency ?? rt.agency;
  const list = await loadDataflowList(rt, ctx, agency === rt.agency ? agency : 'all').catch(() => null);
  const flows = list?.dataflows.filter((f) => inScope(rt, f.id)) ?? [];
  if (flows.length === 0) return error;
  const same = flows.filter((f) => f.id === ref.flowId);
  const name = (id: string) => {
    const flow = flows.find((f) => f.id === id);
    const label = flow && pickText(flow.names, rt.language);
    return label ? `${id} (${label.slice(0, 60)})` : id;
  };
  const hint =
    same.length > 0
      ? `${ref.flowId} exists as ${same
          .slice(0, 4)
          .map((f) => `agency ${f.agency} version ${f.version}`)
          .join(', ')}: pass that agency and version, or leave them out.`
      : `Dataflows near "${ref.flowId.slice(0, 40)}": ${nearbyNames(
          ref.flowId,
          flows.map((f) => f.id),
          6,
        )
          .map(name)
          .join(', ')}${
          agency === rt.agency
            ? ''
            : `; agencies: ${[...new Set(flows.map((f) => f.agency))].slice(0, 12).join(', ')}`
        }. search_dataflows finds flows by words.`;
  return new OpenDataError('not_found', error.message, {
    hint,
    ...(error.details ? { details: error.details } : {}),
  });
}
