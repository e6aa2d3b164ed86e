import type { Client } from '@modelcontextprotocol/client';
import {
  createOpenDataServer,
  type RunningHttpServer,
  silentLogger,
  startHttpServer,
} from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectHttp, type Era } from './connect-client.js';
import { probeAdapter, probeObservations } from './fixtures/probe-adapter.js';
import { rawPost } from './raw-post.js';

const TOKEN = 'transport-test-token';
const observed = probeObservations();
let http: RunningHttpServer;

beforeAll(async () => {
  const server = createOpenDataServer({ adapters: [probeAdapter(observed)], logger: silentLogger });
  http = await startHttpServer(server, silentLogger, { port: 0, bearerToken: TOKEN });
});
afterAll(async () => {
  await http?.close();
});

describe.each<Era>(['legacy', 'modern'])('Streamable HTTP, %s era', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectHttp(http.url, era, { authorization: `Bearer ${TOKEN}` });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the era the client asked for', () => {
    expect(client.getProtocolEra()).toBe(era);
  });

  it('gives cache hints for lists on the 2026-07-28 revision only', async () => {
    const listed = (await client.listTools()) as { ttlMs?: number; cacheScope?: string };
    if (era === 'modern') expect(listed).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
    else expect(listed.ttlMs).toBeUndefined();
  });

  it('lists the tools and answers a call with the envelope', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'api_status',
      'ask_name',
      'count_steps',
      'echo_text',
      'wait_for_cancel',
      'wait_for_release',
    ]);
    const result = await client.callTool({ name: 'echo_text', arguments: { text: 'grüezi' } });
    expect(result.structuredContent).toMatchObject({
      ok: true,
      text: 'grüezi',
      source: { backend: 'probe' },
    });
  });

  it('delivers progress notifications to a client that sent a progress token', async () => {
    const updates: Array<{ progress: number; total?: number }> = [];
    const result = await client.callTool(
      { name: 'count_steps', arguments: { steps: 3 } },
      { onprogress: (p) => updates.push({ progress: p.progress, total: p.total }) },
    );
    expect(result.structuredContent).toMatchObject({ ok: true, counted: 3 });
    // The SDK client dispatches notifications a microtask late but settles the result at once, so
    // the last report can lose that race inside the client; the wire order is checked below.
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates).toEqual(updates.map((_, i) => ({ progress: i + 1, total: 3 })));
  });

  it('aborts the running tool when the client cancels the call', async () => {
    const label = `http-${era}`;
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'wait_for_cancel', arguments: { label } },
      { signal: controller.signal, onprogress: () => controller.abort(new Error('cancelled by test')) },
    );
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(observed.aborted).toContain(label), { timeout: 5_000 });
  });
});

describe('Streamable HTTP wire order', () => {
  it('sends every progress notification before the result on the response stream', async () => {
    const res = await rawPost(http.url, {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'count_steps', arguments: { steps: 3 }, _meta: { progressToken: 'p-9' } },
      }),
    });
    expect(res.status).toBe(200);
    const messages = res.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice('data: '.length)) as { method?: string; id?: number; params?: unknown },
      );
    expect(messages.map((m) => m.method ?? `result ${m.id}`)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result 9',
    ]);
    expect(messages[0]?.params).toMatchObject({ progressToken: 'p-9', progress: 1, total: 3 });
  });
});
