import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.js';
import { describeSharedStoreContract } from './shared-store-contract.test-support.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describeSharedStoreContract('memory', () => createMemoryStore());

describe('memory store', () => {
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
});
