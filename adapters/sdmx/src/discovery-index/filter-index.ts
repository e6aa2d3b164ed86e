import type { ToolContext } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { peekDiscoveryIndex, readyDiscoveryIndex } from './open-discovery-index.js';
import type { SearchableIndex } from './searchable-index.js';

/**
 * The index whose code lists read filter words and place names as codes: the complete one when it
 * is ready within the wait searches allow, undefined when it is not, when the registry refused the
 * bulk queries or when its build failed (then each flow's own structure is read, with the same
 * answers, and a failure of the registry shows there).
 */
export async function filterIndex(rt: SdmxRuntime, ctx: ToolContext): Promise<SearchableIndex | undefined> {
  const ready = await readyDiscoveryIndex(rt, ctx).catch((error: unknown) => {
    if (ctx.signal.aborted) throw error;
    return undefined;
  });
  const index = ready?.unpacked.index;
  return index?.codesIndexed ? index : undefined;
}

/**
 * The same index when this process holds it already, never waiting for a build: for calls that
 * read the flow's own structure anyway (its constraints and units), where waiting would gain nothing.
 */
export async function heldFilterIndex(
  rt: SdmxRuntime,
  ctx: ToolContext,
): Promise<SearchableIndex | undefined> {
  const index = await peekDiscoveryIndex(rt, ctx);
  return index?.codesIndexed ? index : undefined;
}
