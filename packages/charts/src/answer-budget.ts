import { OpenDataError } from '@opendata-mcp/core';

const NARROW =
  'Draw fewer points or series (filter in sql, or aggregate first with query_results: GROUP BY a coarser period or a category), or shorter labels.';

function tooLarge(what: string, bytes: number, maxBytes: number): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    `The chart's ${what} would take ${bytes} bytes; a chart answer holds at most ${maxBytes}.`,
    { hint: NARROW, details: { bytes, max_answer_bytes: maxBytes } },
  );
}

/** Bytes of a value as JSON text, the form it travels in. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** Refuses, before anything is drawn, a chart whose inline data alone is over the answer budget. */
export function checkDataBytes(data: unknown, maxBytes: number): void {
  const bytes = jsonBytes(data);
  if (bytes > maxBytes) throw tooLarge('inline data', bytes, maxBytes);
}

/** Refuses a drawn chart whose spec and PNG (as base64) together are over the answer budget. */
export function checkAnswerBytes(vegaLite: unknown, png: Uint8Array, maxBytes: number): void {
  const bytes = jsonBytes(vegaLite) + Math.ceil(png.byteLength / 3) * 4;
  if (bytes > maxBytes) throw tooLarge('spec and picture', bytes, maxBytes);
}
