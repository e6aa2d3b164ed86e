import { isOpenDataError, nearbyNames, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { LangLiteral } from '../language.js';
import { NS, PREFIXES } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import type { SparqlBinding, SparqlTerm } from '../sparql/sparql-results.js';
import { iri, literal } from '../sparql/sparql-terms.js';

export type DimensionRole = 'key' | 'measure' | 'attribute';

export interface CubeDimension {
  path: string;
  names: LangLiteral[];
  role: DimensionRole;
  datatype: string | null;
  unit: string | null;
  /** The shape lists the allowed values (`sh:in`): a code list. */
  hasCodelist: boolean;
  /** Values may be IRIs, so the observation query joins their labels. */
  iriValued: boolean;
  /** False when the shape does not describe the dimension and it was read off an observation. */
  fromShape: boolean;
}

export interface CubeLicence {
  uri: string;
  property: 'dcterms:license' | 'schema:license' | 'dcterms:rights';
}

export interface CubeDescription {
  uri: string;
  names: LangLiteral[];
  descriptions: LangLiteral[];
  creator: string | null;
  creatorNames: LangLiteral[];
  version: string | null;
  status: string | null;
  licence: CubeLicence | null;
  modified: string | null;
  dimensions: CubeDimension[];
  /** The structure query as sent, and when its answer was fetched. */
  query: string;
  fetchedAt: string;
}

const STRUCTURE_TTL_MS = 10 * 60_000;
const SKIPPED_PATHS = new Set([`${NS.rdf}type`, `${NS.cube}observedBy`]);
const LICENCE_PROPERTIES: Array<[string, CubeLicence['property']]> = [
  [`${NS.dcterms}license`, 'dcterms:license'],
  [`${NS.schema}license`, 'schema:license'],
  [`${NS.dcterms}rights`, 'dcterms:rights'],
];

/**
 * One query for everything the tools need to know about a cube: metadata, licence, creator
 * names and the shape's dimensions in every language, plus the predicates of one observation
 * for cubes whose shape is incomplete. Cached per cube, so warm observation reads cost one request.
 */
export function structureQuery(cubeUri: string): string {
  const cube = iri(cubeUri, 'cube IRI');
  return `${PREFIXES}
SELECT ?kind ?s ?p ?o WHERE {
  { BIND("cube" AS ?kind) ${cube} ?p ?o .
    FILTER(?p IN (rdf:type, schema:name, schema:description, dcterms:creator, schema:version,
      schema:creativeWorkStatus, dcterms:license, schema:license, dcterms:rights, schema:dateModified, dcterms:modified)) }
  UNION { BIND("creator" AS ?kind) ${cube} dcterms:creator ?s . ?s schema:name ?o }
  UNION { BIND("dim" AS ?kind) ${cube} cube:observationConstraint/sh:property ?s . ?s ?p ?o .
    FILTER(?p IN (sh:path, schema:name, rdf:type, sh:datatype, sh:nodeKind, sh:in, qudt:unit, qudt:hasUnit)) }
  UNION { BIND("dim_or" AS ?kind) ${cube} cube:observationConstraint/sh:property ?s .
    ?s sh:or/rdf:rest*/rdf:first/sh:datatype ?o }
  UNION { BIND("observed" AS ?kind)
    { SELECT ?s WHERE { ${cube} cube:observationSet/cube:observation ?s } LIMIT 1 } ?s ?p ?o }
}`;
}

/** The cube's description from cache, or from one structure query; `not_found` when no such cube. */
export async function loadCubeDescription(
  ctx: ToolContext,
  endpoint: string,
  cubeUri: string,
): Promise<{ description: CubeDescription; cacheHit: boolean }> {
  const query = structureQuery(cubeUri);
  try {
    const { value, hit } = await ctx.cache.getOrLoad(
      `lindas:structure:${endpoint}:${cubeUri}`,
      STRUCTURE_TTL_MS,
      async () => {
        const answer = await selectRows(ctx, endpoint, query);
        return parseStructure(cubeUri, answer.body.results.bindings, query, answer.fetchedAt.toISOString());
      },
    );
    return { description: value, cacheHit: hit };
  } catch (error) {
    if (!isOpenDataError(error) || error.code !== 'not_found') throw error;
    const near = await cubesNear(ctx, endpoint, cubeUri).catch(() => []);
    if (near.length === 0) throw error;
    throw new OpenDataError('not_found', error.message, {
      hint: `Cubes of the same publisher path nearest to it: ${near.join(', ')}. search_cubes finds cubes by words.`,
    });
  }
}

/** Cube IRIs under the same publisher path (host and first segment) nearest the unknown one; one query. */
async function cubesNear(ctx: ToolContext, endpoint: string, cubeUri: string): Promise<string[]> {
  const url = new URL(cubeUri);
  const first = url.pathname.split('/').find((part) => part !== '');
  if (!first) return [];
  const prefix = `${url.origin}/${first}/`;
  const query = `${PREFIXES}
SELECT DISTINCT ?cube WHERE { ?cube a cube:Cube . FILTER(STRSTARTS(STR(?cube), ${literal(prefix)})) } LIMIT 500`;
  const answer = await selectRows(ctx, endpoint, query);
  const cubes = answer.body.results.bindings.flatMap((row) => (row.cube ? [row.cube.value] : []));
  return nearbyNames(cubeUri, cubes, 5);
}

export function parseStructure(
  cubeUri: string,
  rows: SparqlBinding[],
  query: string,
  fetchedAt: string,
): CubeDescription {
  const cubeRows = rows.filter((r) => r.kind?.value === 'cube');
  const isCube = cubeRows.some((r) => r.p?.value === `${NS.rdf}type` && r.o?.value === `${NS.cube}Cube`);
  if (!isCube) {
    throw new OpenDataError('not_found', 'No cube with this IRI exists at the SPARQL endpoint.', {
      hint: 'Use search_cubes to find the cube IRI; pass it exactly as returned.',
    });
  }
  const values = (p: string) => cubeRows.filter((r) => r.p?.value === p).map((r) => r.o as SparqlTerm);
  const first = (p: string) => values(p)[0]?.value ?? null;
  const creator = first(`${NS.dcterms}creator`);
  let licence: CubeLicence | null = null;
  for (const [p, property] of LICENCE_PROPERTIES) {
    const hit = first(p);
    if (hit) {
      licence = { uri: hit, property };
      break;
    }
  }
  return {
    uri: cubeUri,
    names: values(`${NS.schema}name`).map(toLiteral),
    descriptions: values(`${NS.schema}description`).map(toLiteral),
    creator,
    creatorNames: rows
      .filter((r) => r.kind?.value === 'creator' && r.s?.value === creator)
      .map((r) => toLiteral(r.o as SparqlTerm)),
    version: first(`${NS.schema}version`),
    status: first(`${NS.schema}creativeWorkStatus`),
    licence,
    modified: first(`${NS.schema}dateModified`) ?? first(`${NS.dcterms}modified`),
    dimensions: parseDimensions(rows),
    query,
    fetchedAt,
  };
}

function parseDimensions(rows: SparqlBinding[]): CubeDimension[] {
  const byNode = new Map<string, SparqlBinding[]>();
  for (const row of rows) {
    if (row.kind?.value !== 'dim' && row.kind?.value !== 'dim_or') continue;
    const node = row.s?.value ?? '';
    byNode.set(node, [...(byNode.get(node) ?? []), row]);
  }
  const dimensions: CubeDimension[] = [];
  const seen = new Set<string>();
  for (const nodeRows of byNode.values()) {
    const get = (p: string) =>
      nodeRows.filter((r) => r.kind?.value === 'dim' && r.p?.value === p).map((r) => r.o as SparqlTerm);
    const path = get(`${NS.sh}path`)[0];
    if (path?.type !== 'uri' || SKIPPED_PATHS.has(path.value) || seen.has(path.value)) continue;
    seen.add(path.value);
    const types = get(`${NS.rdf}type`).map((t) => t.value);
    const orTypes = nodeRows.filter((r) => r.kind?.value === 'dim_or').map((r) => r.o?.value ?? '');
    const datatype =
      get(`${NS.sh}datatype`)[0]?.value ?? orTypes.find((t) => t !== `${NS.cube}Undefined`) ?? null;
    const hasCodelist = get(`${NS.sh}in`).length > 0;
    const nodeKind = get(`${NS.sh}nodeKind`)[0]?.value;
    dimensions.push({
      path: path.value,
      names: get(`${NS.schema}name`).map(toLiteral),
      role: types.includes(`${NS.cube}KeyDimension`)
        ? 'key'
        : types.includes(`${NS.cube}MeasureDimension`)
          ? 'measure'
          : 'attribute',
      datatype,
      unit: (get(`${NS.qudt}unit`)[0] ?? get(`${NS.qudt}hasUnit`)[0])?.value ?? null,
      hasCodelist,
      iriValued: hasCodelist || nodeKind === `${NS.sh}IRI` || datatype === null,
      fromShape: true,
    });
  }
  for (const row of rows) {
    if (row.kind?.value !== 'observed' || !row.p || SKIPPED_PATHS.has(row.p.value) || seen.has(row.p.value))
      continue;
    seen.add(row.p.value);
    const o = row.o as SparqlTerm;
    const isIri = o.type === 'uri';
    dimensions.push({
      path: row.p.value,
      names: [],
      role: isIri ? 'key' : isNumeric(o.datatype) ? 'measure' : 'attribute',
      datatype: isIri ? null : (o.datatype ?? null),
      unit: null,
      hasCodelist: false,
      iriValued: isIri,
      fromShape: false,
    });
  }
  // Keys first, then measures, then attributes: the order a table of observations reads best in.
  return dimensions.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

const ROLE_ORDER: Record<DimensionRole, number> = { key: 0, measure: 1, attribute: 2 };

function isNumeric(datatype: string | undefined): boolean {
  return (
    !!datatype &&
    /#(decimal|integer|int|long|short|float|double|nonNegativeInteger|positiveInteger)$/.test(datatype)
  );
}

function toLiteral(term: SparqlTerm): LangLiteral {
  return { value: term.value, lang: term['xml:lang'] ?? '' };
}
