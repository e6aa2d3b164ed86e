import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResourceCache } from './resource-cache.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'resource-cache-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const meta = () => ({
  url: 'http://127.0.0.1/x',
  contentType: null,
  etag: null,
  lastModified: null,
  firstFetchedAt: new Date(),
  fetchedAt: new Date(),
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('resource cache holds', () => {
  it('keeps a held file through evictions, and evicts it once released', async () => {
    const cache = createResourceCache({ dir, maxBytes: 1500 });
    const release = cache.hold('a');
    const a = await cache.store('a', Readable.from([Buffer.alloc(1000, 'a')]), meta());
    await cache.store('b', Readable.from([Buffer.alloc(1000, 'b')]), meta());
    expect(await readFile(a.path, 'utf8')).toBe('a'.repeat(1000));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 2000, evictions: 0 });
    release();
    release();
    // The entry goes at once; the file as soon as the eviction's rm is through.
    await vi.waitFor(async () => expect(await exists(a.path)).toBe(false));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 1000, evictions: 1 });
    expect(await cache.get('b')).toBeDefined();
  });

  it('keeps a file held twice until both holds are released', async () => {
    const cache = createResourceCache({ dir, maxBytes: 1500 });
    const first = cache.hold('a');
    const second = cache.hold('a');
    const a = await cache.store('a', Readable.from([Buffer.alloc(1000)]), meta());
    first();
    await cache.store('b', Readable.from([Buffer.alloc(1000)]), meta());
    expect(await exists(a.path)).toBe(true);
    second();
    await vi.waitFor(async () => expect(await exists(a.path)).toBe(false));
    expect(cache.stats().entries).toBe(1);
  });
});
