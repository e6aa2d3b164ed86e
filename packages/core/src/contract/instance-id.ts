import { z } from 'zod';

/**
 * The rule for an adapter instance id, held once: the id names the instance in resource addresses,
 * status answers and logs, so it is short, lower case and safe in a URI.
 */
export const INSTANCE_ID_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;

/** The `id` option of every adapter's options schema, defaulting to the adapter's own name. */
export function instanceIdParam(byDefault: string) {
  return z
    .string()
    .regex(INSTANCE_ID_PATTERN, 'a lower-case letter, then up to 39 lower-case letters, digits, "_" or "-"')
    .default(byDefault)
    .describe(
      'Instance id, unique per server; two instances of one adapter need two ids (and a tool prefix).',
    );
}
