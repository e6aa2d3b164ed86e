import { readFile } from 'node:fs/promises';
import { describeAdapterConformance } from '@opendata-mcp/core/conformance';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPopulationAdapter } from './population-adapter.js';

const documentPath = new URL('../test-data/population__synthetic.json', import.meta.url);

async function serveDocument(): Promise<LoopbackServer> {
  const body = await readFile(documentPath);
  return startLoopbackServer((req, res) => {
    if (req.url !== '/population.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
}

describeAdapterConformance({
  name: 'example population adapter',
  async setup() {
    const server = await serveDocument();
    return {
      adapter: createPopulationAdapter({ url: server.origin, trusted_hosts: [server.hostPort] }),
      teardown: () => server.close(),
    };
  },
  success: [{ tool: 'get_population', args: { canton: 'ZH' } }],
  failures: [
    { tool: 'get_population', args: { canton: 'XX' }, code: 'not_found' },
    { tool: 'get_population', args: { canton: 'zurich' }, code: 'invalid_input' },
  ],
});

describe('example population adapter', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await serveDocument();
  });
  afterAll(() => server.close());

  it('returns the publisher figures newest first, with licence and modification date', async () => {
    const od = createOpenDataServer({
      adapters: [createPopulationAdapter({ url: server.origin, trusted_hosts: [server.hostPort] })],
      logger: silentLogger,
    });
    const answer = await od.callTool('get_population', { canton: 'ZH', limit: 2 });
    expect(answer).toMatchObject({
      ok: true,
      rows: [
        { year: 2023, population: 1605508 },
        { year: 2022, population: 1579967 },
      ],
      returned: 2,
      truncated: true,
      total_matched: 3,
      next_offset: 2,
      source: { source_modified_at: '2026-03-01', license: { id: 'CC-BY-4.0' } },
    });
  });
});
