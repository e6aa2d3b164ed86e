import { randomUUID } from 'node:crypto';
import type { TtlCache } from '@opendata-mcp/core';
import { PACKED_FORMAT, type PackedIndex } from './packed-index.js';

/**
 * What the metadata cache keeps under the index's key: which build, in how many pieces. The packed
 * index is kept in pieces under keys of their own, each small enough for a shared store to take
 * and answer within its command timeout (a Redis store gives a command a quarter of a second).
 */
export interface StoredIndex {
  format: typeof PACKED_FORMAT;
  build: string;
  pieces: number;
}

const PIECE_CHARS = 512 * 1024;
const read = new WeakMap<StoredIndex, Promise<PackedIndex>>();

/** Stores the pieces, then returns the record to keep under the index key (stored last, so found only when complete). */
export async function storeIndex(
  cache: TtlCache,
  key: string,
  ttlMs: number,
  packed: PackedIndex,
): Promise<StoredIndex> {
  const stored: StoredIndex = {
    format: PACKED_FORMAT,
    build: randomUUID(),
    pieces: Math.max(1, Math.ceil(packed.gzip_base64.length / PIECE_CHARS)),
  };
  for (let i = 0; i < stored.pieces; i++) {
    const piece = packed.gzip_base64.slice(i * PIECE_CHARS, (i + 1) * PIECE_CHARS);
    await cache.getOrLoad(pieceKey(key, stored, i), ttlMs, async () => piece);
  }
  read.set(stored, Promise.resolve(packed));
  return stored;
}

/**
 * The packed index a record names, read once per process; undefined when a piece is gone (the
 * store evicted it), and the index is then built again.
 */
export function readIndex(
  cache: TtlCache,
  key: string,
  ttlMs: number,
  stored: StoredIndex,
): Promise<PackedIndex | undefined> {
  let pending = read.get(stored);
  if (!pending) {
    pending = (async () => {
      const pieces: string[] = [];
      for (let i = 0; i < stored.pieces; i++) {
        const { value } = await cache.getOrLoad<string>(pieceKey(key, stored, i), ttlMs, async () => {
          throw new MissingPiece();
        });
        pieces.push(value);
      }
      return { format: PACKED_FORMAT, gzip_base64: pieces.join('') };
    })();
    read.set(stored, pending);
  }
  return pending.catch((error: unknown) => {
    read.delete(stored);
    if (error instanceof MissingPiece) return undefined;
    throw error;
  });
}

/** The packed index of a record this process has read already. */
export function readAlready(stored: StoredIndex): Promise<PackedIndex> | undefined {
  return read.get(stored);
}

class MissingPiece extends Error {}

function pieceKey(key: string, stored: StoredIndex, i: number): string {
  return `${key}:${stored.build}:${i}`;
}
