import type { ToolContext } from '@opendata-mcp/core';
import type { Labelled } from '../answers/series-spread.js';
import { loadDataflowList } from '../registry/dataflow-list.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { DataflowInfo } from '../registry/structure-types.js';
import { wordForms } from '../resolution/word-forms.js';
import { inScope } from '../scope/flow-scope.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { type IndicatorMatch, indicatorMatches } from './indicator-matches.js';
import { openFlows } from './open-flows.js';
import { probeUnits } from './unit-probe.js';

export type Evidence = 'filed_under_flow' | 'constraint' | 'code_list';

export interface IndicatorHit {
  code: string;
  label: string;
  flow_id: string;
  flow_name: string;
  dimension: string;
  evidence: Evidence;
  other_flows: number;
  unit: Labelled | null;
}

export interface FlowHit {
  flow_id: string;
  name: string;
}

export interface IndicatorSearch {
  indicators: IndicatorHit[];
  total_matched: number;
  flows: FlowHit[];
  flows_searched: number;
  skipped: Array<{ flow_id: string; reason: string }>;
  listUrl: string;
  listFetchedAt: string;
  fromCache: boolean;
}

const EVIDENCE_RANK: Record<Evidence, number> = { filed_under_flow: 0, constraint: 1, code_list: 2 };

/**
 * Indicators by words across every flow in scope: the code lists' own names (with what each code
 * sits under) and the flow titles, matched by word forms. One structure is read per DSD, since
 * flows on one DSD share its code lists. Each indicator is listed once, with the
 * flow that holds its data (the flow it is filed under, else one whose constraint names it, else
 * the flow whose code list has it) and, for the page returned, its unit.
 */
export async function findIndicators(
  rt: SdmxRuntime,
  ctx: ToolContext,
  request: { query: string; language: string; offset: number; limit: number; units: boolean },
): Promise<IndicatorSearch> {
  const list = await loadDataflowList(rt, ctx, rt.agency);
  const flows = list.dataflows.filter((f) => inScope(rt, f.id));
  const wanted = wordForms(request.query);
  const flowName = (id: string) => {
    const flow = flows.find((f) => f.id === id);
    return flow ? (pickText(flow.names, request.language) ?? id) : id;
  };
  const flowIds = new Set(flows.map((f) => f.id));
  // Flows built on one DSD share its code lists: one structure per DSD is read, the rest ride along.
  const byDsd = new Map<string, typeof flows>();
  for (const flow of flows) {
    const ref = flow.structure;
    const key = ref ? `${ref.agency ?? ''}:${ref.id}:${ref.version ?? ''}` : `flow:${flow.id}`;
    byDsd.set(key, [...(byDsd.get(key) ?? []), flow]);
  }
  const sharing = new Map<string, string[]>();
  const representatives = [...byDsd.values()].map((group) => {
    const [first, ...rest] = group as [DataflowInfo, ...DataflowInfo[]];
    sharing.set(
      first.id,
      rest.map((f) => f.id),
    );
    return first;
  });
  const opened = await openFlows(rt, ctx, representatives);
  const matches = opened.structures.flatMap((s) =>
    indicatorMatches(s, wanted, request.language, rt.roleOverrides),
  );
  const byCode = new Map<string, { hit: IndicatorHit; score: number; flows: Set<string> }>();
  for (const match of matches) {
    const holder = holderOf(match, flowIds);
    const riders = sharing.get(match.foundIn) ?? [];
    const seen = byCode.get(match.code);
    if (seen) {
      seen.flows.add(match.foundIn);
      for (const id of riders) seen.flows.add(id);
      if (EVIDENCE_RANK[holder.evidence] < EVIDENCE_RANK[seen.hit.evidence]) {
        Object.assign(seen.hit, {
          flow_id: holder.flow,
          flow_name: flowName(holder.flow),
          evidence: holder.evidence,
        });
      }
      continue;
    }
    byCode.set(match.code, {
      score: match.score,
      flows: new Set([match.foundIn, ...riders]),
      hit: {
        code: match.code,
        label: match.label,
        flow_id: holder.flow,
        flow_name: flowName(holder.flow),
        dimension: match.dimension,
        evidence: holder.evidence,
        other_flows: 0,
        unit: null,
      },
    });
  }
  const ranked = [...byCode.values()].sort(
    (a, b) =>
      b.score - a.score ||
      EVIDENCE_RANK[a.hit.evidence] - EVIDENCE_RANK[b.hit.evidence] ||
      a.hit.code.localeCompare(b.hit.code),
  );
  const page = ranked.slice(request.offset, request.offset + request.limit).map((r) => {
    r.hit.other_flows = [...r.flows].filter((f) => f !== r.hit.flow_id).length;
    return r.hit;
  });
  if (request.units) await addUnits(rt, ctx, opened.structures, page, request.language);
  return {
    indicators: page,
    total_matched: ranked.length,
    flows: flowTitleHits(flows, wanted, request.language),
    flows_searched: opened.structures.reduce((n, s) => n + 1 + (sharing.get(s.flow.id)?.length ?? 0), 0),
    skipped: opened.skipped,
    listUrl: list.url,
    listFetchedAt: list.fetchedAt,
    fromCache: list.fromCache,
  };
}

function holderOf(match: IndicatorMatch, flowIds: Set<string>): { flow: string; evidence: Evidence } {
  const filed = match.ancestors.find((id) => flowIds.has(id));
  if (filed) return { flow: filed, evidence: 'filed_under_flow' };
  return { flow: match.foundIn, evidence: match.constrained ? 'constraint' : 'code_list' };
}

async function addUnits(
  rt: SdmxRuntime,
  ctx: ToolContext,
  structures: FlowStructure[],
  page: IndicatorHit[],
  language: string,
): Promise<void> {
  const byFlow = new Map<string, IndicatorHit[]>();
  for (const hit of page) byFlow.set(hit.flow_id, [...(byFlow.get(hit.flow_id) ?? []), hit]);
  await Promise.all(
    [...byFlow.entries()].map(async ([flowId, hits]) => {
      const structure = structures.find((s) => s.flow.id === flowId);
      const dimension = hits[0]?.dimension;
      if (!structure || !dimension) return;
      const units = await probeUnits(
        rt,
        ctx,
        structure,
        dimension,
        hits.map((h) => h.code),
        language,
      );
      for (const hit of hits) hit.unit = units.get(hit.code) ?? null;
    }),
  );
}

function flowTitleHits(
  flows: Array<{
    id: string;
    names: Array<{ lang: string; value: string }>;
    descriptions: Array<{ lang: string; value: string }>;
  }>,
  wanted: string[],
  language: string,
): FlowHit[] {
  return flows
    .map((f) => {
      const name = pickText(f.names, language) ?? f.id;
      const words = new Set(
        wordForms(`${f.id.replace(/_/g, ' ')} ${name} ${pickText(f.descriptions, language) ?? ''}`),
      );
      return { flow_id: f.id, name, found: wanted.filter((w) => words.has(w)).length };
    })
    .filter((f) => f.found > 0)
    .sort((a, b) => b.found - a.found || a.flow_id.localeCompare(b.flow_id))
    .slice(0, 5)
    .map(({ flow_id, name }) => ({ flow_id, name }));
}
