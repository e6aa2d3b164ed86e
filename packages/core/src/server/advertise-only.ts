import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/**
 * Hands the SDK a schema to advertise in `tools/list` without letting it validate: core checks
 * arguments and results itself, so a bad argument comes back as an `invalid_input` envelope the
 * agent can act on instead of a bare protocol error.
 */
export function advertiseOnly(schema: z.ZodType): StandardSchemaWithJSON {
  const standard = schema['~standard'] as z.ZodType['~standard'] & {
    jsonSchema: StandardSchemaWithJSON['~standard']['jsonSchema'];
  };
  return {
    '~standard': {
      version: 1,
      vendor: 'opendata-mcp',
      validate: (value: unknown) => ({ value }),
      jsonSchema: standard.jsonSchema,
    },
  };
}
