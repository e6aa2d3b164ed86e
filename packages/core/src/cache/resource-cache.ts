import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  digestingStream,
  digestOwnFile,
  type FileMark,
  ownFileMark,
  readOwnFile,
  sameMark,
} from '../store/own-file.js';
import { preparePrivateDirectory } from '../store/private-directory.js';
import { MAX_SIDECAR_BYTES, parseSidecar, saveSidecar } from './resource-sidecar.js';

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
  /**
   * The entry for a key whose file is still the one the server wrote; marks it as most recently used.
   * An entry dated in the future, a file changed, replaced or gone is dropped and reads as absent.
   */
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

export interface ResourceCacheOptions {
  /** Made private (0700) and checked for owner and mode at every level before first use. */
  dir: string;
  maxBytes: number;
  /** The server's clock: freshness is judged by it, never by a date read back from disk. */
  now?: () => number;
}

/** One entry as this process knows it: `mark` is unset until the file's digest was checked. */
interface Slot {
  entry: ResourceEntry;
  sha256: string;
  mark?: FileMark;
}

const STALE_PART_MS = 60 * 60 * 1000;

/**
 * A directory of downloaded resources bounded in total bytes, evicting the least recently used.
 * Each resource is `<hash>.bin` with a `<hash>.json` sidecar, so a restart finds them again. Nothing
 * read back is taken on trust: a sidecar or file that is a link, another user's or malformed is
 * removed; a file is checked against the size and SHA-256 its sidecar recorded the first time it is
 * used after a restart, and again whenever its inode, size or time differ from what this process saw
 * (files it wrote itself and has not seen change are not hashed again).
 */
export function createResourceCache(options: ResourceCacheOptions): ResourceCache {
  const { dir, maxBytes } = options;
  const now = options.now ?? Date.now;
  // Map order is the LRU order: first = least recently used.
  const slots = new Map<string, Slot>();
  let total = 0;
  let evictions = 0;
  // Holds per key; a held key is never evicted.
  const holds = new Map<string, number>();
  let ready: Promise<void> | undefined;

  const fileOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);
  const sidecarOf = (path: string) => path.replace(/\.bin$/, '.json');

  /** A sidecar the server could have written for the file beside it, dated no later than now. */
  async function readSlot(name: string): Promise<Slot | undefined> {
    const bytes = await readOwnFile(join(dir, name), MAX_SIDECAR_BYTES);
    const meta = bytes && parseSidecar(bytes);
    if (!meta || `${fileOf(meta.key)}.json` !== name) return undefined;
    const firstFetchedAt = new Date(meta.firstFetchedAt);
    const fetchedAt = new Date(meta.fetchedAt);
    if (fetchedAt.getTime() > now() || firstFetchedAt > fetchedAt) return undefined;
    const path = join(dir, name.replace(/\.json$/, '.bin'));
    const mark = await ownFileMark(path);
    if (!mark || mark.size !== meta.bytes) return undefined;
    const { sha256, ...rest } = meta;
    return { entry: { ...rest, path, firstFetchedAt, fetchedAt }, sha256 };
  }

  async function load(): Promise<void> {
    await preparePrivateDirectory(dir, { label: 'cache directory' });
    const found: Slot[] = [];
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      if (name.endsWith('.part')) {
        const info = await lstat(path).catch(() => undefined);
        if (info && now() - info.mtimeMs > STALE_PART_MS) await rm(path, { force: true });
      }
      if (!name.endsWith('.json')) continue;
      const slot = await readSlot(name);
      if (slot) found.push(slot);
      // rm unlinks a link itself, never what it points at.
      else await removeFiles(path.replace(/\.json$/, '.bin'));
    }
    found.sort((a, b) => a.entry.fetchedAt.getTime() - b.entry.fetchedAt.getTime());
    for (const slot of found) remember(slot);
    await evict(undefined);
  }

  function remember(slot: Slot): void {
    const previous = slots.get(slot.entry.key);
    if (previous) total -= previous.entry.bytes;
    slots.delete(slot.entry.key);
    slots.set(slot.entry.key, slot);
    total += slot.entry.bytes;
  }

  async function removeFiles(path: string): Promise<void> {
    await rm(path, { force: true });
    await rm(sidecarOf(path), { force: true });
  }

  async function drop(slot: Slot): Promise<void> {
    if (slots.get(slot.entry.key) !== slot) return;
    slots.delete(slot.entry.key);
    total -= slot.entry.bytes;
    await removeFiles(slot.entry.path);
  }

  async function evict(keep: string | undefined): Promise<void> {
    for (const slot of [...slots.values()]) {
      if (total <= maxBytes) return;
      // Skips what another eviction dropped meanwhile, so no entry is counted out twice.
      const { key } = slot.entry;
      if (key === keep || holds.has(key) || slots.get(key) !== slot) continue;
      evictions++;
      await drop(slot);
    }
  }

  /** Whether the file is still the one the sidecar describes; hashes it unless this process saw it unchanged. */
  async function intact(slot: Slot): Promise<boolean> {
    const mark = await ownFileMark(slot.entry.path);
    if (!mark || mark.size !== slot.entry.bytes) return false;
    if (slot.mark && sameMark(slot.mark, mark)) return true;
    const checked = await digestOwnFile(slot.entry.path);
    if (!checked || checked.sha256 !== slot.sha256 || checked.mark.size !== slot.entry.bytes) return false;
    slot.mark = checked.mark;
    return true;
  }

  async function writeSidecar(slot: Slot): Promise<void> {
    const { path, firstFetchedAt, fetchedAt, ...rest } = slot.entry;
    await saveSidecar(sidecarOf(path), {
      ...rest,
      sha256: slot.sha256,
      firstFetchedAt: firstFetchedAt.toISOString(),
      fetchedAt: fetchedAt.toISOString(),
    });
  }

  const init = () => {
    ready ??= load();
    return ready;
  };

  return {
    async get(key) {
      await init();
      const slot = slots.get(key);
      if (!slot) return undefined;
      // A clock set back since the download also lands here: a date after now is no date of ours.
      if (slot.entry.fetchedAt.getTime() > now() || !(await intact(slot))) {
        await drop(slot);
        return undefined;
      }
      remember(slot);
      return slot.entry;
    },
    async store(key, body, meta) {
      await init();
      const base = join(dir, fileOf(key));
      const part = `${base}.${randomUUID()}.part`;
      try {
        const digest = digestingStream();
        await pipeline(body, digest, createWriteStream(part, { flags: 'wx', mode: 0o600 }));
        const { sha256, bytes } = digest.result();
        const entry: ResourceEntry = { ...meta, key, path: `${base}.bin`, bytes };
        await rename(part, entry.path);
        const slot: Slot = { entry, sha256 };
        const mark = await ownFileMark(entry.path);
        if (mark) slot.mark = mark;
        await writeSidecar(slot);
        remember(slot);
        await evict(key);
        return entry;
      } finally {
        await rm(part, { force: true });
      }
    },
    async confirm(key, fetchedAt) {
      const entry = await this.get(key);
      const slot = slots.get(key);
      if (!entry || !slot) return undefined;
      entry.fetchedAt = fetchedAt;
      await writeSidecar(slot);
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
    stats: () => ({ entries: slots.size, bytes: total, maxBytes, evictions }),
  };
}
