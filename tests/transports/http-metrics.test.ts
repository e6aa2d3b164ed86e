import { type IncomingHttpHeaders, request } from 'node:http';
import { type Adapter, defineTool, READ_ONLY_OPEN_WORLD, SPECIFICATION_VERSION } from '@opendata-mcp/core';
import {
  createOpenDataServer,
  loadPrometheusMetrics,
  type PrometheusMetrics,
  type RunningHttpServer,
  silentLogger,
  startHttpServer,
} from '@opendata-mcp/core/server';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectHttp } from './connect-client.js';

const TOKEN = 'metrics-test-token-0123456789';

/** One tool that reads a number from an upstream server through the guarded client and its cache. */
function upstreamAdapter(origin: string, hostPort: string): Adapter {
  return {
    specificationVersion: SPECIFICATION_VERSION,
    id: 'upstream',
    backend: 'probe',
    title: 'Upstream probe',
    endpoint: origin,
    instructions: 'Reads one number from a loopback server.',
    network: { trustedHosts: [hostPort] },
    tools: [
      defineTool({
        name: 'read_number',
        title: 'Read number',
        description: 'Reads a number from the upstream server, cached for a minute.',
        input: z.object({ key: z.string().max(20).describe('Which number, 1 to 20 characters.') }).strict(),
        output: z.object({ value: z.number() }),
        annotations: READ_ONLY_OPEN_WORLD,
        async execute({ key }, ctx) {
          const answer = await ctx.http.fetch({ url: `${origin}/n/${key}`, cacheTtlMs: 60_000 });
          return {
            data: { value: answer.json<{ value: number }>().value },
            source: {
              backend: 'probe',
              adapter_id: ctx.adapterId,
              endpoint: origin,
              identifiers: {},
              title: 'Upstream probe',
              publisher: null,
              url: null,
              query: null,
              access_method: 'api',
              retrieved_at: ctx.clock.now().toISOString(),
              metadata_retrieved_at: null,
              source_modified_at: null,
              license: null,
              cache: { hit: answer.fromCache, revalidated: false, first_fetched_at: null },
            },
          };
        },
      }),
    ],
  };
}

function get(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method, headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The value of one sample line, e.g. `name{a="b"} 3`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics on the HTTP transport', () => {
  let upstream: LoopbackServer;
  let metrics: PrometheusMetrics;
  let running: RunningHttpServer;
  let metricsUrl: string;
  const auth = { authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    upstream = await startLoopbackServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: (req.url ?? '').length }));
    });
    metrics = await loadPrometheusMetrics({ processMetrics: false });
    const server = createOpenDataServer({
      adapters: [upstreamAdapter(upstream.origin, upstream.hostPort)],
      logger: silentLogger,
      telemetry: metrics,
    });
    running = await startHttpServer(server, silentLogger, { port: 0, bearerToken: TOKEN, metrics });
    metricsUrl = running.url.replace(/\/mcp$/, '/metrics');
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
  });

  it('counts tool calls by outcome, their latency, upstream answers and cache outcomes', async () => {
    const client = await connectHttp(running.url, 'legacy', auth);
    await client.callTool({ name: 'read_number', arguments: { key: 'abc' } });
    await client.callTool({ name: 'read_number', arguments: { key: 'abc' } });
    await client.callTool({ name: 'read_number', arguments: { key: 'x'.repeat(30) } });
    await client.close();

    const scrape = await get(metricsUrl, { ...auth, host: `127.0.0.1:${running.port}` });
    expect(scrape.status).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    expect(sample(text, 'opendata_mcp_tool_calls_total', { tool: 'read_number', outcome: 'ok' })).toBe(2);
    expect(
      sample(text, 'opendata_mcp_tool_calls_total', { tool: 'read_number', outcome: 'invalid_input' }),
    ).toBe(1);
    expect(sample(text, 'opendata_mcp_tool_call_duration_seconds_count', { tool: 'read_number' })).toBe(3);
    expect(sample(text, 'opendata_mcp_upstream_responses_total', { host: '127.0.0.1', status: '200' })).toBe(
      1,
    );
    expect(sample(text, 'opendata_mcp_cache_lookups_total', { cache: 'http', outcome: 'miss' })).toBe(1);
    expect(sample(text, 'opendata_mcp_cache_lookups_total', { cache: 'http', outcome: 'hit' })).toBe(1);
  });

  it('refuses a scrape without the token, with a foreign Host or Origin, and with another method', async () => {
    const host = `127.0.0.1:${running.port}`;
    expect((await get(metricsUrl, { host })).status).toBe(401);
    expect((await get(metricsUrl, { host, authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(
      401,
    );
    expect((await get(metricsUrl, { ...auth, host: 'evil.example' })).status).toBe(403);
    expect((await get(metricsUrl, { ...auth, host, origin: 'https://evil.example' })).status).toBe(403);
    expect((await get(metricsUrl, { ...auth, host }, 'POST')).status).toBe(405);
  });

  it('has no /metrics when the server was not given metrics', async () => {
    const plain = await startHttpServer(
      createOpenDataServer({ adapters: [], logger: silentLogger }),
      silentLogger,
      {
        port: 0,
      },
    );
    try {
      const res = await get(plain.url.replace(/\/mcp$/, '/metrics'), { host: `127.0.0.1:${plain.port}` });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("names each request: the client's plain X-Request-Id is echoed, anything else replaced", async () => {
    const host = `127.0.0.1:${running.port}`;
    const given = await get(metricsUrl, { ...auth, host, 'x-request-id': 'lb-1234.abc' });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const forged = await get(metricsUrl, { ...auth, host, 'x-request-id': 'bad id\twith "quotes"' });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    const none = await get(metricsUrl, { host });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('puts the request id of the HTTP request into the error details of the answer', async () => {
    const client = await connectHttp(running.url, 'legacy', { ...auth, 'x-request-id': 'trace-77' });
    const result = await client.callTool({ name: 'read_number', arguments: { key: 'y'.repeat(30) } });
    await client.close();
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { request_id: 'trace-77' } },
    });
  });
});
