import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { SharedStore } from '../store/shared-store.js';
import type { CacheCodec } from './cache-codec.js';
import { frame, unframe } from './frame.js';

/** A value as the shared tier hands it to the local cache. */
export interface TierEntry {
  value: unknown;
  storedAt: Date;
  /** True when another replica (or an earlier load) had stored it; false when loaded here. */
  shared: boolean;
  /** How much longer it may be kept locally. */
  ttlMs: number;
}

/** The tier under a local cache that replicas share; `load` never fails because of the store. */
export interface SharedTier {
  load(key: string, ttlMs: number, load: () => Promise<unknown>): Promise<TierEntry>;
}

export interface SharedTierOptions {
  store: SharedStore;
  /** Keeps this cache's keys apart from others in the store (e.g. `meta:ckan:`). */
  prefix: string;
  codec: CacheCodec;
  /**
   * How long a replica waits for another one loading the same key before it loads itself; also
   * the lifetime of the claim, so a replica that dies mid-load holds the others up no longer.
   * Default 5 000 ms.
   */
  waitMs?: number;
  /** Pause between looks while waiting. Default 25 ms. */
  pollMs?: number;
  now?: () => number;
}

/**
 * Lets replicas answer from one upstream load: the first to miss claims the key, loads and
 * stores; the others wait for its value instead of asking upstream too. When the store fails at
 * any step, the load goes on here, as a single instance would do it.
 */
export function createSharedTier(options: SharedTierOptions): SharedTier {
  const { store, codec } = options;
  const waitMs = options.waitMs ?? 5_000;
  const pollMs = options.pollMs ?? 25;
  const now = options.now ?? Date.now;
  const claimToken = new TextEncoder().encode(randomUUID());
  const idOf = (key: string) => `${options.prefix}${createHash('sha256').update(key).digest('base64url')}`;

  async function read(id: string, ttlMs: number): Promise<TierEntry | undefined> {
    const bytes = await store.get(id);
    if (!bytes) return undefined;
    let decoded: { header: Record<string, unknown>; payload: Uint8Array };
    let value: unknown;
    try {
      decoded = unframe(bytes);
      value = codec.decode(decoded.payload);
    } catch {
      // Written by an incompatible version, or damaged: a miss, overwritten by this load.
      return undefined;
    }
    const storedAt = Number(decoded.header.stored_at);
    // A caller may keep a value for less time than the one who stored it.
    const left = ttlMs - (now() - storedAt);
    if (!Number.isFinite(storedAt) || left <= 0) return undefined;
    return { value, storedAt: new Date(storedAt), shared: true, ttlMs: left };
  }

  async function write(id: string, entry: TierEntry): Promise<void> {
    let payload: readonly Uint8Array[];
    try {
      payload = codec.encode(entry.value);
    } catch {
      return; // a value the codec cannot carry stays local
    }
    await store.set(id, frame({ stored_at: entry.storedAt.getTime() }, payload), entry.ttlMs).catch(() => {});
  }

  async function waitForOther(id: string, claimId: string, ttlMs: number): Promise<TierEntry | undefined> {
    const started = now();
    while (now() - started < waitMs) {
      await delay(pollMs);
      try {
        const entry = await read(id, ttlMs);
        if (entry) return entry;
        // The claim is gone without a value: the other load failed or was not cacheable.
        if (!(await store.get(claimId))) return undefined;
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  return {
    async load(key, ttlMs, load) {
      const id = idOf(key);
      const claimId = `${id}:loading`;
      const loadHere = async (): Promise<TierEntry> => {
        const value = await load();
        const entry = { value, storedAt: new Date(now()), shared: false, ttlMs };
        await write(id, entry);
        return entry;
      };
      let claimed: boolean;
      try {
        const stored = await read(id, ttlMs);
        if (stored) return stored;
        claimed = await store.add(claimId, claimToken, Math.min(waitMs, ttlMs));
      } catch {
        return loadHere();
      }
      if (!claimed) return (await waitForOther(id, claimId, ttlMs)) ?? loadHere();
      try {
        // Another replica may have stored the value and let go of its claim between our read and our claim.
        const storedMeanwhile = await read(id, ttlMs).catch(() => undefined);
        return storedMeanwhile ?? (await loadHere());
      } finally {
        await store.delete(claimId).catch(() => {});
      }
    },
  };
}
