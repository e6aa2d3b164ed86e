import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('memory store', () => {
  it('returns what was stored until its time to live has passed', async () => {
    const store = createMemoryStore();
    await store.set('a', bytes('alpha'), 40);
    expect(new TextDecoder().decode(await store.get('a'))).toBe('alpha');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await store.get('a')).toBeUndefined();
  });

  it('drops the least recently used entries to stay within its byte bound', async () => {
    const store = createMemoryStore({ maxBytes: 10 });
    await store.set('a', bytes('aaaa'), 60_000);
    await store.set('b', bytes('bbbb'), 60_000);
    await store.get('a');
    await store.set('c', bytes('cccc'), 60_000);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.stats()).toEqual({ entries: 2, bytes: 8 });
  });

  it('forgets a deleted key', async () => {
    const store = createMemoryStore();
    await store.set('a', bytes('x'), 60_000);
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
  });
});
