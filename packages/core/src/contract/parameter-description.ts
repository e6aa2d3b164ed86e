import type { z } from 'zod';

/**
 * The description of a parameter, looked up through optional, default and nullable wrappers:
 * zod keeps a description on the schema it was given to, and `.optional()` makes a new one.
 */
export function parameterDescription(schema: z.ZodType): string | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.description) return current.description;
    const unwrap: (() => z.ZodType) | undefined = (current as { unwrap?: () => z.ZodType }).unwrap;
    current = typeof unwrap === 'function' ? unwrap.call(current) : undefined;
  }
  return undefined;
}
