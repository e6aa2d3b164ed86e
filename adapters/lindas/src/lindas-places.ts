import type {
  AdapterPlaces,
  CoverageQuestion,
  HitCoverage,
  SearchHit,
  ToolContext,
} from '@opendata-mcp/core';
import { placeIri } from './cube/place-values.js';
import type { LindasRuntime } from './lindas-runtime.js';
import { PREFIXES } from './sparql/prefixes.js';
import { selectRows } from './sparql/send-sparql.js';
import { iri } from './sparql/sparql-terms.js';

const PLACE_TTL_MS = 10 * 60_000;

/**
 * Places on LINDAS: the ld.admin.ch IRI of a country, canton or municipality (labelled from the
 * store where it names it), and whether a cube's code lists hold a place, in one query for a page of hits.
 */
export function lindasPlaces(rt: LindasRuntime): AdapterPlaces {
  return {
    async code(place, ctx) {
      const uri = placeIri(place);
      if (!uri) return { codes: [], note: 'LINDAS names countries, cantons and municipalities, not groups.' };
      const query = `${PREFIXES}
SELECT ?name WHERE { OPTIONAL { ${iri(uri, 'place IRI')} schema:name ?name } } LIMIT 1`;
      const answer = await selectRows(ctx, rt.endpoint, query, { cacheTtlMs: PLACE_TTL_MS });
      const label = answer.body.results.bindings[0]?.name?.value ?? null;
      return {
        codes: [{ code: uri, label, where: 'ld.admin.ch place IRIs (cube dimensions and filters)' }],
        note: label === null ? 'The IRI follows the ld.admin.ch scheme; the store gives it no name.' : null,
      };
    },
    coverage: (hits, question, ctx) => lindasCoverage(rt, hits, question, ctx),
  };
}

/**
 * From the cubes' code lists (sh:in), never their observations: a cube holds the place when a list
 * has its IRI, lacks it when a list holds other places of the same kind but not it, and is unknown
 * otherwise. Periods are not read here.
 */
async function lindasCoverage(
  rt: LindasRuntime,
  hits: ReadonlyArray<SearchHit>,
  question: CoverageQuestion,
  ctx: ToolContext,
): Promise<HitCoverage[]> {
  const iris = question.places.flatMap((p) => placeIri(p) ?? []);
  const cubes = hits.filter((h) => h.kind === 'cube').map((h) => h.id);
  if (iris.length === 0 || cubes.length === 0) return hits.map(() => ({ place: null, period: null }));
  const kinds = [...new Set(iris.map((u) => u.slice(0, u.lastIndexOf('/') + 1)))];
  const query = `${PREFIXES}
SELECT ?cube (SUM(IF(?value IN (${iris.map((u) => iri(u, 'place IRI')).join(', ')}), 1, 0)) AS ?held) (COUNT(?value) AS ?kin) WHERE {
  VALUES ?cube { ${cubes.map((c) => iri(c, 'cube IRI')).join(' ')} }
  ?cube cube:observationConstraint/sh:property/sh:in/rdf:rest*/rdf:first ?value .
  FILTER(${kinds.map((k) => `STRSTARTS(STR(?value), "${k}")`).join(' || ')})
} GROUP BY ?cube`;
  const answer = await selectRows(ctx, rt.endpoint, query, { cacheTtlMs: PLACE_TTL_MS });
  const held = new Map(
    answer.body.results.bindings.map((b) => [b.cube?.value, Number(b.held?.value ?? 0) > 0] as const),
  );
  return hits.map((h) => ({ place: held.get(h.id) ?? null, period: null }));
}
