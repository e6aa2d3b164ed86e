import type { SearchHit } from '../contract/search-capability.js';
import { createTextIndex } from '../search/text-index.js';

export interface RankedHit extends SearchHit {
  adapterId: string;
  backend: string;
  /** The hit's place in its own adapter's answer, 0 first. */
  rank: number;
  /** Language its title and description are read in; "" when not known. */
  lang: string;
}

export interface ScoredHit extends RankedHit {
  /** The query's words the hit's title, id or description matched. */
  matchedWords: string[];
  /** Share of the query's words matched, 0..1. */
  coverage: number;
}

// A hit must cover more than this share of the best hit's coverage to be kept.
const WEAK_SHARE = 0.5;
const FIELDS = [
  { name: 'title', boost: 3 },
  { name: 'id', boost: 1.5 },
  { name: 'description', boost: 1 },
  // Names in other languages: a question in one of them is covered as by the title, but among hits
  // covering as much they weigh little, so that titles and descriptions still decide the order.
  { name: 'names', boost: 0.2 },
];

/** A hit's names in other languages, those that differ from its title. */
function otherNames(hit: SearchHit): Array<{ lang: string; text: string }> {
  const title = hit.title?.trim().toLowerCase();
  return (hit.names ?? []).filter((name) => name.text.trim().toLowerCase() !== title);
}

/**
 * Orders hits of several backends on one scale. Backends score relevance differently or not at
 * all, so their scores cannot be compared; the hits' own words can: every hit's title, id and
 * description go into one text index, searched with the query (every word optional, each in any
 * language and form). Coverage of the query ranks first, then the index's order (the title's
 * coverage, then score), then each adapter's own order. Weak hits are dropped; when nothing matches at all, the backends' own
 * order stands, since they may have matched on words their hits do not show. A hit's names in
 * other languages count towards its coverage.
 */
export function rankHits(
  hits: readonly RankedHit[],
  query: string,
  options: { languages?: readonly string[]; wholeNames?: readonly string[] } = {},
): ScoredHit[] {
  const index = createTextIndex({ fields: FIELDS });
  hits.forEach((hit, i) => {
    const lang = hit.lang;
    index.add({
      id: String(i),
      fields: {
        title: [{ lang, text: hit.title ?? '' }],
        names: otherNames(hit),
        id: [{ lang: '', text: hit.id }],
        description: [{ lang, text: hit.description ?? '' }],
      },
    });
  });
  const found = new Map(
    index
      .search(query, { limit: hits.length, relativeCoverage: 0, ...options })
      .map((h, place) => [Number(h.id), { ...h, place }]),
  );
  const scored = hits.map((hit, i) => {
    const match = found.get(i);
    return {
      hit: { ...hit, matchedWords: match?.matchedWords ?? [], coverage: match?.coverage ?? 0 },
      // The index's own order: coverage, then how much of the query the title covers, then score.
      place: match?.place ?? hits.length,
    };
  });
  const best = Math.max(0, ...scored.map((s) => s.hit.coverage));
  return scored
    .filter((s) => best === 0 || s.hit.coverage > best * WEAK_SHARE)
    .sort(
      (a, b) =>
        b.hit.coverage - a.hit.coverage ||
        a.place - b.place ||
        a.hit.rank - b.hit.rank ||
        a.hit.adapterId.localeCompare(b.hit.adapterId),
    )
    .map((s) => s.hit);
}
