import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../contract/limits.js';
import { createLoopbackHttpClient } from '../testing/loopback-http-client.js';
import { type LoopbackServer, startLoopbackServer } from '../testing/loopback-http-server.js';
import type { HttpClientOptions } from './create-http-client.js';

let dir: string;
let server: LoopbackServer;
let handler: (req: IncomingMessage, res: ServerResponse) => void;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-connections-'));
  server = await startLoopbackServer((req, res) => handler(req, res));
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function client(extra: Partial<HttpClientOptions> = {}) {
  return createLoopbackHttpClient(server.hostPort, {
    cacheDir: dir,
    retry: { retries: 0 },
    ...extra,
  });
}

describe('guarded client: connections', () => {
  it('frees the connection of an answer in an unsupported encoding', async () => {
    const odd: Socket[] = [];
    handler = (req, res) => {
      if (req.url === '/ok') {
        res.end('fine');
        return;
      }
      odd.push(req.socket);
      // Headers and part of a body, never ended: only the client can let this connection go.
      res.writeHead(200, { 'content-encoding': 'x-unknown', 'content-length': 1_000_000 });
      res.write(Buffer.alloc(64 * 1024));
    };
    // Twice the four connections per host, on both paths. Were the connections kept busy until the
    // attempt timeout, the request for /ok would queue behind them past the test's own timeout.
    const http = client({ limits: { ...DEFAULT_LIMITS, requestTimeoutMs: 120_000 } });
    for (let i = 0; i < 4; i++) {
      await expect(http.fetch({ url: `${server.origin}/odd` })).rejects.toMatchObject({
        code: 'upstream_error',
        details: { content_encoding: 'x-unknown' },
      });
      await expect(http.download({ url: `${server.origin}/odd.csv` })).rejects.toMatchObject({
        code: 'upstream_error',
      });
    }
    expect((await http.fetch({ url: `${server.origin}/ok` })).text()).toBe('fine');
    expect(odd).toHaveLength(8);
    await vi.waitFor(() => expect(odd.filter((socket) => !socket.destroyed)).toEqual([]));
    await http.close?.();
  });

  it('closes its keep-alive sockets on close()', async () => {
    const sockets: Socket[] = [];
    handler = (req, res) => {
      if (!sockets.includes(req.socket)) sockets.push(req.socket);
      res.end('kept');
    };
    const http = client();
    await http.fetch({ url: `${server.origin}/a` });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.destroyed).toBe(false);
    await http.close?.();
    await vi.waitFor(() => expect(sockets[0]?.destroyed).toBe(true));
  });

  it('closes a client that never sent anything without loading the network stack', async () => {
    const http = client();
    await expect(http.close?.()).resolves.toBeUndefined();
    expect(http.stats().requests).toBe(0);
  });
});
