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

// Every client below shares this token and the loopback address: neither may tell them apart.
const TOKEN = 'shared-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const observed = probeObservations();
let http: RunningHttpServer;

beforeAll(async () => {
  const server = createOpenDataServer({ adapters: [probeAdapter(observed)], logger: silentLogger });
  http = await startHttpServer(server, silentLogger, { port: 0, bearerToken: TOKEN });
});
afterAll(async () => {
  await http?.close();
});

const cancelled = (requestId: string | number) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });

/** Every id the SDK client can have used by now, as numbers and as strings. */
const GUESSED_IDS = Array.from({ length: 20 }, (_, i) => i).flatMap((i) => [i, String(i)]);

/** Starts `wait_for_release`; resolves, once the server reports it running, to its pending result. */
async function startWaiting(client: Client, label: string) {
  let running!: () => void;
  const started = new Promise<void>((resolve) => {
    running = resolve;
  });
  const result = client.callTool(
    { name: 'wait_for_release', arguments: { label } },
    { onprogress: () => running() },
  );
  await started;
  // Wrapped, or returning it from this async function would wait for the call to end.
  return { result };
}

/** The session id an `initialize` (rawPost's default body) is answered with. */
async function sessionIdOf(headers: Record<string, string>): Promise<string> {
  const res = await rawPost(http.url, { headers });
  const id = res.headers['mcp-session-id'];
  expect(res.status).toBe(200);
  expect(typeof id).toBe('string');
  return id as string;
}

describe.each<Era>(['legacy', 'modern'])('HTTP cancellation between clients, %s era', (era) => {
  let victim: Client;
  let other: Client;
  beforeAll(async () => {
    [victim, other] = await Promise.all([connectHttp(http.url, era, AUTH), connectHttp(http.url, era, AUTH)]);
  });
  afterAll(async () => {
    await Promise.all([victim?.close(), other?.close()]);
  });

  it("another client's cancel by id does not abort the call, which completes normally", async () => {
    const label = `victim-${era}`;
    const { result: call } = await startWaiting(victim, label);
    const ownSession = await sessionIdOf(AUTH);
    for (const id of GUESSED_IDS) {
      // The second SDK client, in its own session.
      await other.notification({ method: 'notifications/cancelled', params: { requestId: id } });
      // The same notification without a session, with a made-up one, and with an issued one.
      for (const session of [undefined, 'session-1', ownSession]) {
        const headers = session ? { ...AUTH, 'mcp-session-id': session } : AUTH;
        const res = await rawPost(http.url, { headers, body: cancelled(id) });
        expect(res.status).toBeLessThan(500);
      }
    }
    expect(observed.aborted).not.toContain(label);
    observed.waiting.get(label)?.();
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true, released: true });
    expect(observed.aborted).not.toContain(label);
  });

  it("the client's own cancellation still aborts its call", async () => {
    const label = `own-${era}`;
    const controller = new AbortController();
    const call = victim.callTool(
      { name: 'wait_for_release', arguments: { label } },
      { signal: controller.signal, onprogress: () => controller.abort(new Error('cancelled by test')) },
    );
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(observed.aborted).toContain(label), { timeout: 5_000 });
  });
});

describe('HTTP cancellation of a 2025-era call', () => {
  it('gives the initializing client a session id, and none to a later request', async () => {
    const first = await sessionIdOf(AUTH);
    const second = await sessionIdOf(AUTH);
    expect(second).not.toBe(first);
    const list = await rawPost(http.url, {
      headers: { ...AUTH, 'mcp-session-id': first, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(list.status).toBe(200);
    expect(list.headers['mcp-session-id']).toBeUndefined();
  });

  it('aborts the call when the client closes its response, with or without a session', async () => {
    const session = await sessionIdOf(AUTH);
    for (const [label, headers] of [
      ['closed-without-session', AUTH],
      ['closed-in-session', { ...AUTH, 'mcp-session-id': session }],
    ] as const) {
      const controller = new AbortController();
      const res = await fetch(http.url, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'wait_for_release', arguments: { label }, _meta: { progressToken: 1 } },
        }),
      });
      const reader = res.body?.getReader();
      // The first event is the progress report: the tool is running.
      await reader?.read();
      controller.abort();
      await vi.waitFor(() => expect(observed.aborted).toContain(label), { timeout: 5_000 });
    }
  });

  it('a cancel bound to the call’s session aborts it; the same cancel without it does not', async () => {
    const session = await sessionIdOf(AUTH);
    const headers = { ...AUTH, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    const label = 'bound-cancel';
    const call = rawPost(http.url, {
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 41,
        method: 'tools/call',
        params: { name: 'wait_for_release', arguments: { label } },
      }),
    });
    await vi.waitFor(() => expect(observed.waiting.has(label)).toBe(true));
    await rawPost(http.url, { headers: AUTH, body: cancelled(41) });
    expect(observed.aborted).not.toContain(label);
    await rawPost(http.url, { headers, body: cancelled(41) });
    await vi.waitFor(() => expect(observed.aborted).toContain(label), { timeout: 5_000 });
    await call;
  });
});
