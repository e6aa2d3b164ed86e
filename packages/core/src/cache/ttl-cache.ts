import { LRUCache } from 'lru-cache';
import type { SharedTier } from './shared-tier.js';

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
  /** Read from the shared tier rather than loaded by this process. */
  fromShared?: boolean;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** Bounds the total size as well, measured by `sizeOf` (e.g. bytes of a response body). */
  maxSize?: number;
  sizeOf?: (value: unknown) => number;
  now?: () => number;
  /**
   * A tier shared by replicas under this local one: a local miss looks there before loading, and
   * what is loaded is stored there too. Its values must survive its codec (plain data for JSON).
   */
  shared?: SharedTier;
  /** Told the outcome of every `getOrLoad`: local hit, hit in the shared tier, or a load. */
  onLookup?: (outcome: CacheOutcome) => void;
}

export type CacheOutcome = 'hit' | 'shared_hit' | 'miss';

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
        options.onLookup?.('hit');
        return { value: cached.value as T, hit: true, storedAt: cached.storedAt };
      }
      let inflight = pending.get(key);
      if (!inflight) {
        const { shared } = options;
        const loaded = shared
          ? shared.load(key, ttlMs, load)
          : load().then((value) => ({ value, storedAt: new Date(), shared: false, ttlMs }));
        inflight = loaded.then((tier) => {
          const entry = { value: tier.value, storedAt: tier.storedAt, fromShared: tier.shared };
          lru.set(key, entry, { ttl: tier.ttlMs });
          return entry;
        });
        pending.set(key, inflight);
        inflight.then(
          () => pending.delete(key),
          () => pending.delete(key),
        );
      }
      const entry = await inflight;
      // Another replica's load is a hit here: no upstream request was made for it.
      if (entry.fromShared) hits++;
      else misses++;
      options.onLookup?.(entry.fromShared ? 'shared_hit' : 'miss');
      return { value: entry.value as T, hit: entry.fromShared === true, storedAt: entry.storedAt };
    },
    stats: () => ({ entries: lru.size, hits, misses }),
  };
}
