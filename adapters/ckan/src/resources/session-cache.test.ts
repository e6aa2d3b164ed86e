import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

function table(name: string, closed: string[]) {
  return { name, close: async () => void closed.push(name) };
}

describe('SessionCache', () => {
  it('leases a loaded table without a loader, and nothing when it is absent, stopped or evicted', async () => {
    const closed: string[] = [];
    const cache = new SessionCache<ReturnType<typeof table> & { isOpen(): boolean }>(1);
    expect(await cache.useLoaded('a')).toBeNull();
    let open = true;
    const a = await cache.use('a', async () => ({ ...table('a', closed), isOpen: () => open }));
    await a.release();
    const leased = await cache.useLoaded('a');
    expect([leased?.value.name, leased?.hit]).toEqual(['a', true]);
    await leased?.release();
    open = false;
    expect(await cache.useLoaded('a')).toBeNull();
    open = true;
    const b = await cache.use('b', async () => ({ ...table('b', closed), isOpen: () => true }));
    await b.release();
    expect(await cache.useLoaded('a')).toBeNull();
    expect(closed).toEqual(['a']);
  });

  it('loads a table again when the cached one was stopped by itself', async () => {
    const closed: string[] = [];
    const cache = new SessionCache<ReturnType<typeof table> & { isOpen(): boolean }>(2);
    let open = true;
    const first = await cache.use('a', async () => ({ ...table('a', closed), isOpen: () => open }));
    await first.release();
    open = false;
    const again = await cache.use('a', async () => ({ ...table('a2', closed), isOpen: () => true }));
    expect([again.value.name, again.hit]).toEqual(['a2', false]);
    expect(closed).toEqual(['a']);
    expect(cache.size).toBe(1);
    await again.release();
  });

  it('reuses a loaded table and closes the least recently used one beyond the bound', async () => {
    const closed: string[] = [];
    const cache = new SessionCache<ReturnType<typeof table>>(1);
    const a = await cache.use('a', async () => table('a', closed));
    await a.release();
    const again = await cache.use('a', async () => table('a2', closed));
    expect([again.value.name, again.hit]).toEqual(['a', true]);
    await again.release();
    const b = await cache.use('b', async () => table('b', closed));
    await b.release();
    expect(closed).toEqual(['a']);
    expect(cache.size).toBe(1);
  });

  it('defers closing an evicted table until its last lease is released', async () => {
    const closed: string[] = [];
    const cache = new SessionCache<ReturnType<typeof table>>(1);
    const a = await cache.use('a', async () => table('a', closed));
    const b = await cache.use('b', async () => table('b', closed));
    expect(closed).toEqual([]);
    await a.release();
    await a.release();
    expect(closed).toEqual(['a']);
    await b.release();
    await cache.closeAll();
    expect(closed).toEqual(['a', 'b']);
  });

  it('does not close a table whose load is still pending when it is evicted', async () => {
    const closed: string[] = [];
    const cache = new SessionCache<ReturnType<typeof table>>(1);
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const pendingA = cache.use('a', async () => {
      await gate;
      return table('a', closed);
    });
    const b = await cache.use('b', async () => table('b', closed));
    finish();
    const a = await pendingA;
    expect(closed).toEqual([]);
    await a.release();
    expect(closed).toEqual(['a']);
    await b.release();
  });

  it('forgets a failed load so the next call loads again', async () => {
    const cache = new SessionCache(2);
    await expect(cache.use('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    const a = await cache.use('a', async () => table('a', []));
    expect(a.hit).toBe(false);
    await a.release();
  });
});
