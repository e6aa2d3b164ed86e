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
  /**
   * A temporal key dimension's path: only observations at the latest value it takes among those
   * the filters match are read.
   */
  latestOf?: string;
}

/**
 * The single query that reads one page of observations with every value and, for coded
 * values, its label in the fallback order: the number of requests does not grow with the
 * number of coded dimensions. Observations are reached through the cube's observation set,
 * paged in a subquery ordered by IRI, and one extra row is asked for to tell if more exist.
 */
export function observationQuery(input: ObservationQueryInput): string {
  const cube = iri(input.cubeUri, 'cube IRI');
  const matched = [`${cube} cube:observationSet/cube:observation ?obs .`, ...input.filterPatterns];
  if (input.latestOf) matched.push(...latestPatterns(input.latestOf, matched));
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
      ${matched.join('\n      ')}
    } ORDER BY ?obs LIMIT ${input.limit + 1} OFFSET ${input.offset} }
${columns.join('\n')}
}
ORDER BY ?obs`;
}

/**
 * Keeps the observations at the latest value of a temporal dimension: the maximum is taken in a
 * subquery over the same matched observations (its variables are its own, so the patterns are
 * written again as they are), then required of each observation.
 */
function latestPatterns(path: string, matched: string[]): string[] {
  const dimension = iri(path, 'dimension path');
  return [
    `{ SELECT (MAX(?period) AS ?latest) WHERE {
        ${matched.join('\n        ')}
        ?obs ${dimension} ?period .
      } }`,
    `?obs ${dimension} ?latest .`,
  ];
}
