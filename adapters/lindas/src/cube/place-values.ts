import { gazetteer, type Place, type ToolContext } from '@opendata-mcp/core';
import { PREFIXES } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import { literal } from '../sparql/sparql-terms.js';
import type { NamedDimension } from './dimension-names.js';
import { CODELIST_TTL_MS, dimensionValuesSource } from './dimension-values-source.js';

/** The IRI ld.admin.ch gives a place: countries by ISO alpha-3, cantons and municipalities by BFS number. */
export function placeIri(place: Place): string | null {
  const { iso3, bfs } = place.codes;
  if (place.kind === 'country' && iso3) return `https://ld.admin.ch/country/${iso3}`;
  if (place.kind === 'canton' && bfs) return `https://ld.admin.ch/canton/${bfs}`;
  if (place.kind === 'municipality' && bfs) return `https://ld.admin.ch/municipality/${bfs}`;
  return null;
}

/**
 * The value of a coded dimension that a place name the cube does not use stands for ("Genf" for a
 * dimension labelled in French, "Svizzera" for https://ld.admin.ch/country/CHE): every place the
 * gazetteer knows by that name, tried by IRI and by each of its names. One value only, else null:
 * a name that fits a canton and its capital in a dimension holding both is not guessed.
 */
export async function placeValue(
  ctx: ToolContext,
  endpoint: string,
  cubeUri: string,
  dim: NamedDimension,
  asked: string,
): Promise<{ value: string; sent: number } | null> {
  const places = gazetteer().find(asked);
  if (places.length === 0) return null;
  const iris = places.flatMap((p) => placeIri(p) ?? []);
  const names = [...new Set(places.flatMap((p) => Object.values(p.names).flat()))].filter(
    (n): n is string => typeof n === 'string',
  );
  const query = `${PREFIXES}
SELECT DISTINCT ?value WHERE {
  VALUES ?asked { ${[...iris, ...names].map((v) => literal(v)).join(' ')} }
  { SELECT DISTINCT ?value WHERE { ${dimensionValuesSource(cubeUri, dim)} } }
  FILTER(STR(?value) = ?asked || EXISTS { ?value schema:name ?l FILTER(LCASE(STR(?l)) = LCASE(?asked)) })
}`;
  const answer = await selectRows(ctx, endpoint, query, { cacheTtlMs: CODELIST_TTL_MS });
  const values = answer.body.results.bindings.flatMap((b) => (b.value ? [b.value.value] : []));
  const [only, ...others] = values;
  return only !== undefined && others.length === 0 ? { value: only, sent: answer.fromCache ? 0 : 1 } : null;
}
