import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoopbackHttpClient } from '../testing/loopback-http-client.js';
import { type LoopbackServer, startLoopbackServer } from '../testing/loopback-http-server.js';
import type { HttpClientOptions } from './create-http-client.js';

// Downloads take their own path to the disk (Node streams, no Response), so the guards that
// the in-memory path proves elsewhere are proved here again for it.

const CSV = 'id,name\n1,Aare\n2,Reuss\n'.repeat(500);

let dir: string;
let server: LoopbackServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-download-'));
  server = await startLoopbackServer((req, res) => {
    if (req.url?.startsWith('/redirect-to')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice('/redirect-to?'.length)) });
      res.end();
      return;
    }
    if (req.url === '/missing.csv') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such resource');
      return;
    }
    if (req.url === '/packed.csv') {
      const packed = gzipSync(CSV);
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': packed.length });
      res.end(packed);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end(`${req.headers.authorization ?? 'no credentials'};${req.headers['user-agent'] ?? ''}`);
  });
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function client(extra: Partial<HttpClientOptions> = {}) {
  return createLoopbackHttpClient(server.hostPort, {
    cacheDir: dir,
    resolver: async (name) => {
      throw new Error(`unexpected DNS lookup of ${name}`);
    },
    retry: { retries: 0 },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; details?: unknown };
  }
  throw new Error('expected a failure');
}

const storedFiles = async () => (await readdir(dir)).filter((name) => !name.endsWith('.json'));

describe('download', () => {
  it('follows a redirect to another origin without forwarding credentials', async () => {
    const other = await startLoopbackServer((req, res) => {
      res.end(`${req.headers.authorization ?? 'no credentials'};${req.headers['user-agent'] ?? ''}`);
    });
    try {
      const http = client({ policy: { trustedHosts: [server.hostPort, other.hostPort] } });
      const result = await http.download({
        url: `${server.origin}/redirect-to?${encodeURIComponent(`${other.origin}/landing.csv`)}`,
        headers: { authorization: 'Bearer secret' },
      });
      expect(result.url).toBe(`${other.origin}/landing.csv`);
      const [credentials, userAgent] = (await readFile(result.path, 'utf8')).split(';');
      expect(credentials).toBe('no credentials');
      expect(userAgent).toMatch(/^opendata-mcp\/\d+\.\d+\.\d+/);
    } finally {
      await other.close();
    }
  });

  it('refuses a redirect to a private address and stores nothing', async () => {
    const target = encodeURIComponent('https://0x7f000001/admin');
    const error = await failure(client().download({ url: `${server.origin}/redirect-to?${target}` }));
    expect(error.code).toBe('unsafe_url');
    expect(await storedFiles()).toEqual([]);
  });

  it('maps a 404 to not_found with status and host, and stores nothing', async () => {
    const error = await failure(client().download({ url: `${server.origin}/missing.csv` }));
    expect(error).toMatchObject({ code: 'not_found', details: { status: 404, host: '127.0.0.1' } });
    expect(await storedFiles()).toEqual([]);
  });

  it('stores a gzip-encoded resource decoded and reports progress to the end', async () => {
    const seen: number[] = [];
    const result = await client().download({
      url: `${server.origin}/packed.csv`,
      onProgress: (received) => seen.push(received),
    });
    expect(await readFile(result.path, 'utf8')).toBe(CSV);
    expect(result.bytes).toBe(CSV.length);
    expect(seen.at(-1)).toBe(CSV.length);
  });
});
