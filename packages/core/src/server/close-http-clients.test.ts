import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import type { HttpClient } from '../http/http-types.js';
import { silentLogger } from '../log/logger.js';
import { startLoopbackServer } from '../testing/loopback-http-server.js';
import { createOpenDataServer } from './create-server.js';

function pingAdapter(id: string, origin: string, hostPort: string): Adapter {
  return {
    specificationVersion: 1,
    id,
    backend: 'test',
    title: 'Ping',
    endpoint: origin,
    instructions: 'Pings a loopback portal.',
    network: { trustedHosts: [hostPort] },
    tools: [
      defineTool({
        name: `${id}_ping`,
        title: 'Ping the portal',
        description: 'Fetches one page from the portal, for tests of the client lifetime.',
        input: z.object({}).strict(),
        output: z.object({ text: z.string() }),
        annotations: READ_ONLY_OPEN_WORLD,
        async execute(_input, ctx) {
          const answer = await ctx.http.fetch({ url: `${origin}/ping` });
          return {
            data: { text: answer.text() },
            source: {
              backend: 'test',
              adapter_id: id,
              endpoint: origin,
              identifiers: {},
              title: null,
              publisher: null,
              url: null,
              query: { language: 'api' as const, text: 'ping' },
              access_method: 'api',
              retrieved_at: answer.fetchedAt.toISOString(),
              metadata_retrieved_at: null,
              source_modified_at: null,
              license: null,
              cache: { hit: false, revalidated: false, first_fetched_at: null },
            },
          };
        },
      }),
    ],
    async health() {
      return { reachable: true };
    },
  };
}

describe('createOpenDataServer close()', () => {
  it("closes every adapter's HTTP client", async () => {
    const closed: string[] = [];
    const server = createOpenDataServer({
      adapters: [
        pingAdapter('one', 'http://127.0.0.1:1', '127.0.0.1:1'),
        pingAdapter('two', 'http://127.0.0.1:1', '127.0.0.1:1'),
      ],
      logger: silentLogger,
      httpClient: (adapter) =>
        ({
          fetch: async () => {
            throw new Error('unused');
          },
          download: async () => {
            throw new Error('unused');
          },
          stats: () => ({}) as ReturnType<HttpClient['stats']>,
          close: async () => {
            closed.push(adapter.id);
          },
        }) satisfies HttpClient,
    });
    await server.close();
    expect(closed.sort()).toEqual(['one', 'two']);
  });

  it('lets go of the keep-alive socket an adapter left open', async () => {
    const sockets: Socket[] = [];
    const portal = await startLoopbackServer((req, res) => {
      if (!sockets.includes(req.socket)) sockets.push(req.socket);
      res.end('pong');
    });
    try {
      const server = createOpenDataServer({
        adapters: [pingAdapter('one', portal.origin, portal.hostPort)],
        logger: silentLogger,
      });
      const answer = await server.callTool('one_ping', {});
      expect(answer).toMatchObject({ ok: true });
      expect(sockets.map((socket) => socket.destroyed)).toEqual([false]);
      await server.close();
      await vi.waitFor(() => expect(sockets.map((socket) => socket.destroyed)).toEqual([true]));
    } finally {
      await portal.close();
    }
  });
});
