import { OpenDataError } from '@opendata-mcp/core/errors';

export function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && /Out of Memory Error/i.test(error.message);
}

export function tooLargeForMemory(): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    'The resource does not fit in the memory allowed for one table.',
    {
      hint: 'Pick a smaller resource (or a filtered extract of it); the memory cap is set by the server operator.',
    },
  );
}

export function tooManyRows(maxRows: number): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    `The resource has more than ${maxRows} rows, the cap for one table.`,
    {
      hint: 'Queries always cover the whole resource, so an oversized one is refused rather than cut. Pick a smaller resource.',
      details: { max_rows: maxRows },
    },
  );
}
