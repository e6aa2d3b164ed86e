import type { SearchHit } from '../contract/search-capability.js';

export interface RankedHit extends SearchHit {
  adapterId: string;
  backend: string;
  /** The hit's place in its own adapter's answer, 0 first. */
  rank: number;
}

/**
 * Orders hits of several backends on one scale: how many query words the title, id and
 * description hold (the title counts most, the whole phrase in the title more), then each
 * adapter's own order. Backends score relevance differently or not at all, so their own scores
 * cannot be compared; the words can.
 */
export function rankHits(hits: RankedHit[], query: string): RankedHit[] {
  const phrase = query.trim().toLowerCase();
  const words = phrase.split(/\s+/).filter((w) => w.length >= 2);
  const score = (hit: RankedHit): number => {
    const title = (hit.title ?? '').toLowerCase();
    const id = hit.id.toLowerCase();
    const description = (hit.description ?? '').toLowerCase();
    let total = title.includes(phrase) ? 2 : 0;
    for (const word of words) {
      if (title.includes(word)) total += 3;
      if (id.includes(word)) total += 2;
      if (description.includes(word)) total += 1;
    }
    return total + 1 / (1 + hit.rank);
  };
  return hits
    .map((hit) => ({ hit, score: score(hit) }))
    .sort((a, b) => b.score - a.score || a.hit.adapterId.localeCompare(b.hit.adapterId))
    .map(({ hit }) => hit);
}
