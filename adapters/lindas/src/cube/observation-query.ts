import { type Language, labelPattern } from '../language.js';
import { PREFIXES } from '../sparql/prefixes.js';
import { iri } from '../sparql/sparql-terms.js';
import type { NamedDimension } from './dimension-names.js';

export interface ObservationQueryInput {
  cubeUri: string;
  dimensions: NamedDimension[];
  language: Language;
  limit: number;
  offset: number;
  resolveLabels: boolean;
  /** Graph patterns on `?obs` from `filterPattern`, applied before paging. */
  filterPatterns: string[];
}

/**
 * The single query that reads one page of observations with every value and, for coded
 * values, its label in the fallback order: the number of requests does not grow with the
 * number of coded dimensions. Observations are reached through the cube's observation set,
 * paged in a subquery ordered by IRI, and one extra row is asked for to tell if more exist.
 */
export function observationQuery(input: ObservationQueryInput): string {
  const cube = iri(input.cubeUri, 'cube IRI');
  const columns = input.dimensions.map((d, i) => {
    const value = `?obs ${iri(d.path, 'dimension path')} ?v${i} .`;
    const label =
      input.resolveLabels && d.iriValued
        ? `\n    ${labelPattern(`v${i}`, `l${i}`, input.language).replaceAll('\n', '\n    ')}`
        : '';
    return `  OPTIONAL { ${value}${label} }`;
  });
  const projected = input.dimensions.map((_, i) => `?v${i} ?l${i}`).join(' ');
  return `${PREFIXES}
SELECT ?obs ${projected} WHERE {
  { SELECT ?obs WHERE {
      ${cube} cube:observationSet/cube:observation ?obs .
      ${input.filterPatterns.join('\n      ')}
    } ORDER BY ?obs LIMIT ${input.limit + 1} OFFSET ${input.offset} }
${columns.join('\n')}
}
ORDER BY ?obs`;
}
