import { createHash, randomBytes } from 'node:crypto';
import { lstat, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeEntry, decodeHeader, encodeEntry, HEADER_BYTES } from './file-entry.js';
import { createFileLocks } from './file-lock.js';
import { isOwnFile, OPEN_OWN } from './own-file.js';
import { preparePrivateDirectory } from './private-directory.js';
import type { SharedStore } from './shared-store.js';

export interface FileStoreOptions {
  /**
   * Directory of the entries, one file each; created 0700, and refused when it or a level above it
   * belongs to another user or can be written by others (see `preparePrivateDirectory`).
   */
  dir: string;
  /** Prefix of every key, so several deployments can share one directory. Default `opendata-mcp`. */
  namespace?: string;
  /** Least time between two sweeps of expired entries, each started by a write. Default 10 minutes. */
  sweepIntervalMs?: number;
}

const ENTRY = '.entry';
/** Temporary and lock files this old were left by a process that died; a sweep removes them. */
const LEFTOVER_MS = 60 * 60 * 1000;

type Look = { value: Uint8Array; expiresAt: number } | 'missing' | 'dead';

/**
 * A store in a directory, shared by the processes of one machine that open the same directory (the
 * command line's `call`s, one after the other). Each key is a file named by a hash of the key,
 * written to a temporary file and renamed into place, so a reader sees a whole entry or none. An
 * expired, unreadable or changed file (its length or SHA-256 differ from its header, it is dated after
 * now, it is a link or another user's) counts as missing; reads remove it, and writes sweep the directory now
 * and then, so entries nobody reads again do not pile up. Changes that depend on the entry before
 * them (`add`, `increment`, and the removal of expired entries) hold a per-key lock file.
 */
export function createFileStore(options: FileStoreOptions): SharedStore {
  const { dir } = options;
  const namespace = options.namespace ?? 'opendata-mcp';
  const sweepIntervalMs = options.sweepIntervalMs ?? 10 * 60 * 1000;
  const locked = createFileLocks({ staleMs: 10_000, waitMs: 15_000 });
  let prepared: Promise<void> | undefined;
  const ready = () => {
    prepared ??= preparePrivateDirectory(dir, { label: 'store directory' });
    return prepared;
  };
  let lastSweep = Number.NEGATIVE_INFINITY;
  let sweeping: Promise<void> | undefined;

  const fileOf = (key: string) =>
    join(dir, `${createHash('sha256').update(`${namespace}:${key}`).digest('hex')}${ENTRY}`);
  const expiry = (ttlMs: number) => Date.now() + Math.max(1, ttlMs);

  async function look(path: string): Promise<Look> {
    const handle = await open(path, OPEN_OWN).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return 'missing' as const;
      // ELOOP: a link at the entry's name; EISDIR and the like: nothing the store wrote.
      if (error.code === 'ELOOP' || error.code === 'EISDIR') return 'dead' as const;
      throw error;
    });
    if (typeof handle === 'string') return handle;
    try {
      if (!isOwnFile(await handle.stat())) return 'dead';
      const entry = decodeEntry(await handle.readFile(), Date.now());
      return entry && entry.expiresAt > Date.now() ? entry : 'dead';
    } finally {
      await handle.close();
    }
  }

  /** Reads the header only: enough to count an entry or to tell it expired. */
  async function peek(path: string): Promise<{ valueBytes: number } | 'missing' | 'dead'> {
    const handle = await open(path, OPEN_OWN).catch(() => undefined);
    if (!handle) return (await lstat(path).catch(() => undefined)) ? 'dead' : 'missing';
    try {
      const info = await handle.stat();
      if (!isOwnFile(info)) return 'dead';
      const start = Buffer.alloc(HEADER_BYTES);
      const { bytesRead } = await handle.read(start, 0, HEADER_BYTES, 0);
      const header = decodeHeader(start.subarray(0, bytesRead), info.size, Date.now());
      return header && header.expiresAt > Date.now() ? header : 'dead';
    } catch {
      return 'dead';
    } finally {
      await handle.close();
    }
  }

  /** Writes an entry beside its final place; the caller renames it there. */
  async function writeTemporary(path: string, value: Uint8Array, expiresAt: number): Promise<string> {
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, encodeEntry(value, Date.now(), expiresAt), { mode: 0o600, flag: 'wx' });
    return temporary;
  }

  /** Removes the file at `path` if it is still expired or unreadable once the lock is held. */
  async function discard(path: string): Promise<void> {
    await locked(path, async () => {
      if ((await look(path)) === 'dead') await rm(path, { force: true });
    });
  }

  async function sweep(): Promise<void> {
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      if (name.endsWith(ENTRY)) {
        if ((await peek(path)) === 'dead') await discard(path);
      } else if (name.endsWith('.tmp') || name.endsWith('.lock')) {
        const found = await lstat(path).catch(() => undefined);
        if (found && Date.now() - found.mtimeMs > LEFTOVER_MS) await rm(path, { force: true });
      }
    }
  }

  function sweepNowAndThen(): void {
    if (sweeping || Date.now() - lastSweep < sweepIntervalMs) return;
    lastSweep = Date.now();
    // A failed sweep only leaves files for the next one.
    sweeping = sweep()
      .catch(() => undefined)
      .finally(() => {
        sweeping = undefined;
      });
  }

  return {
    kind: 'file',
    async get(key) {
      await ready();
      const path = fileOf(key);
      const seen = await look(path);
      if (seen === 'dead') await discard(path).catch(() => undefined);
      return typeof seen === 'object' ? seen.value : undefined;
    },
    async set(key, value, ttlMs) {
      await ready();
      const path = fileOf(key);
      const temporary = await writeTemporary(path, value, expiry(ttlMs));
      // Under the lock, so the removal of the expired entry before it cannot remove this one.
      await locked(path, () => rename(temporary, path)).finally(() => rm(temporary, { force: true }));
      sweepNowAndThen();
    },
    async delete(key) {
      await ready();
      await rm(fileOf(key), { force: true });
    },
    async add(key, value, ttlMs) {
      await ready();
      const path = fileOf(key);
      // Written before the lock is taken, so the lock is held for a read and a rename only.
      const temporary = await writeTemporary(path, value, expiry(ttlMs));
      try {
        return await locked(path, async () => {
          if (typeof (await look(path)) === 'object') return false;
          await rename(temporary, path);
          return true;
        });
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async increment(key, ttlMs) {
      await ready();
      const path = fileOf(key);
      return locked(path, async () => {
        const seen = await look(path);
        const before = typeof seen === 'object' ? Number(new TextDecoder().decode(seen.value)) : 0;
        if (!Number.isSafeInteger(before)) throw new Error(`The store entry ${key} is not a counter.`);
        const count = before + 1;
        // The first count sets the lifetime; later ones keep it, as a window counter needs.
        const expiresAt = typeof seen === 'object' ? seen.expiresAt : expiry(ttlMs);
        const temporary = await writeTemporary(path, new TextEncoder().encode(String(count)), expiresAt);
        await rename(temporary, path).finally(() => rm(temporary, { force: true }));
        return count;
      });
    },
    async stats() {
      await ready();
      let entries = 0;
      let bytes = 0;
      for (const name of await readdir(dir)) {
        if (!name.endsWith(ENTRY)) continue;
        const seen = await peek(join(dir, name));
        if (typeof seen !== 'object') continue;
        entries++;
        bytes += seen.valueBytes;
      }
      return { entries, bytes };
    },
    async close() {
      await sweeping;
    },
  };
}
