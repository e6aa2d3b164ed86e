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
  const builtIn = rest.length === 0 ? first : z.discriminatedUnion('type', [first, ...rest]);
  // A plugin's options are known only once its module is loaded, so its entry is checked then.
  const pluginEntry = AdapterEntrySchema.extend({
    module: AdapterEntrySchema.shape.module.unwrap(),
  }).describe('An adapter type brought in by a plugin module; its own keys are checked by the plugin.');
  const schema = ConfigSchema.extend({
    adapters: z.array(z.union([builtIn, pluginEntry])).min(1),
  });
  return {
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    title: 'opendata-mcp configuration',
  };
}
