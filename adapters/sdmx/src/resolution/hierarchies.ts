import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import { fetchStructure, restUrl } from '../registry/fetch-sdmx.js';
import { parseStructureMessage } from '../registry/parse-structure-message.js';
import { segment } from '../registry/sdmx-ids.js';
import type { HierarchyInfo, HierarchyNode } from '../registry/structure-types.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

/**
 * The hierarchical code lists an agency publishes (one `hierarchicalcodelist` call, cached like any
 * structure). Registries without them answer 404 or 501, which leaves the parent links of the code
 * lists as the only membership; a transport failure propagates.
 */
export async function loadHierarchies(
  rt: SdmxRuntime,
  ctx: ToolContext,
  agency: string,
): Promise<HierarchyInfo[]> {
  const url = restUrl(rt, `hierarchicalcodelist/${segment(agency)}/all/latest`, {});
  const load = async () => {
    try {
      return (
        (await parseStructureMessage((await fetchStructure(rt, ctx, url)).body, ctx.signal)).hierarchies ?? []
      );
    } catch (error) {
      if (isOpenDataError(error) && !error.retryable) return [];
      throw error;
    }
  };
  if (rt.ttlMs <= 0) return load();
  return (await ctx.cache.getOrLoad(`sdmx:${rt.id}:hierarchies:${url}`, rt.ttlMs, load)).value;
}

/** Every code under an aggregate in any hierarchy that holds it, without duplicates. */
export function hierarchyMembers(hierarchies: HierarchyInfo[], aggregate: string): string[] {
  const members = new Set<string>();
  const collect = (node: HierarchyNode) => {
    for (const child of node.children) {
      members.add(child.code);
      collect(child);
    }
  };
  const visit = (node: HierarchyNode) => {
    if (node.code === aggregate) collect(node);
    else for (const child of node.children) visit(child);
  };
  for (const hierarchy of hierarchies) for (const root of hierarchy.roots) visit(root);
  members.delete(aggregate);
  return [...members];
}

/** Codes that have members in some hierarchy. */
export function hierarchyGroups(hierarchies: HierarchyInfo[]): Set<string> {
  const groups = new Set<string>();
  const visit = (node: HierarchyNode) => {
    if (node.children.length > 0) groups.add(node.code);
    for (const child of node.children) visit(child);
  };
  for (const hierarchy of hierarchies) for (const root of hierarchy.roots) visit(root);
  return groups;
}
