import { OpenDataError } from '@opendata-mcp/core';

/** The registry's answer could not be read as the data format it claimed or looked like. */
export function notData(format: string, why: string): OpenDataError {
  return new OpenDataError(
    'upstream_error',
    `The registry sent a data answer that is not readable ${format}: ${why}.`,
    {
      hint: 'The answer was cut off or replaced by an error page; try again or check api_status.',
    },
  );
}
