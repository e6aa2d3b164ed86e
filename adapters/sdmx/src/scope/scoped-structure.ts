import type { ToolContext } from '@opendata-mcp/core';
import { type FlowRef, type FlowStructure, loadFlowStructure } from '../registry/flow-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { assertInScope } from './flow-scope.js';

/** The one way tools open a flow: the allow-list is checked first, then the structure is loaded. */
export function loadScopedStructure(rt: SdmxRuntime, ctx: ToolContext, ref: FlowRef): Promise<FlowStructure> {
  assertInScope(rt, ref.flowId);
  return loadFlowStructure(rt, ctx, ref);
}
