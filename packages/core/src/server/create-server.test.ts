import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { OpenDataError } from '../errors/opendata-error.js';
import { createHttpClient } from '../http/create-http-client.js';
import { silentLogger } from '../log/logger.js';
import { connectInProcess } from '../testing/in-process-client.js';
import { createMemoryLogger } from '../testing/memory-logger.js';
import { CompositionError } from './compose-adapters.js';
import { createOpenDataServer } from './create-server.js';

const source = {
  backend: 'test',
  adapter_id: 'numbers',
  endpoint: 'https://numbers.example',
  identifiers: { dataset: 'squares' },
  title: 'Squares',
  publisher: 'Test Office',
  url: null,
  query: { language: 'api' as const, text: 'square' },
  access_method: 'api',
  retrieved_at: '2026-01-02T03:04:05.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: { id: 'CC-BY-4.0', title: null, url: null },
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

function numbersAdapter(id = 'numbers', missingProvenance = false): Adapter {
  return {
    specificationVersion: 1,
    id,
    backend: 'test',
    title: 'Numbers',
    endpoint: 'https://numbers.example',
    instructions: 'Squares numbers.',
    tools: [
      defineTool({
        name: 'get_square',
        title: 'Square a number',
        description: 'Returns the square of a number, for tests of the envelope and of error mapping.',
        input: z.object({ n: z.number().int().min(0).max(1000).describe('The number to square.') }).strict(),
        output: z.object({ square: z.number() }),
        annotations: READ_ONLY_OPEN_WORLD,
        async execute({ n }) {
          if (n === 13)
            throw new OpenDataError('no_data', 'Thirteen has no square here.', { hint: 'Pick another.' });
          if (n === 7) throw new TypeError('boom');
          return { data: { square: n * n }, source: missingProvenance ? (undefined as never) : source };
        },
      }),
    ],
    async health() {
      return { reachable: true, count: { label: 'numbers', value: 1001 } };
    },
  };
}

describe('createOpenDataServer', () => {
  it('wraps a data answer in the envelope with provenance and citation', async () => {
    const server = createOpenDataServer({ adapters: [numbersAdapter()], logger: silentLogger });
    const envelope = await server.callTool('get_square', { n: 12 });
    expect(envelope).toMatchObject({ ok: true, square: 144, retrieved_at: source.retrieved_at });
    expect(envelope.ok && envelope.citation).toContain('Test Office: Squares');
  });

  it('maps expected and unexpected failures to error envelopes', async () => {
    const memory = createMemoryLogger('info');
    const server = createOpenDataServer({ adapters: [numbersAdapter()], logger: memory.logger });
    const refusal = await server.callTool('get_square', { n: 13 });
    expect(refusal).toEqual({
      ok: false,
      error: {
        code: 'no_data',
        message: 'Thirteen has no square here.',
        hint: 'Pick another.',
        retryable: false,
        details: { request_id: expect.stringMatching(/^[0-9a-f]{16}$/) },
      },
    });
    // The id in the answer finds the server's log line of that call.
    const requestId = refusal.ok ? undefined : refusal.error.details?.request_id;
    expect(
      memory
        .entries()
        .filter((e) => e.request_id === requestId)
        .map((e) => e.message),
    ).toEqual(['tool call failed']);
    const crash = await server.callTool('get_square', { n: 7 });
    expect(crash.ok === false && crash.error.code).toBe('internal_error');
    expect(JSON.stringify(crash)).not.toContain('boom');
    const bad = await server.callTool('get_square', { n: -1, extra: true });
    expect(bad.ok === false && bad.error.code).toBe('invalid_input');
  });

  it('refuses to emit a data answer without provenance', async () => {
    const server = createOpenDataServer({
      adapters: [numbersAdapter('numbers', true)],
      logger: silentLogger,
    });
    const envelope = await server.callTool('get_square', { n: 2 });
    expect(envelope.ok === false && envelope.error.code).toBe('internal_error');
  });

  it('fails at start-up when two adapters register the same tool name', () => {
    expect(() =>
      createOpenDataServer({ adapters: [numbersAdapter('a'), numbersAdapter('b')], logger: silentLogger }),
    ).toThrow(CompositionError);
    expect(() =>
      createOpenDataServer({ adapters: [numbersAdapter('a'), numbersAdapter('a')], logger: silentLogger }),
    ).toThrow(/share the id "a"/);
  });

  it("refuses an adapter under the id the server's own tools cite", () => {
    expect(() =>
      createOpenDataServer({
        adapters: [numbersAdapter('first'), numbersAdapter('core')],
        logger: silentLogger,
      }),
    ).toThrow(/adapter id "core" names the server's own tools/);
  });

  it("runs the server's own tools on the server's services, never on an adapter's client", async () => {
    const clients = new Map<string, unknown>();
    const seen: Array<{ adapterId: string; http: unknown }> = [];
    const server = createOpenDataServer({
      adapters: [numbersAdapter('first')],
      logger: silentLogger,
      httpClient: (adapter, options) => {
        const http = createHttpClient(options);
        clients.set(adapter.id, http);
        return http;
      },
      extensions: [
        {
          title: 'Probe',
          instructions: 'Reports the context it ran with.',
          tools: [
            defineTool({
              name: 'probe_context',
              title: 'Probe the context',
              description: 'Reports which services the server handed to its own tool, for this test only.',
              input: z.strictObject({}),
              output: z.object({ adapter_id: z.string() }),
              annotations: READ_ONLY_OPEN_WORLD,
              async execute(_input, ctx) {
                seen.push({ adapterId: ctx.adapterId, http: ctx.http });
                return { data: { adapter_id: ctx.adapterId }, source: { ...source, adapter_id: 'core' } };
              },
            }),
          ],
        },
      ],
    });
    const answer = await server.callTool('probe_context', {});
    expect(answer.ok).toBe(true);
    expect(seen[0]?.adapterId).toBe('core');
    expect(clients.get('first')).toBeDefined();
    expect(seen[0]?.http).not.toBe(clients.get('first'));
    expect(server.tools.find((t) => t.name === 'probe_context')?.adapterId).toBe('core');
    await server.close();
  });

  it('runs two instances side by side with a tool prefix', async () => {
    const server = createOpenDataServer({
      adapters: [numbersAdapter('a'), { adapter: numbersAdapter('b'), toolPrefix: 'second' }],
      logger: silentLogger,
    });
    expect(server.tools.map((t) => t.name).sort()).toEqual(['api_status', 'get_square', 'second_get_square']);
    expect(await server.callTool('second_get_square', { n: 3 })).toMatchObject({ ok: true, square: 9 });
  });

  it('serves structured content with a text mirror through a real client', async () => {
    const server = createOpenDataServer({ adapters: [numbersAdapter()], logger: silentLogger });
    const { client, close } = await connectInProcess(server);
    try {
      const { tools } = await client.listTools();
      const square = tools.find((t) => t.name === 'get_square');
      expect(square?.outputSchema?.properties).toHaveProperty('square');
      // Destructive and open-world go unsaid: the specification implies them for a read-only tool.
      expect(square?.annotations).toEqual({ readOnlyHint: true, idempotentHint: true });
      const result = await client.callTool({ name: 'get_square', arguments: { n: 4 } });
      expect(result.structuredContent).toMatchObject({ ok: true, square: 16 });
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
      const failed = await client.callTool({ name: 'get_square', arguments: { n: 'four' } });
      expect(failed.isError).toBe(true);
      expect(failed.structuredContent).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const status = await client.callTool({ name: 'api_status', arguments: {} });
      expect(status.structuredContent).toMatchObject({
        ok: true,
        all_reachable: true,
        backends: [{ adapter_id: 'numbers', reachable: true, count: { label: 'numbers', value: 1001 } }],
      });
    } finally {
      await close();
    }
  });
});
