import { z } from 'zod';
import type { AdapterRegistry } from '../registry.js';
import { AdapterEntrySchema, ConfigSchema } from './config-schema.js';

/** The published JSON Schema of the configuration: shared keys plus each adapter type's own options. */
export function configJsonSchema(registry: AdapterRegistry): Record<string, unknown> {
  const entries = [...registry.values()].map((registration) =>
    registration.options
      .extend({
        type: z.literal(registration.type).describe(registration.description),
        tool_prefix: AdapterEntrySchema.shape.tool_prefix,
      })
      .strict(),
  );
  const [first, ...rest] = entries;
  if (!first) throw new Error('no adapter types registered');
  const schema = ConfigSchema.extend({
    adapters: z.array(rest.length === 0 ? first : z.discriminatedUnion('type', [first, ...rest])).min(1),
  });
  return {
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    title: 'opendata-mcp configuration',
  };
}
