import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoopbackHttpClient } from '../testing/loopback-http-client.js';
import { type LoopbackServer, startLoopbackServer } from '../testing/loopback-http-server.js';
import type { HttpClientOptions } from './create-http-client.js';

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

let dir: string;
let server: LoopbackServer;
let handler: Handler;
let hits: number;
let delays: number[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-resilience-'));
  hits = 0;
  delays = [];
  server = await startLoopbackServer((req, res) => handler(req, res, ++hits));
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function client(extra: Partial<HttpClientOptions> = {}) {
  return createLoopbackHttpClient(server.hostPort, {
    cacheDir: dir,
    retry: { retries: 2, baseDelayMs: 100, maxDelayMs: 400, random: () => 0.5 },
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected a failure');
}

describe('guarded client: bounded reading', () => {
  it('refuses a body whose declared length is over the cap', async () => {
    handler = (_req, res) => res.end('x'.repeat(2048));
    const error = await failure(client().fetch({ url: `${server.origin}/big`, maxBytes: 1024 }));
    expect(error).toMatchObject({ code: 'resource_too_large', details: { limit_bytes: 1024 } });
  });

  it('stops a streamed body without a declared length at the cap', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 64; i++) res.write('y'.repeat(1024));
      res.end();
    };
    const error = await failure(client().fetch({ url: `${server.origin}/stream`, maxBytes: 10_000 }));
    expect(error).toMatchObject({ code: 'resource_too_large' });
  });

  it('stops a decompression bomb at the cap on its decoded size', async () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.length });
      res.end(bomb);
    };
    expect(bomb.length).toBeLessThan(64 * 1024);
    const error = await failure(client().fetch({ url: `${server.origin}/bomb`, maxBytes: 256 * 1024 }));
    expect(error).toMatchObject({ code: 'resource_too_large', details: { stage: 'decoded' } });
  });

  it('stops a streamed download at the cap and keeps no partial file', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' });
      res.end(bomb);
    };
    const error = await failure(client().download({ url: `${server.origin}/bomb.csv`, maxBytes: 100_000 }));
    expect(error).toMatchObject({ code: 'resource_too_large', details: { stage: 'decoded' } });
    expect(await readdir(dir)).toEqual([]);
  });

  it('times out a download that stalls mid-body', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': 1_000_000 });
      res.write(Buffer.alloc(1000));
    };
    const error = await failure(client().download({ url: `${server.origin}/stall.csv`, timeoutMs: 200 }));
    expect(error).toMatchObject({ code: 'upstream_timeout' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('decodes gzip and brotli bodies under the cap', async () => {
    handler = (req, res) => {
      const brotli = req.url === '/br';
      res.writeHead(200, { 'content-encoding': brotli ? 'br' : 'gzip' });
      res.end(brotli ? brotliCompressSync('{"ok":"br"}') : gzipSync('{"ok":"gzip"}'));
    };
    expect((await client().fetch({ url: `${server.origin}/gz` })).json()).toEqual({ ok: 'gzip' });
    expect((await client().fetch({ url: `${server.origin}/br` })).json()).toEqual({ ok: 'br' });
  });

  it('times out a stalled server with upstream_timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('partial');
    };
    const error = await failure(client().fetch({ url: `${server.origin}/stall`, timeoutMs: 200 }));
    expect(error).toMatchObject({ code: 'upstream_timeout', retryable: true });
    expect(hits).toBe(1);
  });

  it('ends at the total deadline across retries', async () => {
    handler = (_req, res) => {
      res.writeHead(503);
      res.end();
    };
    const http = client({
      sleep: (_ms, signal) => new Promise((_, reject) => signal.addEventListener('abort', reject)),
    });
    const error = await failure(http.fetch({ url: `${server.origin}/x`, deadlineMs: 300 }));
    expect(error).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('cancels the socket when the caller aborts mid-download', async () => {
    let closed = false;
    handler = (req, res) => {
      res.writeHead(200, { 'content-length': 10_000_000 });
      res.write(Buffer.alloc(64 * 1024));
      req.socket.on('close', () => {
        closed = true;
      });
    };
    const controller = new AbortController();
    const error = await failure(
      client().download({
        url: `${server.origin}/slow.csv`,
        signal: controller.signal,
        onProgress: () => controller.abort(new Error('cancelled by the caller')),
      }),
    );
    expect(error).toMatchObject({ message: 'cancelled by the caller' });
    await expect.poll(() => closed).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('guarded client: retries and error codes', () => {
  it('honours Retry-After on 429 and then succeeds', async () => {
    handler = (_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(429, { 'retry-after': '2' });
        res.end('slow down');
        return;
      }
      res.end('done');
    };
    const http = client();
    const response = await http.fetch({ url: `${server.origin}/limited` });
    expect(response.text()).toBe('done');
    expect(delays).toEqual([2000]);
    expect(http.stats()).toMatchObject({ requests: 2, retries: 1 });
  });

  it('does not trust a Retry-After of 0 and backs off instead', async () => {
    handler = (_req, res, hit) => {
      res.writeHead(hit === 1 ? 429 : 200, { 'retry-after': '0' });
      res.end('ok');
    };
    await client().fetch({ url: `${server.origin}/zero` });
    expect(delays).toEqual([75]);
  });

  it('fails at once when Retry-After asks for longer than the cap', async () => {
    handler = (_req, res) => {
      res.writeHead(429, { 'retry-after': '3600' });
      res.end();
    };
    const error = await failure(client().fetch({ url: `${server.origin}/later` }));
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true, details: { retry_after_s: 3600 } });
    expect(hits).toBe(1);
  });

  it('reports three 503s as upstream_unavailable, retryable, with status and host', async () => {
    handler = (_req, res) => {
      res.writeHead(503);
      res.end('<html>a very long maintenance page</html>');
    };
    const error = await failure(client().fetch({ url: `${server.origin}/down` }));
    expect(error).toMatchObject({
      code: 'upstream_unavailable',
      retryable: true,
      details: { status: 503, host: '127.0.0.1' },
    });
    expect(String(error.message)).not.toContain('maintenance');
    expect(hits).toBe(3);
    expect(delays).toEqual([75, 150]);
  });

  it.each([408, 425, 502])('retries a %i and recovers', async (status) => {
    handler = (_req, res, hit) => {
      res.writeHead(hit === 1 ? status : 200);
      res.end('ok');
    };
    expect((await client().fetch({ url: `${server.origin}/flaky` })).text()).toBe('ok');
    expect(hits).toBe(2);
  });

  it('recovers from a connection reset', async () => {
    handler = (req, res, hit) => {
      if (hit === 1) {
        req.socket.destroy();
        return;
      }
      res.end('after reset');
    };
    expect((await client().fetch({ url: `${server.origin}/reset` })).text()).toBe('after reset');
    expect(hits).toBe(2);
  });

  it('reports a connection that keeps resetting as upstream_unavailable', async () => {
    handler = (req) => req.socket.destroy();
    const error = await failure(client().fetch({ url: `${server.origin}/reset` }));
    expect(error).toMatchObject({ code: 'upstream_unavailable', retryable: true });
  });

  it('maps 404 to not_found and 400 to upstream_error without retrying', async () => {
    handler = (req, res) => {
      res.writeHead(req.url === '/missing' ? 404 : 400);
      res.end('error body');
    };
    const http = client();
    expect(await failure(http.fetch({ url: `${server.origin}/missing` }))).toMatchObject({
      code: 'not_found',
      details: { status: 404 },
    });
    expect(await failure(http.fetch({ url: `${server.origin}/bad` }))).toMatchObject({
      code: 'upstream_error',
      retryable: false,
      details: { status: 400 },
    });
    expect(hits).toBe(2);
  });

  it('maps 501 Not Implemented to upstream_error without retrying: the portal lacks the feature', async () => {
    handler = (_req, res) => {
      res.writeHead(501);
      res.end('NotImplemented');
    };
    expect(await failure(client().fetch({ url: `${server.origin}/availableconstraint` }))).toMatchObject({
      code: 'upstream_error',
      retryable: false,
      details: { status: 501 },
    });
    expect(hits).toBe(1);
  });

  it('limits parallel requests per host', async () => {
    let inFlight = 0;
    let peak = 0;
    handler = (_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('ok');
      }, 20);
    };
    const http = client({ maxConcurrentPerHost: 2 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => http.fetch({ url: `${server.origin}/p${i}` })));
    expect(peak).toBe(2);
    expect(hits).toBe(6);
  });
});
