import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../default-registry.js';
import { configJsonSchema } from './config-json-schema.js';

describe('published configuration schema', () => {
  it('matches the zod schemas (regenerate with `pnpm --filter @opendata-mcp/cli schema`)', () => {
    const published = JSON.parse(readFileSync(new URL('../../config.schema.json', import.meta.url), 'utf8'));
    expect(published).toEqual(configJsonSchema(defaultRegistry));
  });

  it('describes every adapter type with its own options', () => {
    const schema = configJsonSchema(defaultRegistry) as {
      properties: {
        adapters: {
          items: {
            anyOf: [
              { oneOf: Array<{ properties: { type: { const: string } } }> },
              { required: string[]; additionalProperties: unknown },
            ];
          };
        };
      };
    };
    const [builtIn, plugin] = schema.properties.adapters.items.anyOf;
    expect(builtIn.oneOf.map((o) => o.properties.type.const)).toEqual(['lindas', 'ckan', 'sdmx']);
    expect(plugin.required).toEqual(expect.arrayContaining(['type', 'module']));
  });
});
