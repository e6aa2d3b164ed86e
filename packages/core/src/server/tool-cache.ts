import { jsonCodec } from '../cache/cache-codec.js';
import { createSharedTier } from '../cache/shared-tier.js';
import { createTtlCache, type TtlCache } from '../cache/ttl-cache.js';
import type { Telemetry } from '../observe/telemetry.js';
import type { SharedStore } from '../store/shared-store.js';

/**
 * The `ctx.cache` of one adapter instance: local, or local over the replicas' store when the store
 * is networked (a memory store would only hold a second copy). Keys are scoped by instance id, which
 * every replica of one configuration shares.
 */
export function createToolCache(
  adapterId: string,
  store: SharedStore | undefined,
  waitMs: number,
  telemetry: Telemetry,
): TtlCache {
  const shared =
    store && store.kind !== 'memory'
      ? createSharedTier({ store, prefix: `meta:tool:${adapterId}:`, codec: jsonCodec, waitMs })
      : undefined;
  return createTtlCache({
    ...(shared ? { shared } : {}),
    onLookup: (outcome) => telemetry.cacheLookup('tool', outcome),
  });
}
