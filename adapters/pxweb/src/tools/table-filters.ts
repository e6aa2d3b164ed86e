import { type DimensionFilters, dimensionConditions, OpenDataError } from '@opendata-mcp/core';

/**
 * The shared `filters` object as PxWeb's selection: value codes per variable code. PxWeb selects by
 * code only, so a comparison is refused with what to send instead.
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
    codes[condition.dimension] = condition.anyOf;
  }
  return codes;
}
