import { createTextIndex, type LangText } from '@opendata-mcp/core';
import type { CkanPackage } from '../portal/ckan-types.js';

export interface RankedPackage {
  pkg: CkanPackage;
  /** The question's words this dataset matched, as asked (lower-cased). */
  matchedWords: string[];
}

// Ranking runs on the protocol thread: texts and resource lists are cut so the work stays bounded
// (a few milliseconds per dataset) whatever the portal sends.
const MAX_TEXT = 500;
const MAX_RESOURCES = 20;

/** Texts of a field: one per language of a multilingual value ({"de": …, "fr": …}), else in `lang`. */
function texts(value: unknown, lang: string): LangText[] {
  if (typeof value === 'string') return value.trim() ? [{ lang, text: value.slice(0, MAX_TEXT) }] : [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([l, text]) =>
    typeof text === 'string' && text.trim() ? [{ lang: l, text: text.slice(0, MAX_TEXT) }] : [],
  );
}

const FIELDS = [
  { name: 'title', boost: 3 },
  { name: 'tags', boost: 2 },
  { name: 'description', boost: 1 },
  { name: 'publisher', boost: 1 },
  { name: 'resources', boost: 0.5 },
];

/**
 * Orders what the portal found by core's text index over the datasets' own titles, tags and
 * descriptions in every language they carry: hits covering more of the question first. With
 * `keepUnmatched`, datasets the index does not rank (the portal matched them on a field not indexed
 * here) follow in the portal's order; without, they are dropped.
 */
export function rankCandidates(
  query: string,
  candidates: readonly CkanPackage[],
  languages: readonly string[],
  keepUnmatched: boolean,
): RankedPackage[] {
  const lang = languages[0] ?? 'en';
  const index = createTextIndex({ fields: FIELDS });
  index.addAll(
    candidates.map((pkg) => ({
      id: pkg.id,
      fields: {
        title: texts(pkg.title, lang),
        tags: (pkg.tags ?? []).flatMap((t) => texts(t.display_name ?? t.name, lang)),
        description: texts(pkg.notes, lang),
        publisher: texts(pkg.organization?.title, lang),
        resources: (pkg.resources ?? []).slice(0, MAX_RESOURCES).flatMap((r) => texts(r.name, lang)),
      },
    })),
  );
  const byId = new Map(candidates.map((pkg) => [pkg.id, pkg]));
  // What the portal matched is kept whatever its share of the question; what it only loosely
  // matched must cover about as much of the question as the best hit.
  const hits = index.search(query, {
    languages,
    limit: candidates.length,
    ...(keepUnmatched ? { relativeCoverage: 0 } : {}),
  });
  const ranked = hits.flatMap((hit) => {
    const pkg = byId.get(hit.id);
    return pkg ? [{ pkg, matchedWords: hit.matchedWords }] : [];
  });
  if (!keepUnmatched) return ranked;
  const seen = new Set(ranked.map((r) => r.pkg.id));
  return [...ranked, ...candidates.filter((p) => !seen.has(p.id)).map((pkg) => ({ pkg, matchedWords: [] }))];
}
