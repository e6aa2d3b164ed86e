// The trivial server of `pnpm bench overhead`. Plain JS so that `node overhead-server.mjs` runs
// the built core (dist/) with no TypeScript loader in the way: that is what a desktop client
// spawns, and what the stdio and cold-start figures measure. The bench imports it too.
import { pathToFileURL } from 'node:url';
import { defineTool, READ_ONLY_OPEN_WORLD, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import { createJsonLogger, createOpenDataServer, startStdioServer } from '@opendata-mcp/core/server';
import { z } from 'zod';

const source = {
  backend: 'bench',
  adapter_id: 'bench',
  endpoint: 'test://bench',
  identifiers: {},
  title: 'Overhead bench',
  publisher: null,
  url: null,
  query: null,
  access_method: 'computed',
  retrieved_at: '2026-01-01T00:00:00.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

/** One tool that does nothing but answer: what remains of its round trip is framework and transport. */
export function trivialServer(logger) {
  const adapter = {
    specificationVersion: SPECIFICATION_VERSION,
    id: 'bench',
    backend: 'bench',
    title: 'Overhead bench',
    endpoint: 'test://bench',
    instructions: 'A trivial tool for the overhead benchmark.',
    tools: [
      defineTool({
        name: 'echo_text',
        title: 'Echo text',
        description: 'Returns its input unchanged, inside the answer envelope.',
        input: z.object({ text: z.string().max(100).describe('Text to echo.') }).strict(),
        output: z.object({ text: z.string() }),
        annotations: READ_ONLY_OPEN_WORLD,
        execute: async ({ text }) => ({ data: { text }, source }),
      }),
    ],
  };
  return createOpenDataServer({ adapters: [adapter], logger });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const logger = createJsonLogger({ level: 'warn' });
  startStdioServer(trivialServer(logger), logger);
}
