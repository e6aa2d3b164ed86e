import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the disk cache knows about one stored resource. */
export interface ResourceEntry {
  key: string;
  path: string;
  url: string;
  bytes: number;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  firstFetchedAt: Date;
  fetchedAt: Date;
}

export interface ResourceCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  evictions: number;
}

export interface ResourceCache {
  /** The entry for a key whose file still exists; marks it as most recently used. */
  get(key: string): Promise<ResourceEntry | undefined>;
  /** Streams `body` to a temporary file, then moves it in place and evicts down to the byte bound. */
  store(
    key: string,
    body: Readable,
    meta: Omit<ResourceEntry, 'key' | 'path' | 'bytes'>,
  ): Promise<ResourceEntry>;
  /** Records that the portal confirmed the stored copy (HTTP 304). */
  confirm(key: string, fetchedAt: Date): Promise<ResourceEntry | undefined>;
  /**
   * Keeps the file of `key` (stored already or not yet) from eviction until the returned function is
   * called, so a path handed to a reader is not deleted under it. Held files may push the cache over
   * its byte bound for that time; releasing the last hold evicts down to the bound again.
   */
  hold(key: string): () => void;
  stats(): ResourceCacheStats;
}

interface StoredMeta extends Omit<ResourceEntry, 'path' | 'firstFetchedAt' | 'fetchedAt'> {
  firstFetchedAt: string;
  fetchedAt: string;
}

const STALE_PART_MS = 60 * 60 * 1000;

/**
 * A directory of downloaded resources bounded in total bytes, evicting the least recently used.
 * Each resource is `<hash>.bin` with a `<hash>.json` sidecar, so a restart finds them again.
 */
export function createResourceCache(options: { dir: string; maxBytes: number }): ResourceCache {
  const { dir, maxBytes } = options;
  // Map order is the LRU order: first = least recently used.
  const entries = new Map<string, ResourceEntry>();
  let total = 0;
  let evictions = 0;
  // Holds per key; a held key is never evicted.
  const holds = new Map<string, number>();
  let ready: Promise<void> | undefined;

  const fileOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

  async function load(): Promise<void> {
    await mkdir(dir, { recursive: true });
    const found: ResourceEntry[] = [];
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      if (name.endsWith('.part')) {
        const info = await stat(path).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > STALE_PART_MS) await rm(path, { force: true });
      }
      if (!name.endsWith('.json')) continue;
      try {
        const meta = JSON.parse(await readFile(path, 'utf8')) as StoredMeta;
        const data = join(dir, name.replace(/\.json$/, '.bin'));
        const info = await stat(data);
        found.push({
          ...meta,
          path: data,
          bytes: info.size,
          firstFetchedAt: new Date(meta.firstFetchedAt),
          fetchedAt: new Date(meta.fetchedAt),
        });
      } catch {
        await rm(path, { force: true });
      }
    }
    found.sort((a, b) => a.fetchedAt.getTime() - b.fetchedAt.getTime());
    for (const entry of found) remember(entry);
    await evict(undefined);
  }

  function remember(entry: ResourceEntry): void {
    const previous = entries.get(entry.key);
    if (previous) total -= previous.bytes;
    entries.delete(entry.key);
    entries.set(entry.key, entry);
    total += entry.bytes;
  }

  async function drop(entry: ResourceEntry): Promise<void> {
    entries.delete(entry.key);
    total -= entry.bytes;
    await rm(entry.path, { force: true });
    await rm(entry.path.replace(/\.bin$/, '.json'), { force: true });
  }

  async function evict(keep: string | undefined): Promise<void> {
    for (const entry of [...entries.values()]) {
      if (total <= maxBytes) return;
      // Skips what another eviction dropped meanwhile, so no entry is counted out twice.
      if (entry.key === keep || holds.has(entry.key) || entries.get(entry.key) !== entry) continue;
      evictions++;
      await drop(entry);
    }
  }

  async function writeMeta(entry: ResourceEntry): Promise<void> {
    const { path: _path, ...rest } = entry;
    const meta: StoredMeta = {
      ...rest,
      firstFetchedAt: entry.firstFetchedAt.toISOString(),
      fetchedAt: entry.fetchedAt.toISOString(),
    };
    await writeFile(entry.path.replace(/\.bin$/, '.json'), JSON.stringify(meta));
  }

  const init = () => {
    ready ??= load();
    return ready;
  };

  return {
    async get(key) {
      await init();
      const entry = entries.get(key);
      if (!entry) return undefined;
      const info = await stat(entry.path).catch(() => undefined);
      if (!info) {
        entries.delete(key);
        total -= entry.bytes;
        return undefined;
      }
      remember(entry);
      return entry;
    },
    async store(key, body, meta) {
      await init();
      const base = join(dir, fileOf(key));
      const part = `${base}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(part));
        const bytes = (await stat(part)).size;
        const entry: ResourceEntry = { ...meta, key, path: `${base}.bin`, bytes };
        await rename(part, entry.path);
        await writeMeta(entry);
        remember(entry);
        await evict(key);
        return entry;
      } finally {
        await rm(part, { force: true });
      }
    },
    async confirm(key, fetchedAt) {
      const entry = await this.get(key);
      if (!entry) return undefined;
      entry.fetchedAt = fetchedAt;
      await writeMeta(entry);
      return entry;
    },
    hold(key) {
      holds.set(key, (holds.get(key) ?? 0) + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        const left = (holds.get(key) ?? 1) - 1;
        if (left > 0) holds.set(key, left);
        else holds.delete(key);
        if (total > maxBytes) void evict(undefined).catch(() => {});
      };
    },
    stats: () => ({ entries: entries.size, bytes: total, maxBytes, evictions }),
  };
}
