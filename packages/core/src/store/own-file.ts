import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { Transform } from 'node:stream';

/** What this process saw of a file it wrote or verified: a different inode, size or time means someone changed it. */
export interface FileMark {
  ino: number;
  size: number;
  mtimeMs: number;
}

const markOf = (info: Stats): FileMark => ({ ino: info.ino, size: info.size, mtimeMs: info.mtimeMs });

export const sameMark = (a: FileMark, b: FileMark) =>
  a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/**
 * Flags to open a file the cache or store wrote: never through a link at its name, and never waiting
 * on a FIFO someone put there (O_NONBLOCK changes nothing for a regular file).
 */
export const OPEN_OWN = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A regular file of this user's, not a link: what a cache may read. Windows has no such owner ids. */
export function isOwnFile(info: Stats): boolean {
  const uid = process.getuid?.();
  return info.isFile() && (uid === undefined || info.uid === uid);
}

/** The mark of `path` when it is this user's own regular file, else undefined (absent, a link, another's). */
export async function ownFileMark(path: string): Promise<FileMark | undefined> {
  const info = await lstat(path).catch(() => undefined);
  return info && isOwnFile(info) ? markOf(info) : undefined;
}

/**
 * Reads a small file of this user's without following a link at its name (O_NOFOLLOW), or undefined
 * when it is a link, another user's, not a regular file, or larger than `maxBytes`.
 */
export async function readOwnFile(path: string, maxBytes: number): Promise<Buffer | undefined> {
  const handle = await open(path, OPEN_OWN).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!isOwnFile(info) || info.size > maxBytes) return undefined;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** SHA-256 (hex) and mark of this user's regular file at `path`, read without following a link. */
export async function digestOwnFile(path: string): Promise<{ sha256: string; mark: FileMark } | undefined> {
  const handle = await open(path, OPEN_OWN).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!isOwnFile(info)) return undefined;
    const hash = createHash('sha256');
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
    return { sha256: hash.digest('hex'), mark: markOf(info) };
  } finally {
    await handle.close();
  }
}

/** A pass-through that hashes and counts what streams by, so a download is digested as it is written. */
export function digestingStream(): Transform & { result(): { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ sha256: hash.digest('hex'), bytes }) });
}
