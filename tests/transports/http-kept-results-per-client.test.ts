import type { Client } from '@modelcontextprotocol/client';
import { type Adapter, defineTool, READ_ONLY_OPEN_WORLD, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import {
  createOpenDataServer,
  type OpenDataServer,
  type RunningHttpServer,
  silentLogger,
  startHttpServer,
} from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectHttp } from './connect-client.js';

/** One tool answering a one-cell table of `kib` KiB, which the server keeps like any table. */
const tableAdapter: Adapter = {
  specificationVersion: SPECIFICATION_VERSION,
  id: 'tables',
  backend: 'tables',
  title: 'Tables',
  endpoint: 'test://tables',
  instructions: 'A table of the asked size.',
  tools: [
    defineTool({
      name: 'make_table',
      title: 'Make a table',
      description: 'Answers a one-cell table of the given size, to test how kept results are shared.',
      input: z
        .object({ kib: z.number().int().min(1).max(64).describe('Size of the cell in KiB, 1 to 64.') })
        .strict(),
      output: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
      annotations: READ_ONLY_OPEN_WORLD,
      execute: async ({ kib }, ctx) => ({
        data: { columns: ['v'], rows: [['x'.repeat(kib * 1024)]] },
        source: {
          backend: 'tables',
          adapter_id: ctx.adapterId,
          endpoint: 'test://tables',
          identifiers: {},
          title: 'Tables',
          publisher: null,
          url: null,
          query: null,
          access_method: 'computed',
          retrieved_at: ctx.clock.now().toISOString(),
          metadata_retrieved_at: null,
          source_modified_at: null,
          license: null,
          cache: { hit: false, revalidated: false, first_fetched_at: null },
        },
      }),
    }),
  ],
};

let server: OpenDataServer;
let http: RunningHttpServer;
let a: Client;
let b: Client;

beforeAll(async () => {
  // 400 KiB in all and 100 KiB per client: 15 KiB tables stand for the 15 MB ones of a real attack.
  server = createOpenDataServer({
    adapters: [tableAdapter],
    logger: silentLogger,
    results: { maxBytes: 400 * 1024, maxResults: 100, clientShare: 0.25 },
  });
  http = await startHttpServer(server, silentLogger, { port: 0 });
  [a, b] = await Promise.all([connectHttp(http.url, 'legacy'), connectHttp(http.url, 'legacy')]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await http?.close();
});

async function keep(client: Client, kib: number): Promise<string> {
  const answer = await client.callTool({ name: 'make_table', arguments: { kib } });
  const id = (answer.structuredContent as { result_id?: string | null }).result_id;
  if (typeof id !== 'string')
    throw new Error(`not kept: ${JSON.stringify(answer.structuredContent).slice(0, 300)}`);
  return id;
}

describe('kept results over HTTP, per session', () => {
  it("one session keeping many large results evicts only its own; the other's survives", async () => {
    const victim = await keep(b, 15);
    const flood: string[] = [];
    for (let i = 0; i < 18; i++) flood.push(await keep(a, 15));
    expect((await server.results.read(victim)).result_id).toBe(victim);
    await expect(server.results.read(flood[0] as string)).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining(
        'evicted to make room for newer results of the same client (this server keeps at most 100 KiB',
      ),
    });
    expect((await server.results.read(flood[17] as string)).result_id).toBe(flood[17]);
  });
});
