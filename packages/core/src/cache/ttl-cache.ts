import { LRUCache } from 'lru-cache';

/** A size-bounded in-memory cache for metadata that expires after a time to live. */
export interface TtlCache {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T, ttlMs: number): void;
  /** Returns the cached value or loads, stores and returns it; concurrent loads of one key share a promise. */
  getOrLoad<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
  ): Promise<{ value: T; hit: boolean; storedAt: Date }>;
  stats(): { entries: number; hits: number; misses: number };
}

interface Entry {
  value: unknown;
  storedAt: Date;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Bounds the total size as well, measured by `sizeOf` (e.g. bytes of a response body). */
  maxSize?: number;
  sizeOf?: (value: unknown) => number;
  now?: () => number;
}

export function createTtlCache(options: TtlCacheOptions = {}): TtlCache {
  const sizeOf = options.sizeOf ?? (() => 1);
  const lru = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 2000,
    ttlAutopurge: false,
    ...(options.maxSize && options.sizeOf
      ? { maxSize: options.maxSize, sizeCalculation: (entry: Entry) => Math.max(1, sizeOf(entry.value)) }
      : {}),
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  const pending = new Map<string, Promise<Entry>>();
  let hits = 0;
  let misses = 0;
  return {
    get<T>(key: string) {
      const entry = lru.get(key);
      return entry?.value as T | undefined;
    },
    set(key, value, ttlMs) {
      lru.set(key, { value, storedAt: new Date() }, { ttl: ttlMs });
    },
    async getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>) {
      const cached = lru.get(key);
      if (cached) {
        hits++;
        return { value: cached.value as T, hit: true, storedAt: cached.storedAt };
      }
      misses++;
      let inflight = pending.get(key);
      if (!inflight) {
        inflight = load().then((value) => {
          const entry = { value, storedAt: new Date() };
          lru.set(key, entry, { ttl: ttlMs });
          return entry;
        });
        pending.set(key, inflight);
        inflight.then(
          () => pending.delete(key),
          () => pending.delete(key),
        );
      }
      const entry = await inflight;
      return { value: entry.value as T, hit: false, storedAt: entry.storedAt };
    },
    stats: () => ({ entries: lru.size, hits, misses }),
  };
}
