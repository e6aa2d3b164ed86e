import { OpenDataError } from '@opendata-mcp/core';
import type { FlowStructure } from './flow-structure.js';
import { usableCodes } from './usable-codes.js';

const NAMED_CODES = 25;

/**
 * The SDMX series key for the filters: one segment per dimension in DSD order, codes joined with
 * `+`, an empty segment for a wildcard. Every dimension and code is checked against the structure
 * before any data call, so a typo is refused with the valid choices rather than sent upstream.
 */
export function buildSeriesKey(structure: FlowStructure, asked: Record<string, string[]>): string {
  const dimensionIds = structure.dimensions.map((d) => d.id);
  const filters: Record<string, string[]> = {};
  for (const [name, codes] of Object.entries(asked)) {
    // A dimension named in other letter case ("indicator" for INDICATOR) is that dimension: DSDs
    // never hold two ids that differ only so, and a refusal would cost a call to say the obvious.
    const id = dimensionIds.includes(name) ? name : sameIgnoringCase(dimensionIds, name);
    if (id !== undefined) {
      filters[id] = [...(filters[id] ?? []), ...codes];
      continue;
    }
    const isTime = structure.timeDimension?.id.toUpperCase() === name.toUpperCase();
    throw new OpenDataError(
      'invalid_input',
      isTime
        ? `${name} is the time dimension; it is not a key filter.`
        : `Dataflow ${structure.flow.id} has no dimension "${name}". Its dimensions are: ${dimensionIds.join(', ')}.`,
      {
        hint: isTime
          ? 'Use start_period and end_period for time.'
          : 'Use the dimension ids from get_dataflow_structure.',
        details: { dimensions: dimensionIds },
      },
    );
  }
  const segments = structure.dimensions.map((dimension) => {
    const wanted = filters[dimension.id] ?? [];
    const { codes, constrained } = usableCodes(dimension);
    if (codes) {
      const valid = new Set(codes.map((c) => c.id));
      const unknown = wanted.filter((code) => !valid.has(code));
      if (unknown.length > 0)
        throw unknownCodes(structure.flow.id, dimension.id, unknown, [...valid], constrained);
    }
    return [...new Set(wanted)].join('+');
  });
  return segments.every((s) => s === '') ? 'all' : segments.join('.');
}

/** The one id equal to `name` but for letter case; undefined when none is, or several are. */
function sameIgnoringCase(ids: readonly string[], name: string): string | undefined {
  const matches = ids.filter((id) => id.toUpperCase() === name.toUpperCase());
  return matches.length === 1 ? matches[0] : undefined;
}

function unknownCodes(
  flowId: string,
  dimension: string,
  unknown: string[],
  valid: string[],
  constrained: boolean,
): OpenDataError {
  const which = constrained ? 'codes allowed for' : 'codes of';
  const listed =
    valid.length <= NAMED_CODES
      ? `The ${which} ${dimension} are: ${valid.join(', ')}.`
      : `${dimension} has ${valid.length} ${constrained ? 'allowed ' : ''}codes, e.g. ${valid.slice(0, 10).join(', ')}.`;
  return new OpenDataError(
    'invalid_input',
    `${dimension} in ${flowId} has no ${constrained ? 'allowed ' : ''}code ${unknown.map((c) => `"${c}"`).join(', ')}. ${listed}`,
    {
      hint: `Use list_codes for ${dimension} (with a query word) to find the code; codes are ids, not labels.`,
      details: { dimension, unknown_codes: unknown, valid_code_count: valid.length },
    },
  );
}
