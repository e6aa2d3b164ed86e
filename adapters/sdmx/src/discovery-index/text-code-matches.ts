import type { TextHit } from '@opendata-mcp/core';
import type { IndicatorMatch } from '../discovery/indicator-matches.js';
import type { FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import { ancestorsOf, codeTree } from '../resolution/code-tree.js';
import { wordForms } from '../resolution/word-forms.js';
import type { DsdGroup, SearchableIndex } from './searchable-index.js';

/** Code hits asked of the full-text index per search: enough for every page a client reads. */
export const CODE_TEXT_HITS = 200;
// Below the word-form matches (whose scores run from about 0.5 to 1): a hit found only by the
// full-text index (another language, a lexicon word) comes after those that match as written.
const TEXT_ONLY_WEIGHT = 0.4;

/** The DSD groups whose indicator code lists the full-text index finds the question in. */
export function textHitGroups(index: SearchableIndex, hits: TextHit[]): Set<DsdGroup> {
  const out = new Set<DsdGroup>();
  for (const hit of hits) {
    const places = index.codePlaces[Number(hit.id)] ?? [];
    for (let i = 0; i < places.length; i += 2)
      for (const group of index.groupsOfList.get(places[i] ?? -1) ?? []) out.add(group);
  }
  return out;
}

/**
 * Matches for the codes the full-text index found, one per representative structure holding the
 * code list, scored by how much of the question they cover. Codes the word-form matching also
 * finds keep that match (it knows the code's context and the flow title); these fill in the rest.
 */
export function textCodeMatches(
  index: SearchableIndex,
  hits: TextHit[],
  structures: Map<DsdGroup, FlowStructure>,
  language: string,
): IndicatorMatch[] {
  const out: IndicatorMatch[] = [];
  // One structure stands for each indicator list searched: found by the list's place.
  const byPlace = new Map<number, { group: DsdGroup; structure: FlowStructure }>();
  for (const [group, structure] of structures)
    if (group.list !== null) byPlace.set(group.list, { group, structure });
  for (const [rank, hit] of hits.entries()) {
    const places = index.codePlaces[Number(hit.id)] ?? [];
    // The index's own order, not its raw score: that order puts a code whose name holds the
    // question before one where only what it sits under does, however rare the words matched there.
    const relevance = 1 - rank / hits.length;
    const matched = hit.matchedWords.flatMap((w) => wordForms(w));
    for (let i = 0; i < places.length; i += 2) {
      const chosen = byPlace.get(places[i] ?? -1);
      const list = index.codelists[places[i] ?? -1];
      const code = list?.codes[places[i + 1] ?? -1];
      if (!chosen?.group.indicator || !list || !code) continue;
      out.push({
        code: code.id,
        label: pickText(code.names, language) ?? code.id,
        names: code.names,
        dimension: chosen.group.indicator,
        foundIn: chosen.structure.flow.id,
        ancestors: ancestorsOf(codeTree(list.codes), code.id),
        constrained: false,
        score: TEXT_ONLY_WEIGHT * hit.coverage,
        relevance,
        matched,
      });
    }
  }
  return out;
}
