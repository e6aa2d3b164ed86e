import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

/** A loopback registry that answers every request with the structure body set for the test. */
describe('search_dataflows over an SDMX-JSON structure of the wrong shape', () => {
  let server: Server;
  let hostPort: string;
  let body = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.sdmx.structure+json; version=2.0' });
      res.end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const search = async (answer: unknown): Promise<Body> => {
    body = JSON.stringify(answer);
    const mcp = createOpenDataServer({
      logger: silentLogger,
      http: { retry: { retries: 0 } },
      adapters: [
        createSdmxAdapter({ url: `http://${hostPort}/rest`, agency: 'X', trusted_hosts: [hostPort] }),
      ],
    });
    const envelope = (await mcp.callTool('search_dataflows', { query: 'prices' })) as Body;
    await mcp.close();
    return envelope;
  };

  it('fails with upstream_error, never as zero dataflows', async () => {
    for (const data of [
      {},
      { dataflows: { id: 'CPI' } },
      { dataflows: ['CPI'] },
      { dataflows: [{ name: 'x' }] },
    ]) {
      const envelope = await search({ meta: {}, data });
      expect(envelope.ok, JSON.stringify(data)).toBe(false);
      expect(envelope.error.code).toBe('upstream_error');
    }
  });

  it('answers a well-formed empty list as an honest empty answer', async () => {
    const envelope = await search({ meta: {}, data: { dataflows: [] } });
    expect(envelope.ok, JSON.stringify(envelope).slice(0, 300)).toBe(true);
    expect(envelope.returned).toBe(0);
  });
});
