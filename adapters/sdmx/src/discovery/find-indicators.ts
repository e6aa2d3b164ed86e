import { type ToolContext, workSlicer } from '@opendata-mcp/core';
import type { Labelled } from '../answers/series-spread.js';
import { indicatorCandidates, PACED } from '../discovery-index/indicator-candidates.js';
import { openDiscoveryIndex } from '../discovery-index/open-discovery-index.js';
import { matchedWords, queryWords } from '../discovery-index/query-words.js';
import type { SearchableIndex } from '../discovery-index/searchable-index.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { LocalText } from '../registry/structure-types.js';
import { inScope } from '../scope/flow-scope.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { type IndicatorMatch, indicatorMatches } from './indicator-matches.js';
import { probeUnits, type UnitsUnread } from './unit-probe.js';

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
  /** Words of the question the code's names, what it sits under or its flow's title hold. */
  matched_words: string[];
}

export interface FlowHit {
  flow_id: string;
  name: string;
  matched_words: string[];
}

export interface IndicatorSearch {
  indicators: IndicatorHit[];
  /** Each returned indicator's names in every language its list gives, by code (not part of a tool's answer). */
  names: Map<string, LocalText[]>;
  total_matched: number;
  flows: FlowHit[];
  flows_searched: number;
  skipped: Array<{ flow_id: string; reason: string }>;
  /** In-scope flows whose code lists were not searched. */
  not_searched: string[];
  /** What the answer could not search, in a sentence; null when it searched everything. */
  note: string | null;
  listUrl: string;
  listFetchedAt: string;
  fromCache: boolean;
}

const EVIDENCE_RANK: Record<Evidence, number> = { filed_under_flow: 0, constraint: 1, code_list: 2 };
// The order `localeCompare` gives, without building a collator for each of thousands of comparisons.
const CODE_ORDER = new Intl.Collator();

/**
 * Indicators by words across every flow in scope: the code lists' own names (with what each code
 * sits under) and the flow titles, matched by word forms, from the registry's discovery index
 * (one structure per DSD, since flows on one DSD share its code lists). Each indicator is listed once, with the
 * flow that holds its data (the flow it is filed under, else one whose constraint names it, else
 * the flow whose code list has it) and, for the page returned, its unit.
 */
export async function findIndicators(
  rt: SdmxRuntime,
  ctx: ToolContext,
  request: { query: string; language: string; offset: number; limit: number; units: boolean },
): Promise<IndicatorSearch> {
  const opened = await openDiscoveryIndex(rt, ctx);
  const flows = opened.index.flows.filter((f) => inScope(rt, f.id));
  const words = queryWords(request.query, request.language);
  const wanted = words.map((w) => w.form);
  const byId = new Map(flows.map((f) => [f.id, f]));
  const flowName = (id: string) => {
    const flow = byId.get(id);
    return flow ? (pickText(flow.names, request.language) ?? id) : id;
  };
  const flowIds = new Set(byId.keys());
  const found = await indicatorCandidates(rt, ctx, opened, request.query, wanted, request.language);
  const { sharing } = found;
  // A registry of thousands of flows yields thousands of matches: the work is paced so the other
  // calls this process serves are not held up while it runs.
  const slicer = workSlicer(ctx.signal);
  const byForms: IndicatorMatch[] = [];
  for (const structure of found.structures) {
    byForms.push(...indicatorMatches(structure, wanted, request.language, rt.roleOverrides));
    await slicer.tick();
  }
  const formFound = new Set(byForms.map((m) => `${m.foundIn}:${m.code}`));
  const matches = [...byForms, ...found.textMatches.filter((m) => !formFound.has(`${m.foundIn}:${m.code}`))];
  // Per code, the flows whose lists hold it (`foundIn`); the flows riding along on those lists are
  // counted for the page returned only.
  const byCode = new Map<
    string,
    { hit: IndicatorHit; names: LocalText[]; score: number; relevance: number; foundIn: Set<string> }
  >();
  for (const [i, match] of matches.entries()) {
    if (i % PACED === 0) await slicer.tick();
    const holder = holderOf(match, flowIds);
    const seen = byCode.get(match.code);
    if (seen) {
      seen.foundIn.add(match.foundIn);
      if (EVIDENCE_RANK[holder.evidence] < EVIDENCE_RANK[seen.hit.evidence]) {
        Object.assign(seen.hit, { flow_id: holder.flow, evidence: holder.evidence });
      }
      continue;
    }
    byCode.set(match.code, {
      names: match.names,
      score: match.score,
      relevance: match.relevance ?? 0,
      foundIn: new Set([match.foundIn]),
      hit: {
        code: match.code,
        label: match.label,
        flow_id: holder.flow,
        flow_name: '',
        dimension: match.dimension,
        evidence: holder.evidence,
        other_flows: 0,
        unit: null,
        matched_words: matchedWords(words, match.matched),
      },
    });
  }
  // Among codes that match as well, those a flow is known to hold come first, then the index's order.
  const ranked = [...byCode.values()].sort(
    (a, b) =>
      b.score - a.score ||
      EVIDENCE_RANK[a.hit.evidence] - EVIDENCE_RANK[b.hit.evidence] ||
      b.relevance - a.relevance ||
      CODE_ORDER.compare(a.hit.code, b.hit.code),
  );
  const pageRanked = ranked.slice(request.offset, request.offset + request.limit);
  const page = pageRanked.map((r) => {
    const flows = new Set<string>();
    for (const id of r.foundIn) {
      flows.add(id);
      for (const rider of sharing.get(id) ?? []) flows.add(rider);
    }
    flows.delete(r.hit.flow_id);
    r.hit.other_flows = flows.size;
    r.hit.flow_name = flowName(r.hit.flow_id);
    return r.hit;
  });
  const unitsUnread = request.units
    ? await addUnits(rt, ctx, found.structures, page, request.language)
    : { not_recorded: [], failed: [] };
  return {
    indicators: page,
    names: new Map(pageRanked.map((r) => [r.hit.code, r.names])),
    total_matched: ranked.length,
    flows: flowTitleHits(rt, opened.index, request.query, request.language),
    flows_searched: found.searched,
    skipped: found.skipped,
    not_searched: found.notSearched,
    note: joinNotes([opened.note ?? notSearchedNote(found.notSearched), unitsNote(unitsUnread)]),
    listUrl: opened.list.url,
    listFetchedAt: opened.list.fetchedAt,
    fromCache: opened.fromCache,
  };
}

function notSearchedNote(ids: string[]): string | null {
  if (ids.length === 0) return null;
  const named = ids.slice(0, 5).join(', ');
  return `${ids.length} dataflow(s) were not searched for indicators (${named}${ids.length > 5 ? ', …' : ''}); their titles were.`;
}

function holderOf(match: IndicatorMatch, flowIds: Set<string>): { flow: string; evidence: Evidence } {
  const filed = match.ancestors.find((id) => flowIds.has(id));
  if (filed) return { flow: filed, evidence: 'filed_under_flow' };
  return { flow: match.foundIn, evidence: match.constrained ? 'constraint' : 'code_list' };
}

function unitsNote(unread: Record<UnitsUnread, string[]>): string | null {
  const why = [
    unread.not_recorded.length > 0
      ? `of ${unread.not_recorded.join(', ')} are not in the offline recordings`
      : '',
    unread.failed.length > 0 ? `of ${unread.failed.join(', ')} could not be read now` : '',
  ].filter((part) => part !== '');
  if (why.length === 0) return null;
  return `The units ${why.join(', and those ')} (unit null): get_indicator_value gives each value's unit.`;
}

function joinNotes(notes: Array<string | null>): string | null {
  const given = notes.filter((note) => note !== null);
  return given.length === 0 ? null : given.join(' ');
}

/** Sets each hit's unit; gives the flows whose units could not be read, by why. */
async function addUnits(
  rt: SdmxRuntime,
  ctx: ToolContext,
  structures: FlowStructure[],
  page: IndicatorHit[],
  language: string,
): Promise<Record<UnitsUnread, string[]>> {
  const byFlow = new Map<string, IndicatorHit[]>();
  for (const hit of page) byFlow.set(hit.flow_id, [...(byFlow.get(hit.flow_id) ?? []), hit]);
  const unread: Record<UnitsUnread, string[]> = { not_recorded: [], failed: [] };
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
      if (typeof units === 'string') unread[units].push(flowId);
      for (const hit of hits) hit.unit = typeof units === 'string' ? null : (units.get(hit.code) ?? null);
    }),
  );
  unread.not_recorded.sort();
  unread.failed.sort();
  return unread;
}

/** The flows whose titles, descriptions or categories the full-text index finds the question in. */
function flowTitleHits(rt: SdmxRuntime, index: SearchableIndex, query: string, language: string): FlowHit[] {
  return index.flowText
    .search(query, { limit: 50 })
    .flatMap((hit) => {
      const flow = index.flows[Number(hit.id)];
      return flow && inScope(rt, flow.id) ? [{ flow, hit }] : [];
    })
    .slice(0, 5)
    .map(({ flow, hit }) => ({
      flow_id: flow.id,
      name: pickText(flow.names, language) ?? flow.id,
      matched_words: hit.matchedWords,
    }));
}
