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
  return `Few hits. The backends describe their data in these languages (${list}); ask again with words in one of them, or with fewer words.`;
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
