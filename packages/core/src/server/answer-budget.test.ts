import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../contract/adapter.js';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { silentLogger } from '../log/logger.js';
import { connectInProcess } from '../testing/in-process-client.js';
import { createOpenDataServer } from './create-server.js';

const source = {
  backend: 'test',
  adapter_id: 'texts',
  endpoint: 'https://texts.example',
  identifiers: { dataset: 'long' },
  title: 'Long texts',
  publisher: 'Test Office',
  url: null,
  query: null,
  access_method: 'api',
  retrieved_at: '2026-01-02T03:04:05.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

// An adapter that answers with as many characters as asked: no engine stands between it and the client.
const textsAdapter: Adapter = {
  specificationVersion: 1,
  id: 'texts',
  backend: 'test',
  title: 'Texts',
  endpoint: 'https://texts.example',
  instructions: 'Answers long texts.',
  tools: [
    defineTool({
      name: 'get_text',
      title: 'Get a text',
      description: 'Answers one text of the length asked for, for tests of the answer budget.',
      input: z
        .object({
          chars: z.number().int().min(0).max(50_000_000).describe('Characters of the text.'),
          limit: z.number().int().min(1).max(100).optional().describe('Unused; a narrowing parameter.'),
        })
        .strict(),
      output: z.object({ text: z.string() }),
      annotations: READ_ONLY_OPEN_WORLD,
      async execute({ chars }) {
        return { data: { text: 'x'.repeat(chars) }, source };
      },
    }),
  ],
  async health() {
    return { reachable: true };
  },
};

describe('the answer budget of every data tool', () => {
  it('refuses an answer over the budget with resource_too_large naming the narrowing parameters', async () => {
    const server = createOpenDataServer({
      adapters: [textsAdapter],
      logger: silentLogger,
      limits: { maxAnswerBytes: 64 * 1024 },
    });
    const refused = await server.callTool('get_text', { chars: 100_000 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('resource_too_large');
    expect(refused.error.message).toMatch(/get_text takes 99 KiB, more than the 64 KiB/);
    expect(refused.error.hint).toMatch(/with limit:/);
    expect(refused.error.retryable).toBe(false);
    const within = await server.callTool('get_text', { chars: 60_000 });
    expect(within.ok).toBe(true);
  });

  it('holds the default budget under the 10 MiB a client message may take, and the session stays usable', async () => {
    const server = createOpenDataServer({ adapters: [textsAdapter], logger: silentLogger });
    const pair = await connectInProcess(server);
    try {
      const big = await pair.client.callTool({ name: 'get_text', arguments: { chars: 6_000_000 } });
      expect(big.isError).toBe(true);
      expect(big.structuredContent).toMatchObject({ ok: false, error: { code: 'resource_too_large' } });
      // Sent twice (structured and as text), the largest answer allowed still fits a 10 MiB message.
      const largest = await pair.client.callTool({
        name: 'get_text',
        arguments: { chars: 3 * 1024 * 1024 - 4096 },
      });
      expect(largest.isError).not.toBe(true);
      expect(JSON.stringify(largest).length).toBeLessThan(10 * 1024 * 1024);
      const next = await pair.client.callTool({ name: 'get_text', arguments: { chars: 3 } });
      expect(next.structuredContent).toMatchObject({ ok: true, text: 'xxx' });
    } finally {
      await pair.close();
    }
  });
});
