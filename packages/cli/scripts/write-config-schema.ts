// Regenerates config.schema.json from the zod schemas: `pnpm --filter @opendata-mcp/cli schema`.
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../src/config/config-json-schema.js';
import { defaultRegistry } from '../src/default-registry.js';

const target = new URL('../config.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(configJsonSchema(defaultRegistry), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
