import { type DimensionFilters, dimensionConditions, OpenDataError } from '@opendata-mcp/core';
import { z } from 'zod';
import { NS } from '../sparql/prefixes.js';
import { iri, isSafeIri, literal } from '../sparql/sparql-terms.js';
import { findDimension, type NamedDimension } from './dimension-names.js';

export const FILTER_OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;

export const ObservationFilterSchema = z
  .object({
    dimension: z
      .string()
      .min(1)
      .max(500)
      .describe('Dimension name (as returned in any language) or its path IRI.'),
    op: z
      .enum(FILTER_OPERATORS)
      .describe('Comparison: = != < <= > >=. Ordering operators need a literal dimension.'),
    value: z
      .string()
      .min(1)
      .max(500)
      .describe('A label or IRI for coded dimensions; a number, date or text for literal ones.'),
  })
  .strict();
export type ObservationFilter = z.infer<typeof ObservationFilterSchema>;

const NUMERIC =
  /#(decimal|integer|int|long|short|byte|float|double|nonNegativeInteger|positiveInteger|negativeInteger|nonPositiveInteger|unsignedInt|unsignedLong)$/;
const ORDERED = /#(date|dateTime|gYear|gYearMonth|time)$/;

/**
 * Turns one filter into graph patterns on `?obs`, executed by the store. Coded values may be
 * given by label: the label match is part of the same query, so filtering costs no request.
 */
export function filterPattern(
  filter: ObservationFilter,
  dimensions: NamedDimension[],
  index: number,
): string {
  const dim = findDimension(dimensions, filter.dimension);
  const v = `?f${index}`;
  const path = iri(dim.path, 'dimension path');
  const value = filter.value.trim();
  if (isSafeIri(value)) {
    if (filter.op !== '=' && filter.op !== '!=') throw orderingRefused(dim);
    return `?obs ${path} ${v} . FILTER(${v} ${filter.op} ${iri(value)})`;
  }
  if (dim.iriValued && !dim.datatype) {
    if (filter.op !== '=' && filter.op !== '!=') throw orderingRefused(dim);
    const match = `${v} schema:name ?fl${index} . FILTER(LCASE(STR(?fl${index})) = LCASE(${literal(value)}))`;
    return filter.op === '='
      ? `?obs ${path} ${v} . ${match}`
      : `?obs ${path} ${v} . FILTER NOT EXISTS { ${match} }`;
  }
  if (dim.datatype && (NUMERIC.test(dim.datatype) || ORDERED.test(dim.datatype))) {
    const typed = NUMERIC.test(dim.datatype)
      ? numberLiteral(value, dim)
      : literal(value, { datatype: dim.datatype });
    return `?obs ${path} ${v} . FILTER(${v} ${filter.op} ${typed})`;
  }
  if (filter.op === '=' || filter.op === '!=')
    return `?obs ${path} ${v} . FILTER(STR(${v}) ${filter.op} ${literal(value)})`;
  if (/^-?\d+(\.\d+)?$/.test(value))
    return `?obs ${path} ${v} . FILTER(${v} ${filter.op} ${numberLiteral(value, dim)})`;
  return `?obs ${path} ${v} . FILTER(STR(${v}) ${filter.op} ${literal(value)})`;
}

function numberLiteral(value: string, dim: NamedDimension): string {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) {
    throw new OpenDataError(
      'invalid_input',
      `The dimension "${dim.name}" holds numbers; "${value.slice(0, 40)}" is not one.`,
      {
        hint: 'Give the value as a plain number, e.g. 4 or 12.5.',
      },
    );
  }
  return literal(value, { datatype: /[eE]/.test(value) ? `${NS.xsd}double` : `${NS.xsd}decimal` });
}

function orderingRefused(dim: NamedDimension): OpenDataError {
  return new OpenDataError(
    'invalid_input',
    `The dimension "${dim.name}" is coded; only = and != apply to it.`,
    {
      hint: 'Filter coded dimensions by label or IRI with = or !=; use list_dimension_values to see the codes.',
    },
  );
}

/**
 * The graph patterns for the `filters` object (docs/VOCABULARY.md): a list of codes becomes a UNION
 * of equality patterns on one variable, each comparison its own pattern. The older list form is
 * read as it always was.
 */
export function filterPatterns(
  filters: DimensionFilters | ObservationFilter[] | undefined,
  dimensions: NamedDimension[],
): string[] {
  if (!filters) return [];
  if (Array.isArray(filters)) return filters.map((f, i) => filterPattern(f, dimensions, i));
  const patterns: string[] = [];
  for (const condition of dimensionConditions(filters)) {
    const { dimension } = condition;
    if (condition.anyOf) {
      const index = patterns.length;
      const branches = condition.anyOf.map((value) =>
        filterPattern({ dimension, op: '=', value }, dimensions, index),
      );
      patterns.push(branches.length === 1 ? (branches[0] as string) : `{ ${branches.join(' } UNION { ')} }`);
    }
    for (const { op, value } of condition.compare) {
      patterns.push(filterPattern({ dimension, op, value }, dimensions, patterns.length));
    }
  }
  return patterns;
}
