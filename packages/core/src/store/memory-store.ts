import { LRUCache } from 'lru-cache';
import type { SharedStore } from './shared-store.js';

export interface MemoryStoreOptions {
  /** Upper bound on the bytes held; the least recently used entries go first. Default 256 MiB. */
  maxBytes?: number;
  /** Upper bound on the number of entries. Default 10 000. */
  maxEntries?: number;
}

/** The default store: this process only, bounded by bytes and entries, least recently used out first. */
export function createMemoryStore(options: MemoryStoreOptions = {}): SharedStore {
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const lru = new LRUCache<string, Uint8Array>({
    max: options.maxEntries ?? 10_000,
    maxSize: maxBytes,
    // An entry larger than the whole store is refused by lru-cache rather than evicting everything.
    sizeCalculation: (value) => Math.max(1, value.byteLength),
    ttlAutopurge: false,
  });
  return {
    kind: 'memory',
    async get(key) {
      return lru.get(key);
    },
    async set(key, value, ttlMs) {
      lru.set(key, value, { ttl: ttlMs });
    },
    async delete(key) {
      lru.delete(key);
    },
    async add(key, value, ttlMs) {
      if (lru.has(key)) return false;
      lru.set(key, value, { ttl: ttlMs });
      return true;
    },
    async increment(key, ttlMs) {
      const current = lru.get(key);
      const count = (current ? Number(new TextDecoder().decode(current)) : 0) + 1;
      // The first count sets the lifetime; later ones keep it, as a window counter needs.
      const ttl = current ? lru.getRemainingTTL(key) : ttlMs;
      lru.set(key, new TextEncoder().encode(String(count)), { ttl: Math.max(1, ttl) });
      return count;
    },
    async stats() {
      return { entries: lru.size, bytes: lru.calculatedSize };
    },
    async close() {
      lru.clear();
    },
  };
}
