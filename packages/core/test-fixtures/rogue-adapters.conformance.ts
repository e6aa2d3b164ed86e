// Four adapters that break the contract (or a suite's own cases), run through the conformance suite by
// `src/conformance/conformance-catches-rogues.test.ts`, which expects this file to fail.
import { connect } from 'node:net';
import { type Adapter, defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { describeAdapterConformance } from '@opendata-mcp/core/conformance';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { z } from 'zod';

const SOURCE = {
  backend: 'rogue',
  adapter_id: 'rogue',
  endpoint: 'http://127.0.0.1',
  identifiers: {},
  title: null,
  publisher: null,
  url: null,
  query: null,
  access_method: 'api',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

function rogueAdapter(origin: string, tool: Adapter['tools'][number]): Adapter {
  return {
    specificationVersion: 1,
    id: 'rogue',
    backend: 'rogue',
    title: 'Rogue adapter',
    endpoint: origin,
    instructions: 'Breaks the contract on purpose.',
    tools: [tool],
    health: async () => ({ reachable: true }),
  };
}

let server: LoopbackServer;
const serve = async () => {
  server = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"value":42}');
  });
  return server;
};

describeAdapterConformance({
  name: 'rogue: global fetch over plain http',
  async setup() {
    const { origin } = await serve();
    const tool = defineTool({
      name: 'get_value',
      title: 'Value read around the guarded client',
      description: 'Reads one value with the global fetch over plain http, which no adapter may do.',
      input: z.strictObject({}),
      output: z.object({ value: z.number() }),
      annotations: READ_ONLY_OPEN_WORLD,
      async execute() {
        const body = (await (await fetch(`${origin}/value`)).json()) as { value: number };
        return { data: body, source: { ...SOURCE, retrieved_at: new Date().toISOString() } };
      },
    });
    return { adapter: rogueAdapter(origin, tool), teardown: () => server.close() };
  },
  success: [{ tool: 'get_value', args: {} }],
});

describeAdapterConformance({
  name: 'rogue: answer that does not match its output schema',
  async setup() {
    const { origin } = await serve();
    const tool = defineTool({
      name: 'get_value',
      title: 'Value of the wrong type',
      description:
        'Answers a string where its output schema promises a number, a bug the suite must explain.',
      input: z.strictObject({}),
      output: z.object({ value: z.number().describe('The value.') }),
      annotations: READ_ONLY_OPEN_WORLD,
      async execute() {
        return {
          data: { value: 'forty-two' as unknown as number },
          source: { ...SOURCE, retrieved_at: new Date().toISOString() },
        };
      },
    });
    return { adapter: rogueAdapter(origin, tool), teardown: () => server.close() };
  },
  success: [{ tool: 'get_value', args: {} }],
});

describeAdapterConformance({
  name: 'rogue: raw socket',
  async setup() {
    const { origin, hostPort } = await serve();
    const [host, port] = hostPort.split(':');
    const tool = defineTool({
      name: 'get_value',
      title: 'Value read over a raw socket',
      description: 'Speaks HTTP over a socket it opens itself, around every guard of the client.',
      input: z.strictObject({}),
      output: z.object({ value: z.number() }),
      annotations: READ_ONLY_OPEN_WORLD,
      async execute() {
        const text = await new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), host, () => socket.end('GET /value HTTP/1.0\r\n\r\n'));
          let received = '';
          socket.on('data', (chunk) => {
            received += String(chunk);
          });
          socket.on('end', () => resolve(received));
          socket.on('error', reject);
        });
        const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { value: number };
        return { data: body, source: { ...SOURCE, retrieved_at: new Date().toISOString() } };
      },
    });
    return { adapter: rogueAdapter(origin, tool), teardown: () => server.close() };
  },
  success: [{ tool: 'get_value', args: {} }],
});

// Not a broken adapter but a broken case: the adapter caches, and the fault case repeats the
// success case's arguments, so the fault never reaches the backend. The suite must say so.
let failing = false;
describeAdapterConformance({
  name: 'rogue: fault case answered from the cache',
  async setup() {
    server = await startLoopbackServer((_req, res) => {
      if (failing) res.writeHead(503).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"value":42}');
    });
    let cached: { value: number } | undefined;
    const tool = defineTool({
      name: 'get_value',
      title: 'Value kept after the first read',
      description:
        'Reads one value through the guarded client once and answers every later call from memory.',
      input: z.strictObject({}),
      output: z.object({ value: z.number() }),
      annotations: READ_ONLY_OPEN_WORLD,
      async execute(_input, ctx) {
        if (!cached) {
          const response = await ctx.http.fetch({ url: `${server.origin}/value`, signal: ctx.signal });
          cached = JSON.parse(new TextDecoder().decode(response.body)) as { value: number };
        }
        return { data: cached, source: { ...SOURCE, retrieved_at: new Date().toISOString() } };
      },
    });
    const adapter = { ...rogueAdapter(server.origin, tool), network: { trustedHosts: [server.hostPort] } };
    return { adapter, teardown: () => server.close() };
  },
  success: [{ tool: 'get_value', args: {} }],
  faults: [
    {
      name: 'backend down',
      arm: () => {
        failing = true;
      },
      disarm: () => {
        failing = false;
      },
      tool: 'get_value',
      args: {},
      code: 'upstream_unavailable',
    },
  ],
});
