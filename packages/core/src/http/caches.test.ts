import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../contract/limits.js';
import { createLoopbackHttpClient } from '../testing/loopback-http-client.js';
import { type LoopbackServer, startLoopbackServer } from '../testing/loopback-http-server.js';
import type { HttpClientOptions } from './create-http-client.js';

let dir: string;
let server: LoopbackServer;
let requests: Array<{ url: string; ifNoneMatch?: string; ifModifiedSince?: string }>;
/** Resource bodies by path; the ETag is the body's version, so changing a body changes its tag. */
let bodies: Map<string, string>;
let lastModifiedOnly: boolean;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-caches-'));
  requests = [];
  bodies = new Map();
  lastModifiedOnly = false;
  server = await startLoopbackServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push({
      url: req.url ?? '',
      ...(req.headers['if-none-match'] ? { ifNoneMatch: req.headers['if-none-match'] } : {}),
      ...(req.headers['if-modified-since'] ? { ifModifiedSince: req.headers['if-modified-since'] } : {}),
    });
    const body = bodies.get(req.url ?? '') ?? `answer for ${req.url} (${req.headers.accept ?? 'any'})`;
    const etag = `"${Buffer.from(body).toString('base64url').slice(-12)}-${body.length}"`;
    const lastModified = 'Tue, 01 Dec 2026 10:00:00 GMT';
    const validators = lastModifiedOnly ? { 'last-modified': lastModified } : { etag };
    const fresh = lastModifiedOnly
      ? req.headers['if-modified-since'] === lastModified
      : req.headers['if-none-match'] === etag;
    if (fresh) {
      res.writeHead(304, validators);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', ...validators });
    res.end(body);
  });
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function client(extra: Partial<HttpClientOptions> = {}) {
  return createLoopbackHttpClient(server.hostPort, {
    cacheDir: dir,
    ...extra,
  });
}

describe('metadata cache', () => {
  it('answers a repeated request from memory within its TTL', async () => {
    const http = client();
    const first = await http.fetch({ url: `${server.origin}/meta`, cacheTtlMs: 60_000 });
    const second = await http.fetch({ url: `${server.origin}/meta`, cacheTtlMs: 60_000 });
    expect(first.fromCache).toBe(false);
    expect(second).toMatchObject({ fromCache: true, fetchedAt: first.fetchedAt });
    expect(second.text()).toBe(first.text());
    expect(requests).toHaveLength(1);
    expect(http.stats().metadataCache).toEqual({ entries: 1, hits: 1, misses: 1 });
  });

  it('keys by the headers that change the answer, and caches nothing without a TTL', async () => {
    const http = client();
    await http.fetch({ url: `${server.origin}/meta`, headers: { accept: 'text/csv' }, cacheTtlMs: 60_000 });
    const json = await http.fetch({
      url: `${server.origin}/meta`,
      headers: { accept: 'application/json' },
      cacheTtlMs: 60_000,
    });
    expect(json.text()).toContain('application/json');
    await http.fetch({ url: `${server.origin}/meta` });
    expect(requests).toHaveLength(3);
  });
});

describe('resource cache', () => {
  it('revalidates with If-None-Match and reuses the file on 304', async () => {
    bodies.set('/data.csv', 'a,b\n1,2\n');
    const http = client();
    const first = await http.download({ url: `${server.origin}/data.csv` });
    const second = await http.download({ url: `${server.origin}/data.csv` });
    expect(first).toMatchObject({ fromCache: false, revalidated: false, bytes: 8, contentType: 'text/csv' });
    expect(second).toMatchObject({ fromCache: true, revalidated: true, path: first.path });
    expect(second.firstFetchedAt).toEqual(first.firstFetchedAt);
    expect(requests[1]?.ifNoneMatch).toBe(first.etag);
    expect(await readFile(second.path, 'utf8')).toBe('a,b\n1,2\n');
    expect(http.stats().resourceCache).toMatchObject({ entries: 1, bytes: 8, hits: 1, revalidations: 1 });
  });

  it('revalidates with If-Modified-Since when the portal only sends Last-Modified', async () => {
    lastModifiedOnly = true;
    const http = client();
    await http.download({ url: `${server.origin}/dated.csv` });
    const second = await http.download({ url: `${server.origin}/dated.csv` });
    expect(second).toMatchObject({ fromCache: true, revalidated: true });
    expect(requests[1]?.ifModifiedSince).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
  });

  it('replaces the file when the resource changed', async () => {
    bodies.set('/data.csv', 'v1');
    const http = client();
    await http.download({ url: `${server.origin}/data.csv` });
    bodies.set('/data.csv', 'version 2');
    const second = await http.download({ url: `${server.origin}/data.csv` });
    expect(second).toMatchObject({ fromCache: false, revalidated: false, bytes: 9 });
    expect(await readFile(second.path, 'utf8')).toBe('version 2');
  });

  it('serves a fresh copy within cacheTtlMs without asking the portal', async () => {
    const http = client();
    await http.download({ url: `${server.origin}/fresh.csv`, cacheTtlMs: 60_000 });
    const again = await http.download({ url: `${server.origin}/fresh.csv`, cacheTtlMs: 60_000 });
    expect(again).toMatchObject({ fromCache: true, revalidated: false });
    expect(requests).toHaveLength(1);
  });

  it('evicts the least recently used resource at the byte bound', async () => {
    for (const name of ['a', 'b', 'c']) bodies.set(`/${name}.csv`, name.repeat(1000));
    const http = client({ cacheMaxBytes: 2500 });
    // Each file is released once read, as a caller does, so that it may be evicted.
    const download = async (name: string) => {
      const result = await http.download({ url: `${server.origin}/${name}.csv` });
      result.release?.();
      return result;
    };
    const a = await download('a');
    const b = await download('b');
    await download('a');
    await download('c');
    expect(http.stats().resourceCache).toMatchObject({
      entries: 2,
      bytes: 2000,
      maxBytes: 2500,
      evictions: 1,
    });
    const files = await readdir(dir);
    expect(files).toContain(a.path.split('/').pop());
    expect(files).not.toContain(b.path.split('/').pop());
  });

  it('keeps a handed-out file until it is released, though another download overfills the cache', async () => {
    for (const name of ['a', 'b']) bodies.set(`/${name}.csv`, name.repeat(1000));
    const http = client({ cacheMaxBytes: 1500 });
    const a = await http.download({ url: `${server.origin}/a.csv` });
    await http.download({ url: `${server.origin}/b.csv` });
    expect(await readFile(a.path, 'utf8')).toBe('a'.repeat(1000));
    expect(http.stats().resourceCache).toMatchObject({ entries: 2, bytes: 2000, evictions: 0 });
    a.release?.();
    await vi.waitFor(async () => expect(await readdir(dir)).not.toContain(a.path.split('/').pop()));
    expect(http.stats().resourceCache).toMatchObject({ entries: 1, evictions: 1 });
  });

  it('lets a file nobody released go after the call deadline', async () => {
    for (const name of ['a', 'b']) bodies.set(`/${name}.csv`, name.repeat(1000));
    const http = client({ cacheMaxBytes: 1500, limits: { ...DEFAULT_LIMITS, callDeadlineMs: 50 } });
    const a = await http.download({ url: `${server.origin}/a.csv` });
    const b = await http.download({ url: `${server.origin}/b.csv` });
    await vi.waitFor(async () => expect(await readdir(dir)).not.toContain(a.path.split('/').pop()));
    expect(await readdir(dir)).toContain(b.path.split('/').pop());
    expect(http.stats().resourceCache).toMatchObject({ entries: 1, evictions: 1 });
  });

  it('finds its files again after a restart', async () => {
    const first = await client().download({ url: `${server.origin}/kept.csv` });
    const restarted = client();
    const second = await restarted.download({ url: `${server.origin}/kept.csv` });
    expect(second).toMatchObject({ fromCache: true, revalidated: true, path: first.path });
    expect(second.firstFetchedAt).toEqual(first.firstFetchedAt);
  });

  it('downloads again a copy whose sidecar dates it in the future, and never cites a time after now', async () => {
    const first = await client().download({ url: `${server.origin}/dated.csv`, cacheTtlMs: 60_000 });
    const sidecar = first.path.replace(/\.bin$/, '.json');
    const meta = JSON.parse(await readFile(sidecar, 'utf8'));
    await writeFile(sidecar, JSON.stringify({ ...meta, fetchedAt: '2099-01-01T00:00:00.000Z' }));
    const again = await client().download({ url: `${server.origin}/dated.csv`, cacheTtlMs: 60_000 });
    expect(again).toMatchObject({ fromCache: false });
    expect(requests).toHaveLength(2);
    expect(again.firstFetchedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(again.fetchedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('downloads again a file changed on disk, in the same process and after a restart', async () => {
    bodies.set('/t.csv', 'n\n1\n');
    const http = client();
    const first = await http.download({ url: `${server.origin}/t.csv`, cacheTtlMs: 60_000 });
    await writeFile(first.path, 'n\n9\n');
    const second = await http.download({ url: `${server.origin}/t.csv`, cacheTtlMs: 60_000 });
    expect(second).toMatchObject({ fromCache: false });
    expect(await readFile(second.path, 'utf8')).toBe('n\n1\n');
    await writeFile(second.path, 'n\n8\n');
    const third = await client().download({ url: `${server.origin}/t.csv`, cacheTtlMs: 60_000 });
    expect(third).toMatchObject({ fromCache: false });
    expect(await readFile(third.path, 'utf8')).toBe('n\n1\n');
    expect(requests).toHaveLength(3);
  });

  it('refuses a download over the size cap and keeps no partial file', async () => {
    bodies.set('/huge.csv', 'z'.repeat(5000));
    const http = client();
    await expect(http.download({ url: `${server.origin}/huge.csv`, maxBytes: 1000 })).rejects.toMatchObject({
      code: 'resource_too_large',
    });
    expect(await readdir(dir)).toEqual([]);
  });
});
