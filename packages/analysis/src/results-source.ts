import type { KeptSource, Provenance } from '@opendata-mcp/core';

function distinct(values: Array<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value !== ''))];
}

/**
 * Every source of the results a query read, each once (a result that is itself a query brings all
 * of its own), so a number of a joined table still says where each part came from.
 */
export function flattenSources(results: ReadonlyArray<{ sources: KeptSource[] }>): KeptSource[] {
  const seen = new Map<string, KeptSource>();
  for (const result of results) {
    for (const source of result.sources) seen.set(source.citation, source);
  }
  return [...seen.values()];
}

/**
 * Provenance of an answer computed here from kept results: the sources' publishers, titles and
 * endpoints side by side, the oldest fetch time among them (the answer is no fresher than its
 * oldest part), a licence only when all sources state the same one, and the SQL that ran.
 */
export function resultsSource(
  sources: KeptSource[],
  identifiers: Record<string, string>,
  sql: string,
): Provenance {
  const parts = sources.map((s) => s.source);
  const oldest = parts.map((p) => p.retrieved_at).sort()[0] ?? new Date(0).toISOString();
  const licences = distinct(parts.map((p) => (p.license ? JSON.stringify(p.license) : null)));
  const sameLicence = licences.length === 1 && parts.every((p) => p.license !== null);
  return {
    backend: 'analysis',
    adapter_id: 'analysis',
    endpoint: distinct(parts.map((p) => p.endpoint)).join(' + ') || 'kept results',
    identifiers,
    title: distinct(parts.map((p) => p.title ?? Object.values(p.identifiers)[0] ?? null)).join(' + ') || null,
    publisher: distinct(parts.map((p) => p.publisher)).join('; ') || null,
    url: null,
    query: { language: 'sql', text: sql },
    access_method: 'kept_results',
    retrieved_at: oldest,
    metadata_retrieved_at: null,
    // Several sources have several modification dates; none of them dates the combination.
    source_modified_at: parts.length === 1 ? (parts[0]?.source_modified_at ?? null) : null,
    license: sameLicence ? (parts[0]?.license ?? null) : null,
    cache: { hit: true, revalidated: false, first_fetched_at: oldest },
  };
}
