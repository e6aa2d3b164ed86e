import { type DimensionFilters, dimensionConditions, OpenDataError } from '@opendata-mcp/core';
import { CodeIdSchema } from '../registry/sdmx-ids.js';

/**
 * The shared `filters` object as SDMX reads it: codes per dimension. A registry selects series by
 * code, so comparisons have no meaning here; time has its own parameters.
 */
export function codesByDimension(filters: DimensionFilters | undefined): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  for (const condition of dimensionConditions(filters)) {
    if (!condition.anyOf) {
      throw new OpenDataError(
        'invalid_input',
        `filters.${condition.dimension.slice(0, 60)}: an SDMX registry selects series by code, so comparisons do not apply.`,
        {
          hint: 'Give a code or a list of codes, e.g. {"REF_AREA": ["USA", "BRA"]}; for a time range use start_period and end_period.',
        },
      );
    }
    for (const code of condition.anyOf) {
      if (!CodeIdSchema.safeParse(code).success) {
        throw new OpenDataError(
          'invalid_input',
          `filters.${condition.dimension.slice(0, 60)}: "${code.slice(0, 40)}" is not an SDMX code id.`,
          {
            hint: 'Codes are ids such as "USA" or "_T", not labels; list_codes finds them.',
          },
        );
      }
    }
    codes[condition.dimension] = condition.anyOf;
  }
  return codes;
}
