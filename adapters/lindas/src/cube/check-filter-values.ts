import {
  type DimensionFilters,
  dimensionConditions,
  gazetteer,
  nearbyNames,
  OpenDataError,
  type ToolContext,
} from '@opendata-mcp/core';
import { type Language, labelPattern } from '../language.js';
import { PREFIXES } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import { literal } from '../sparql/sparql-terms.js';
import { findDimension, type NamedDimension } from './dimension-names.js';
import { CODELIST_TTL_MS, dimensionValuesSource } from './dimension-values-source.js';
import type { ObservationFilter } from './observation-filter.js';
import { placeValue } from './place-values.js';

const CLOSE_VALUES = 5;
/** Values read to find close ones: a code list of every Swiss municipality fits. */
const CANDIDATES_READ = 3000;

/** The values asked for by equality, per coded dimension: labels or IRIs the store must know. */
function equalityValues(
  filters: DimensionFilters | ObservationFilter[] | undefined,
  dimensions: NamedDimension[],
): Map<NamedDimension, Set<string>> {
  const asked = new Map<NamedDimension, Set<string>>();
  const add = (dimension: string, values: string[]) => {
    const dim = findDimension(dimensions, dimension);
    if (!dim.iriValued || dim.datatype) return;
    const set = asked.get(dim) ?? new Set<string>();
    for (const value of values) set.add(value.trim());
    asked.set(dim, set);
  };
  if (Array.isArray(filters)) {
    for (const f of filters) if (f.op === '=') add(f.dimension, [f.value]);
  } else {
    for (const c of dimensionConditions(filters)) if (c.anyOf) add(c.dimension, c.anyOf);
  }
  return asked;
}

/**
 * Refuses a filter value that names no value of its coded dimension, as the store would silently
 * answer no rows: an unknown label reads as "no data" when it is a typo. One query per filtered
 * dimension says which of the asked labels or IRIs exist (kept as long as the code lists); a miss
 * that names a place in another language is read as the value it stands for (`placeValue`); only
 * then is the dimension's list read, to suggest close values. Returns the requests sent and the
 * filters with place names replaced by those values.
 */
export async function checkFilterValues<F extends DimensionFilters | ObservationFilter[] | undefined>(
  ctx: ToolContext,
  endpoint: string,
  cubeUri: string,
  filters: F,
  dimensions: NamedDimension[],
  language: Language,
): Promise<{ sent: number; filters: F }> {
  let sent = 0;
  const replaced = new Map<string, string>();
  for (const [dim, values] of equalityValues(filters, dimensions)) {
    const query = `${PREFIXES}
SELECT DISTINCT ?asked WHERE {
  VALUES ?asked { ${[...values].map((v) => literal(v)).join(' ')} }
  { SELECT DISTINCT ?value WHERE { ${dimensionValuesSource(cubeUri, dim)} } }
  FILTER(STR(?value) = ?asked || EXISTS { ?value schema:name ?l FILTER(LCASE(STR(?l)) = LCASE(?asked)) })
}`;
    const answer = await selectRows(ctx, endpoint, query, { cacheTtlMs: CODELIST_TTL_MS });
    if (!answer.fromCache) sent++;
    const found = new Set(answer.body.results.bindings.map((b) => b.asked?.value));
    for (const missing of [...values].filter((v) => !found.has(v))) {
      const place = await placeValue(ctx, endpoint, cubeUri, dim, missing);
      if (!place) throw await unknownValue(ctx, endpoint, cubeUri, dim, missing, language);
      sent += place.sent;
      replaced.set(`${dim.path}\u0000${missing}`, place.value);
    }
  }
  return { sent, filters: replaceValues(filters, dimensions, replaced) };
}

function replaceValues<F extends DimensionFilters | ObservationFilter[] | undefined>(
  filters: F,
  dimensions: NamedDimension[],
  replaced: Map<string, string>,
): F {
  if (!filters || replaced.size === 0) return filters;
  const swap = (dimension: string, value: string | number) =>
    typeof value === 'string'
      ? (replaced.get(`${findDimension(dimensions, dimension).path}\u0000${value.trim()}`) ?? value)
      : value;
  if (Array.isArray(filters)) {
    return filters.map((f) => (f.op === '=' ? { ...f, value: swap(f.dimension, f.value) } : f)) as F;
  }
  return Object.fromEntries(
    Object.entries(filters).map(([dimension, value]) => [
      dimension,
      Array.isArray(value)
        ? value.map((v) => swap(dimension, v))
        : typeof value === 'object'
          ? value
          : swap(dimension, value),
    ]),
  ) as F;
}

async function unknownValue(
  ctx: ToolContext,
  endpoint: string,
  cubeUri: string,
  dim: NamedDimension,
  asked: string,
  language: Language,
): Promise<OpenDataError> {
  const query = `${PREFIXES}
SELECT ?value ?label WHERE {
  { SELECT DISTINCT ?value WHERE { ${dimensionValuesSource(cubeUri, dim)} } LIMIT ${CANDIDATES_READ} }
  ${labelPattern('value', 'label', language).replaceAll('\n', '\n  ')}
}`;
  const answer = await selectRows(ctx, endpoint, query, { cacheTtlMs: CODELIST_TTL_MS });
  const names = answer.body.results.bindings
    .map((b) => b.label?.value ?? b.value?.value)
    .filter((name): name is string => Boolean(name));
  const within = valuesWithinCanton(asked, names);
  const close = closeValues(asked, names).filter((name) => !within.values.includes(name));
  const shown = close.map((name) => `"${name.slice(0, 80)}"`).join(', ');
  const inside = within.values.map((name) => `"${name.slice(0, 80)}"`).join(', ');
  return new OpenDataError(
    'invalid_input',
    `No value of "${dim.name}" in this cube matches "${asked.slice(0, 60)}".`,
    {
      hint:
        `${within.values.length > 0 ? `Values within ${within.canton}: ${inside}; pass them as a list for the whole canton. ` : ''}` +
        `${close.length > 0 ? `Close values: ${shown}. ` : ''}` +
        `list_dimension_values {"cube_id": "${cubeUri}", "dimension": "${dim.name.slice(0, 80)}"} lists them all.`,
      details: { dimension: dim.path },
    },
  );
}

/** The names nearest to what was asked: those containing it (or contained in it) first, then by edit distance. */
export function closeValues(asked: string, names: string[]): string[] {
  return nearbyNames(asked, names, CLOSE_VALUES);
}

/**
 * Values of a dimension that lie in the canton asked for, where the cube tags regions below a canton
 * with its abbreviation ("Dorneck / Thierstein (SO)" for Solothurn): the canton itself is then no
 * value, and its parts are what the question wants.
 */
export function valuesWithinCanton(asked: string, names: string[]): { canton: string; values: string[] } {
  for (const place of gazetteer().find(asked)) {
    const abbreviation = place.kind === 'canton' ? place.codes.abbreviation : undefined;
    if (!abbreviation) continue;
    const tag = `(${abbreviation})`;
    const values = names.filter((name) => name.includes(tag)).slice(0, CLOSE_VALUES * 2);
    if (values.length > 0) return { canton: `${asked.slice(0, 40)} ${tag}`, values };
  }
  return { canton: '', values: [] };
}
