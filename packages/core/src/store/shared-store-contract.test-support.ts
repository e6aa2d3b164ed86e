import { describe, expect, it } from 'vitest';
import type { SharedStore } from './shared-store.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined) => (value ? new TextDecoder().decode(value) : undefined);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every SharedStore must do, run against each implementation. */
export function describeSharedStoreContract(
  name: string,
  open: () => SharedStore | Promise<SharedStore>,
): void {
  describe(`${name} store contract`, () => {
    it('returns what was stored until its time to live has passed', async () => {
      const store = await open();
      await store.set('contract:a', bytes('alpha'), 80);
      expect(text(await store.get('contract:a'))).toBe('alpha');
      await pause(120);
      expect(await store.get('contract:a')).toBeUndefined();
      await store.close();
    });

    it('keeps bytes exactly, including ones that are not text', async () => {
      const store = await open();
      const value = Uint8Array.from([0, 255, 128, 10, 13, 0]);
      await store.set('contract:binary', value, 60_000);
      expect([...((await store.get('contract:binary')) ?? [])]).toEqual([...value]);
      await store.close();
    });

    it('forgets a deleted key', async () => {
      const store = await open();
      await store.set('contract:d', bytes('x'), 60_000);
      await store.delete('contract:d');
      expect(await store.get('contract:d')).toBeUndefined();
      await store.close();
    });

    it('adds only to an empty key, and again once the holder expired', async () => {
      const store = await open();
      expect(await store.add('contract:lock', bytes('first'), 80)).toBe(true);
      expect(await store.add('contract:lock', bytes('second'), 80)).toBe(false);
      expect(text(await store.get('contract:lock'))).toBe('first');
      await pause(120);
      expect(await store.add('contract:lock', bytes('third'), 80)).toBe(true);
      await store.close();
    });

    it('counts up within a window and starts again after it', async () => {
      const store = await open();
      expect(await store.increment('contract:n', 100)).toBe(1);
      expect(await store.increment('contract:n', 100)).toBe(2);
      expect(await store.increment('contract:n', 100)).toBe(3);
      await pause(150);
      expect(await store.increment('contract:n', 100)).toBe(1);
      await store.close();
    });

    it('counts every one of many concurrent increments once', async () => {
      const store = await open();
      const counts = await Promise.all(
        Array.from({ length: 50 }, () => store.increment('contract:c', 60_000)),
      );
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      await store.close();
    });

    it('reports how much it holds', async () => {
      const store = await open();
      await store.set('contract:s', bytes('stats'), 60_000);
      const stats = await store.stats();
      expect(stats?.entries).toBeGreaterThanOrEqual(1);
      expect(stats?.bytes).toBeGreaterThan(0);
      await store.close();
    });
  });
}
