import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { jsonCodec } from './cache-codec.js';
import { createSharedTier } from './shared-tier.js';
import { createTtlCache } from './ttl-cache.js';

const replicaCache = (store: SharedStore, waitMs = 2_000) =>
  createTtlCache({ shared: createSharedTier({ store, prefix: 'meta:test:', codec: jsonCodec, waitMs }) });

/** A store whose every command fails, as one that is down. */
const downStore: SharedStore = {
  kind: 'down',
  get: () => Promise.reject(new Error('down')),
  set: () => Promise.reject(new Error('down')),
  delete: () => Promise.reject(new Error('down')),
  add: () => Promise.reject(new Error('down')),
  increment: () => Promise.reject(new Error('down')),
  stats: () => Promise.reject(new Error('down')),
  close: async () => {},
};

describe('shared cache tier', () => {
  it('lets a second replica answer from what the first one loaded, keeping its time', async () => {
    const store = createMemoryStore();
    const [a, b] = [replicaCache(store), replicaCache(store)];
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const first = await a.getOrLoad('k', 60_000, load);
    const second = await b.getOrLoad('k', 60_000, load);
    expect(first).toMatchObject({ value: { n: 1 }, hit: false });
    expect(second).toMatchObject({ value: { n: 1 }, hit: true });
    expect(second.storedAt.getTime()).toBe(first.storedAt.getTime());
    expect(loads).toBe(1);
  });

  it('loads once when replicas miss at the same time', async () => {
    const store = createMemoryStore();
    const replicas = [replicaCache(store), replicaCache(store), replicaCache(store)];
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'value';
    };
    const answers = await Promise.all(replicas.map((cache) => cache.getOrLoad('k', 60_000, load)));
    expect(answers.map((a) => a.value)).toEqual(['value', 'value', 'value']);
    expect(loads).toBe(1);
  });

  it('lets the waiting replicas load themselves when the first load fails', async () => {
    const store = createMemoryStore();
    const [a, b] = [replicaCache(store), replicaCache(store)];
    const failing = a.getOrLoad('k', 60_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error('upstream down');
    });
    const waiting = b.getOrLoad('k', 60_000, async () => 'loaded by b');
    await expect(failing).rejects.toThrow('upstream down');
    expect((await waiting).value).toBe('loaded by b');
  });

  it('does not serve a shared value older than the reader allows', async () => {
    const store = createMemoryStore();
    const [a, b] = [replicaCache(store), replicaCache(store)];
    await a.getOrLoad('k', 60_000, async () => 'old');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await b.getOrLoad('k', 20, async () => 'fresh')).toMatchObject({ value: 'fresh', hit: false });
  });

  it('keeps a value JSON cannot carry on this replica only', async () => {
    const store = createMemoryStore();
    const [a, b] = [replicaCache(store), replicaCache(store)];
    await a.getOrLoad('k', 60_000, async () => ({ when: new Date(0) }));
    expect((await a.getOrLoad('k', 60_000, async () => 'again')).hit).toBe(true);
    expect(await b.getOrLoad('k', 60_000, async () => 'b loads')).toMatchObject({
      value: 'b loads',
      hit: false,
    });
    expect(() => jsonCodec.encode(new Map())).toThrow(/Map/);
    expect(() => jsonCodec.encode([1, undefined])).toThrow(/undefined/);
  });

  it('loads on its own, without failing, while the store is down', async () => {
    const cache = replicaCache(downStore);
    expect(await cache.getOrLoad('k', 60_000, async () => 'local')).toMatchObject({
      value: 'local',
      hit: false,
    });
    expect((await cache.getOrLoad('k', 60_000, async () => 'again')).hit).toBe(true);
  });
});
