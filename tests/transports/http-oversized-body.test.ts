import { request } from 'node:http';
import { SdkHttpError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { connectHttp } from './connect-client.js';
import { hostileUpload, type Upload } from './hostile-upload.js';
import { startServerProcess, stopServerProcesses } from './http-server-process.js';
import { type Attempt, type Client, type Framing, postOversized } from './oversized-post.js';

const MiB = 1024 * 1024;
const PARALLEL = 20;

afterEach(stopServerProcesses);

/** '413' when the client read the refusal and its connection closed cleanly; else what it saw. */
function outcome(attempt: Attempt, limit: number): string {
  const refusal = attempt.status === 413 && attempt.body === `request body larger than ${limit} bytes`;
  if (refusal && !attempt.error) return '413';
  return `${attempt.status ?? 'no status'}${attempt.error ? ` then ${attempt.error}` : ''}`;
}

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

describe('HTTP transport, bodies over the cap', () => {
  it('every client reads 413 for 2 MiB and 50 MiB bodies, declared and chunked, twenty at once, and the server keeps no body', async () => {
    const server = await startServerProcess();
    const variants: Array<[number, Framing, Client]> = [];
    for (const size of [2 * MiB, 50 * MiB])
      for (const framing of ['declared', 'chunked'] as const)
        for (const client of ['node:http', 'fetch'] as const) variants.push([size, framing, client]);
    // One round first, so the measurement starts after code loading and JIT, not before.
    await Promise.all(
      variants.map(([, framing, client]) => postOversized(server.url, client, framing, 2 * MiB)),
    );
    const rssBefore = await server.rss();
    const seen: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    const millis: Record<string, number> = {};
    const sentMiB: Record<string, number> = {};
    for (const [size, framing, client] of variants) {
      const name = `${size / MiB} MiB ${framing} ${client}`;
      const started = performance.now();
      const attempts = await Promise.all(
        Array.from({ length: PARALLEL }, () => postOversized(server.url, client, framing, size)),
      );
      millis[name] = Math.round(performance.now() - started);
      sentMiB[name] = Math.round(attempts.reduce((sum, a) => sum + a.sent, 0) / MiB);
      seen[name] = tally(attempts.map((a) => outcome(a, MiB)));
      expected[name] = { '413': PARALLEL };
    }
    const rssAfter = await server.rss();
    const rssMiB = { before: Math.round(rssBefore / MiB), after: Math.round(rssAfter / MiB) };
    console.info('oversized bodies', JSON.stringify({ millis, sentMiB, rssMiB }));
    expect(seen).toEqual(expected);
    // Clients stop sending once they have read the 413, so how much went through varies from run to
    // run; the drain discards whatever did, and growth stays under one body of the largest kind.
    expect(rssAfter - rssBefore).toBeLessThan(64 * MiB);
  }, 240_000);

  it('answers, then cuts off, clients that keep sending past the drain budget, keeping none of what they sent', async () => {
    const server = await startServerProcess();
    const flood = (): Promise<Upload> => hostileUpload(server.url, 'transfer-encoding: chunked', 'flood');
    await flood();
    const rssBefore = await server.rss();
    // Ten at once: each one pushes some 70 MiB through before the cut.
    const uploads = await Promise.all(Array.from({ length: 10 }, flood));
    const rssAfter = await server.rss();
    const drainedMiB = Math.round(uploads.reduce((sum, u) => sum + u.written, 0) / MiB);
    console.info(
      'past the drain budget',
      JSON.stringify({ drainedMiB, rssMiB: [rssBefore, rssAfter].map((r) => Math.round(r / MiB)) }),
    );
    for (const upload of uploads) {
      expect(upload.received).toMatch(/^HTTP\/1\.1 413 /);
      expect(upload.received).toContain(`request body larger than ${MiB} bytes`);
      expect(['ECONNRESET', 'EPIPE']).toContain(upload.error);
      // Cut after the default 64 MiB past the cap; the sockets' buffers hold a few MiB more.
      expect(upload.written).toBeGreaterThan(65 * MiB);
      expect(upload.written).toBeLessThan(96 * MiB);
    }
    expect(rssAfter - rssBefore).toBeLessThan(64 * MiB);
  }, 120_000);

  it('answers, then cuts off, a client that trickles past the drain time', async () => {
    const server = await startServerProcess({ oversizedBodyDrain: { maxBytes: 64 * MiB, maxMs: 500 } });
    const started = performance.now();
    const upload = await hostileUpload(server.url, `content-length: ${4 * MiB}`, 'trickle');
    expect(upload.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.error ?? 'closed').toMatch(/ECONNRESET|EPIPE|closed/);
    // Node's own request timeout (300 s) would otherwise be what ends it.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses a declared oversized body without asking for it when the client waits for 100 Continue', async () => {
    const server = await startServerProcess();
    const attempt = await new Promise<{ continued: boolean; status?: number; body?: string }>((resolve) => {
      const seen: { continued: boolean; status?: number; body?: string } = { continued: false };
      const req = request(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(2 * MiB),
          expect: '100-continue',
        },
      });
      req.on('continue', () => {
        seen.continued = true;
      });
      req.on('response', (res) => {
        seen.status = res.statusCode;
        seen.body = '';
        res.on('data', (chunk: Buffer) => {
          seen.body += chunk.toString();
        });
        res.on('end', () => {
          req.destroy();
          resolve(seen);
        });
      });
      req.on('error', () => {});
      req.flushHeaders();
    });
    expect(attempt).toEqual({ continued: false, status: 413, body: `request body larger than ${MiB} bytes` });
  });

  it('lets the MCP SDK client report HTTP 413 for an oversized message, not a network failure', async () => {
    const server = await startServerProcess();
    const client = await connectHttp(server.url, 'legacy');
    try {
      const error = await client
        .callTool({ name: 'echo_text', arguments: { text: 'x'.repeat(2 * MiB) } })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(SdkHttpError);
      expect((error as SdkHttpError).status).toBe(413);
      expect((error as Error).message).toContain(`request body larger than ${MiB} bytes`);
    } finally {
      await client.close();
    }
  });
});
