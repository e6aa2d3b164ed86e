import { iri } from '../sparql/sparql-terms.js';
import type { NamedDimension } from './dimension-names.js';

/** Code lists change with a cube's version, rarely within one: kept as long as other metadata. */
export const CODELIST_TTL_MS = 10 * 60_000;

/**
 * Graph patterns that bind `?value` to each value of a dimension: the entries of its code list
 * when the cube's shape names one (sh:in), else what its observations hold; `from` picks one.
 */
export function dimensionValuesSource(
  cubeUri: string,
  dim: NamedDimension,
  from: 'code_list' | 'observations' = dim.hasCodelist ? 'code_list' : 'observations',
): string {
  const cube = iri(cubeUri, 'cube IRI');
  const path = iri(dim.path, 'dimension path');
  return from === 'code_list'
    ? `${cube} cube:observationConstraint/sh:property ?prop . ?prop sh:path ${path} ; sh:in/rdf:rest*/rdf:first ?value .`
    : `${cube} cube:observationSet/cube:observation ?obs . ?obs ${path} ?value .`;
}
