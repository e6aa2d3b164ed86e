import { z } from 'zod';

/**
 * `limit` and `offset` described the same way in every adapter (see docs/VOCABULARY.md), so an agent
 * reads one phrasing everywhere: what is counted, the range, the default.
 */
export function limitParam(items: string, max: number, byDefault: number) {
  return z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(byDefault)
    .describe(`${items} to return, 1..${max} (default ${byDefault}).`);
}

export function offsetParam(items: string, max = 100_000) {
  return z
    .number()
    .int()
    .min(0)
    .max(max)
    .default(0)
    .describe(`${items} to skip (default 0): pass next_offset.`);
}

/** The `next_offset` output field, described once. */
export const NextOffsetSchema = z
  .number()
  .nullable()
  .describe('When truncated: the offset that returns the next items; null when nothing follows.');

export function nextOffset(offset: number, returned: number, truncated: boolean): number | null {
  return truncated ? offset + returned : null;
}
