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
