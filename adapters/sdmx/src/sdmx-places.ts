import {
  type AdapterPlaces,
  type CoverageQuestion,
  gazetteer,
  type HitCoverage,
  type Place,
  type PlaceCode,
  type PlaceCoding,
  type SearchHit,
  type ToolContext,
} from '@opendata-mcp/core';
import { filterIndex } from './discovery-index/filter-index.js';
import { indexedFlowStructure } from './discovery-index/indexed-codelists.js';
import { loadDataflowList } from './registry/dataflow-list.js';
import type { FlowComponent, FlowStructure } from './registry/flow-structure.js';
import { pickText } from './registry/pick-text.js';
import type { CodeInfo } from './registry/structure-types.js';
import { dimensionRoles } from './resolution/dimension-roles.js';
import { loadHierarchies } from './resolution/hierarchies.js';
import { membersOf } from './resolution/members.js';
import { placeCodeIn } from './resolution/place-codes.js';
import { inScope } from './scope/flow-scope.js';
import { loadScopedStructure } from './scope/scoped-structure.js';
import type { SdmxRuntime } from './sdmx-runtime.js';

// Area code lists are shared by most flows of a registry: a few structures show how it codes places,
// and a search annotates only as many flows as one page of hits opens.
const FLOWS_READ = 3;
const HITS_CHECKED = 5;

/** How a registry codes places (its area code lists) and whether flows hold data for them (their constraints). */
export function sdmxPlaces(rt: SdmxRuntime): AdapterPlaces {
  return {
    async code(place, ctx) {
      const list = await loadDataflowList(rt, ctx, rt.agency);
      const flows = list.dataflows.filter((f) => inScope(rt, f.id)).slice(0, FLOWS_READ);
      const codes = new Map<string, PlaceCode>();
      let members: PlaceCoding['members'];
      const index = await filterIndex(rt, ctx);
      for (const flow of flows) {
        const structure =
          (index && indexedFlowStructure(index, flow)) ??
          (await loadScopedStructure(rt, ctx, { flowId: flow.id, agency: flow.agency }));
        const area = areaDimension(rt, structure);
        const list = area?.codelist?.codes ?? [];
        if (place.members && !members && list.length > 0)
          members = await groupMembers(rt, ctx, list, place, flow.agency);
        const found = area?.codelist ? placeCodeIn(list, place, rt.language) : null;
        if (!area || !found) continue;
        const where = `${area.codelist?.id ?? area.id} (${area.id} of ${flow.id})`;
        codes.set(`${found.id}\u0000${area.codelist?.id}`, {
          code: found.id,
          label: pickText(found.names, rt.language) ?? null,
          where,
        });
      }
      return {
        codes: [...codes.values()],
        ...(members ? { members } : {}),
        note: `Read the area code lists of ${flows.length} of ${list.dataflows.length} dataflows; filters take the name too.`,
      };
    },
    coverage: (hits, question, ctx) => sdmxCoverage(rt, hits, question, ctx),
  };
}

/**
 * A group's members in the registry's codes: its own hierarchy or parent links when the list codes
 * the group and gives it members, else the gazetteer's members that the list codes.
 */
async function groupMembers(
  rt: SdmxRuntime,
  ctx: ToolContext,
  list: CodeInfo[],
  place: Place,
  agency: string,
): Promise<PlaceCoding['members']> {
  const own = placeCodeIn(list, place, rt.language);
  if (own) {
    const registry = membersOf(list, own.id, await loadHierarchies(rt, ctx, agency));
    if (registry.codes.length > 0) return { codes: registry.codes, source: 'backend' };
  }
  const codes = gazetteer()
    .membersOf(place)
    .flatMap((member) => placeCodeIn(list, member, rt.language)?.id ?? []);
  return { codes, source: 'gazetteer' };
}

function areaDimension(rt: SdmxRuntime, structure: FlowStructure): FlowComponent | null {
  return dimensionRoles(structure, rt.roleOverrides).find((r) => r.role === 'geography')?.dimension ?? null;
}

async function sdmxCoverage(
  rt: SdmxRuntime,
  hits: ReadonlyArray<SearchHit>,
  question: CoverageQuestion,
  ctx: ToolContext,
): Promise<HitCoverage[]> {
  const flowOf = (hit: SearchHit) =>
    hit.kind === 'dataflow' ? hit.id : String(hit.open.arguments.flow_id ?? '') || null;
  const flowIds = [...new Set(hits.map(flowOf).filter((id): id is string => id !== null))].slice(
    0,
    HITS_CHECKED,
  );
  const byFlow = new Map<string, HitCoverage>();
  await Promise.all(
    flowIds.map(async (flowId) => {
      try {
        const structure = await loadScopedStructure(rt, ctx, { flowId });
        byFlow.set(flowId, flowCoverage(rt, structure, question));
      } catch {
        // A flow that cannot be opened now is unknown, not empty.
      }
    }),
  );
  return hits.map((hit) => {
    const known = byFlow.get(flowOf(hit) ?? '') ?? { place: null, period: null };
    // A flow's constraint speaks for the flow: an indicator of it may still lack what the flow holds.
    return hit.kind === 'dataflow'
      ? known
      : { place: known.place === false ? false : null, period: known.period === false ? false : null };
  });
}

/**
 * From the structure alone: the place is held when the area constraint lists its code, missing when
 * a constraint leaves it out or the code list has no code for it, unknown when only the code list has it.
 */
function flowCoverage(rt: SdmxRuntime, structure: FlowStructure, question: CoverageQuestion): HitCoverage {
  const area = areaDimension(rt, structure);
  let place: boolean | null = null;
  if (area?.codelist) {
    const codes = question.places
      .map((p: Place) => placeCodeIn(area.codelist?.codes ?? [], p, rt.language)?.id)
      .filter((c): c is string => c !== undefined);
    const limits = [area.allowed, area.available].filter((l): l is string[] => l !== null);
    if (codes.length === 0) place = false;
    else if (limits.length > 0) place = codes.some((c) => limits.every((l) => l.includes(c)));
  }
  return { place, period: periodCovered(structure, question.period) };
}

function periodCovered(structure: FlowStructure, period: string | null): boolean | null {
  if (!period) return null;
  const ranges = structure.constraints.flatMap((c) => (c.timeRange ? [c.timeRange] : []));
  const range = ranges[0];
  if (!range || (!range.start && !range.end)) return null;
  const year = period.slice(0, 4);
  return (!range.start || range.start.slice(0, 4) <= year) && (!range.end || range.end.slice(0, 4) >= year);
}
