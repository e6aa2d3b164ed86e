import { type ToolContext, workSlicer } from '@opendata-mcp/core';
import type { IndicatorMatch } from '../discovery/indicator-matches.js';
import { openFlows } from '../discovery/open-flows.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import type { DataflowInfo } from '../registry/structure-types.js';
import { inScope } from '../scope/flow-scope.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { structureKey } from './flow-structures.js';
import type { OpenedIndex } from './open-discovery-index.js';
import type { DsdGroup } from './searchable-index.js';
import { CODE_TEXT_HITS, textCodeMatches, textHitGroups } from './text-code-matches.js';

/** The structures whose indicator code lists a search reads, one per DSD, with what they stand for. */
export interface Candidates {
  structures: FlowStructure[];
  /** Codes the full-text index found in those structures, for what word-form matching misses. */
  textMatches: IndicatorMatch[];
  /** Representative flow id → the other in-scope flows on its DSD. */
  sharing: Map<string, string[]>;
  /** In-scope flows whose code lists were searched (by the index or by opening them). */
  searched: number;
  /** In-scope flows whose code lists were not searched: not in the bulk answers, or not opened. */
  notSearched: string[];
  skipped: Array<{ flow_id: string; reason: string }>;
}

// Groups, or matches, handled between two looks at the clock.
export const PACED = 128;

/** Flows opened one by one when the registry refuses the bulk queries: the best few by title. */
export const FALLBACK_FLOWS = 8;

/**
 * With code lists indexed: the DSDs whose indicator codes, or whose flows' titles, hold a word
 * asked, without a request. Without them (refused bulk queries): the DSDs of the flows whose
 * titles match best, opened one request each. While the index builds: none.
 */
export async function indicatorCandidates(
  rt: SdmxRuntime,
  ctx: ToolContext,
  opened: OpenedIndex,
  query: string,
  wanted: string[],
  language: string,
): Promise<Candidates> {
  const { index } = opened;
  const titleHits = (flow: DataflowInfo) => {
    const words = index.flowWords.get(flow);
    let hits = 0;
    for (const w of wanted) if (words?.has(w)) hits++;
    return hits;
  };
  const sharing = new Map<string, string[]>();
  if (index.codesIndexed) {
    const structures: FlowStructure[] = [];
    const notSearched: string[] = [];
    let searched = 0;
    const hits = index.codeText?.search(query, { limit: CODE_TEXT_HITS }) ?? [];
    const byCode = textHitGroups(index, hits);
    for (const w of wanted) for (const group of index.groupsByWord.get(w) ?? []) byCode.add(group);
    // Flows whose DSDs share one indicator code list find the same codes: the list is matched once,
    // through the flow whose title holds most of the question, and the others ride along. A
    // registry has thousands of DSDs: the pass is paced so other calls are served meanwhile.
    const slicer = workSlicer(ctx.signal);
    const byList = new Map<number, { group: DsdGroup; flow: DataflowInfo; score: number; flows: string[] }>();
    for (const [i, group] of index.groups.entries()) {
      // Awaiting on every one of thousands of groups would cost more than the work it paces.
      if (i % PACED === 0) await slicer.tick();
      const flows = group.flows.filter((f) => inScope(rt, f.id));
      if (flows.length === 0) continue;
      if (!group.structure) {
        notSearched.push(...flows.map((f) => f.id));
        continue;
      }
      searched += flows.length;
      const place = group.list;
      if (place === null) continue;
      let best = { flow: flows[0] as DataflowInfo, score: -1 };
      for (const flow of flows) {
        const score = titleHits(flow);
        if (score > best.score) best = { flow, score };
      }
      if (!byCode.has(group) && best.score === 0) continue;
      const entry = byList.get(place);
      const ids = flows.map((f) => f.id);
      if (!entry) byList.set(place, { group, flow: best.flow, score: best.score, flows: ids });
      else {
        entry.flows.push(...ids);
        if (best.score > entry.score) Object.assign(entry, { group, flow: best.flow, score: best.score });
      }
    }
    const chosen = new Map<DsdGroup, FlowStructure>();
    for (const { group, flow, flows } of byList.values()) {
      if (!group.structure) continue;
      const structure = flow === group.structure.flow ? group.structure : { ...group.structure, flow };
      structures.push(structure);
      chosen.set(group, structure);
      sharing.set(
        flow.id,
        flows.filter((id) => id !== flow.id),
      );
    }
    const textMatches = textCodeMatches(index, hits, chosen, language);
    return { structures, textMatches, sharing, searched, notSearched, skipped: [] };
  }
  const flows = index.flows.filter((f) => inScope(rt, f.id));
  if (!opened.complete) {
    return {
      structures: [],
      textMatches: [],
      sharing,
      searched: 0,
      notSearched: flows.map((f) => f.id),
      skipped: [],
    };
  }
  const byDsd = new Map<string, DataflowInfo[]>();
  for (const flow of flows) {
    const key = flow.structure ? structureKey(flow.structure) : `flow:${flow.id}`;
    byDsd.set(key, [...(byDsd.get(key) ?? []), flow]);
  }
  const coverage = new Map<DataflowInfo, number>();
  for (const hit of index.flowText.search(query, { limit: 200 })) {
    const flow = index.flows[Number(hit.id)];
    if (flow) coverage.set(flow, hit.coverage + hit.score * 1e-6);
  }
  const best = [...byDsd.values()]
    .map((group) => ({ group, score: Math.max(...group.map((f) => coverage.get(f) ?? 0)) }))
    .filter((g) => g.score > 0)
    .sort((a, b) => b.score - a.score || (a.group[0]?.id ?? '').localeCompare(b.group[0]?.id ?? ''))
    .slice(0, FALLBACK_FLOWS)
    .map((g) => g.group);
  for (const [first, ...rest] of best)
    if (first)
      sharing.set(
        first.id,
        rest.map((f) => f.id),
      );
  const openedFlows = await openFlows(
    rt,
    ctx,
    best.flatMap((g) => g.slice(0, 1)),
  );
  const read = new Set(openedFlows.structures.map((s) => s.flow.id));
  const searchedFlows = new Set(
    best.filter((g) => g[0] && read.has(g[0].id)).flatMap((g) => g.map((f) => f.id)),
  );
  return {
    structures: openedFlows.structures,
    textMatches: [],
    sharing,
    searched: searchedFlows.size,
    notSearched: flows.filter((f) => !searchedFlows.has(f.id)).map((f) => f.id),
    skipped: openedFlows.skipped,
  };
}
