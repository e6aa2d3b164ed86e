import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs only the rogue adapters, from sources, for the test that expects the suite to fail them.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['@opendata-mcp/source'] },
  ssr: { resolve: { conditions: ['@opendata-mcp/source'] } },
  test: { include: ['rogue-adapters.conformance.ts'], pool: 'forks' },
});
