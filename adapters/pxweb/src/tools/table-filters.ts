import { type DimensionFilters, dimensionConditions, OpenDataError } from '@opendata-mcp/core';
import { ValueCodeSchema, VariableCodeSchema } from '../api/pxweb-ids.js';

/**
 * The shared `filters` object as PxWeb's selection: value codes per variable code. PxWeb selects by
 * code only, so a comparison is refused with what to send instead; codes are checked for the form
 * PxWeb writes them in, since v2 puts them comma-separated into the URL.
 */
export function tableFilterCodes(filters: DimensionFilters | undefined): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  for (const condition of dimensionConditions(filters)) {
    if (condition.anyOf === null) {
      throw new OpenDataError(
        'invalid_input',
        `PxWeb selects values by code; a comparison on ${condition.dimension} cannot be sent.`,
        { hint: 'List the codes wanted, e.g. {"Tid": ["2022", "2023"]}; get_table_structure lists them.' },
      );
    }
    if (!VariableCodeSchema.safeParse(condition.dimension).success) {
      throw new OpenDataError('invalid_input', `"${condition.dimension}" is not a PxWeb variable code.`, {
        hint: 'Key filters by the variable codes get_table_structure lists, e.g. "Region" or "Tid".',
      });
    }
    const malformed = condition.anyOf.filter((code) => !ValueCodeSchema.safeParse(code).success);
    if (malformed.length > 0) {
      throw new OpenDataError(
        'invalid_input',
        `${malformed.map((c) => `"${c}"`).join(', ')} is not a PxWeb value code.`,
        { hint: 'Give each code as its own list item, e.g. ["01", "03"], never "01,03".' },
      );
    }
    codes[condition.dimension] = condition.anyOf;
  }
  return codes;
}
