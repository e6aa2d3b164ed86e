import type { Language } from '../language.js';
import { PREFIXES, PUBLISHED } from '../sparql/prefixes.js';
import { iri, literal } from '../sparql/sparql-terms.js';

export interface SearchQueryInput {
  text: string;
  language: Language;
  creatorUri?: string | undefined;
  /** Rows (cube versions) to fetch at most. */
  fetchLimit: number;
}

/**
 * Cube versions whose name or description in the chosen language (or untagged) contains the
 * text, one row per version. Anchored on `cube:Cube`; drafts are left out, a cube without a
 * status counts as published. Versions are collapsed afterwards, from these rows.
 */
export function searchQuery(input: SearchQueryInput): string {
  const needle = literal(input.text.toLowerCase());
  const lang = literal(input.language);
  const creator = input.creatorUri ? `?cube dcterms:creator ${iri(input.creatorUri, 'creator IRI')} .` : '';
  return `${PREFIXES}
SELECT ?cube (SAMPLE(?n) AS ?name) (SAMPLE(?d) AS ?desc) (SAMPLE(?c) AS ?creator) (MAX(?v) AS ?version) (SAMPLE(?st) AS ?status) WHERE {
  ?cube a cube:Cube .
  ${creator}
  ?cube schema:name ?n . FILTER(LANGMATCHES(LANG(?n), ${lang}) || LANG(?n) = "")
  OPTIONAL { ?cube schema:description ?d . FILTER(LANGMATCHES(LANG(?d), ${lang}) || LANG(?d) = "") }
  OPTIONAL { ?cube dcterms:creator ?c }
  OPTIONAL { ?cube schema:version ?v }
  OPTIONAL { ?cube schema:creativeWorkStatus ?st }
  FILTER(!BOUND(?st) || ?st = <${PUBLISHED}>)
  FILTER(CONTAINS(LCASE(STR(?n)), ${needle}) || CONTAINS(LCASE(STR(COALESCE(?d, ""))), ${needle}))
}
GROUP BY ?cube
ORDER BY ?cube
LIMIT ${input.fetchLimit}`;
}
