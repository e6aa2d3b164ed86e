import { type FlowStructure, resolveFlow } from '../registry/flow-structure.js';
import type { CodelistInfo, DataflowInfo, DataStructureInfo } from '../registry/structure-types.js';
import { dimensionRoles, type Role } from '../resolution/dimension-roles.js';

/**
 * A flow's structure put together from the bulk answers: its DSD and the code lists its
 * dimensions name. Concept names and constraints are not in bulk answers (references=none), so
 * dimensions carry their ids as names and no code is narrowed by a constraint.
 */
export function indexedStructure(
  flow: DataflowInfo,
  dsd: DataStructureInfo,
  codelists: Map<string, CodelistInfo[]>,
  fetched: { url: string; fetchedAt: string; prepared: string | null },
): FlowStructure {
  const components = [...dsd.dimensions, ...dsd.attributes, ...(dsd.measure ? [dsd.measure] : [])];
  const named = components.flatMap((c) => (c.codelist ? (codelists.get(c.codelist.id) ?? []) : []));
  const resolved = resolveFlow(
    {
      prepared: fetched.prepared,
      dataflows: [flow],
      dataStructures: [dsd],
      codelists: named,
      concepts: [],
      constraints: [],
    },
    flow.id,
    flow.agency,
    'en',
    fetched,
  );
  return { ...resolved, fromCache: true };
}

/**
 * The code lists of a flow's dimensions, when the bulk answers hold its DSD: the indicator's apart
 * (searched by words), the others for reading filter words and place names as codes.
 */
export function dimensionCodelistsOf(
  flow: DataflowInfo,
  dsds: Map<string, DataStructureInfo>,
  codelists: Map<string, CodelistInfo[]>,
  overrides: Record<string, Role>,
): { indicator: CodelistInfo | null; others: CodelistInfo[] } {
  const ref = flow.structure;
  const dsd = ref ? dsds.get(structureKey(ref)) : undefined;
  if (!dsd) return { indicator: null, others: [] };
  const structure = indexedStructure(flow, dsd, codelists, { url: '', fetchedAt: '', prepared: null });
  const roled = dimensionRoles(structure, overrides);
  const indicator = roled.find((r) => r.role === 'indicator')?.dimension.codelist ?? null;
  const others = roled.flatMap((r) =>
    r.dimension.codelist && r.role !== 'indicator' ? [r.dimension.codelist] : [],
  );
  return { indicator, others };
}

/** The key under which the index keeps a DSD or code list: agency, id and version as referenced. */
export function structureKey(ref: { agency: string | null; id: string; version: string | null }): string {
  return `${ref.agency ?? ''}:${ref.id}:${ref.version ?? ''}`;
}
