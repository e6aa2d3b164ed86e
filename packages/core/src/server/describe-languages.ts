interface BackendLanguages {
  adapter_id: string;
  languages: readonly string[] | null;
}

/**
 * The hint for a search that found little: which languages each backend writes its names and
 * descriptions in, since a question in another language finds only what the lexicon carries over.
 * Null when no backend says.
 */
export function describeLanguages(backends: readonly BackendLanguages[]): string | null {
  const stated = backends.filter((b) => b.languages && b.languages.length > 0);
  if (stated.length === 0) return null;
  const list = stated.map((b) => `${b.adapter_id}: ${b.languages?.join(', ')}`).join('; ');
  return `Few hits. The backends describe their data in these languages (${list}): a question in another one finds only the words they share, so ask in one of them; one already in them may find more with fewer or other words.`;
}

interface BackendTally {
  adapter_id: string;
  hits: number;
  kept: number;
}

/**
 * For a search that found little, the backends whose hits were left out of the list as far weaker
 * than the best one: without it, a backend answering "5 hits, 0 kept" reads as a fault, and an agent
 * asks it again on its own. Null when every hit found is listed.
 */
export function describeLeftOut(backends: readonly BackendTally[]): string | null {
  const left = backends.filter((b) => b.hits > b.kept);
  if (left.length === 0) return null;
  const list = left.map((b) => `${b.adapter_id} ${b.hits - b.kept}`).join(', ');
  return `Hits left out as far weaker than the best (${list}): they match fewer of the words.`;
}

/** Below this coverage, the best hit matches less than half of the question's words. */
const WEAK_COVERAGE = 0.5;

/**
 * A note when even the best hit covers only part of the question: ten hits matching "rate" alone
 * read as answers to "Bank for International Settlements exchange rate" until this said otherwise.
 * `placeShare` is the share of the question's words that name a place it recognised.
 */
export function describeWeakHits(
  hits: ReadonlyArray<{ coverage: number; matchedWords: readonly string[] }>,
  placeShare = 0,
): string | null {
  const best = hits.reduce<(typeof hits)[number] | null>(
    (top, hit) => (top === null || hit.coverage > top.coverage ? hit : top),
    null,
  );
  // The words of a place the question names are place_coverage's to check, not the text's.
  if (!best || best.coverage + placeShare >= WEAK_COVERAGE) return null;
  const words = best.matchedWords.map((word) => `"${word}"`).join(', ');
  return `No hit covers half of the question (the best matches only ${words}): the backends may not hold what was asked.`;
}
