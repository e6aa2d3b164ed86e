import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../testing/memory-logger.js';
import { findRedisServer, type RedisServer, startRedisServer } from '../testing/redis-server.js';
import { openSharedStore } from './open-shared-store.js';
import { createRedisStore } from './redis-store.js';
import { describeSharedStoreContract } from './shared-store-contract.test-support.js';

const binary = findRedisServer();
if ('missing' in binary) console.warn(`SKIPPING the Redis store tests: ${binary.missing}`);
const withRedis = 'path' in binary ? binary.path : undefined;

describe.skipIf(!withRedis)('redis store', () => {
  let server: RedisServer;
  let namespace = 0;
  beforeAll(async () => {
    server = await startRedisServer(withRedis as string);
  });
  afterAll(async () => {
    await server?.close();
  });

  // A namespace per store keeps the contract's keys of one test away from the next.
  describeSharedStoreContract('redis', () =>
    createRedisStore({ url: server.url, namespace: `t${namespace++}` }),
  );

  it('keeps deployments apart by namespace', async () => {
    const a = createRedisStore({ url: server.url, namespace: 'one' });
    const b = createRedisStore({ url: server.url, namespace: 'two' });
    await a.set('k', new TextEncoder().encode('a'), 60_000);
    expect(await b.get('k')).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  it('fails fast while the server is away, warns once, and works again when it returns', async () => {
    const memory = createMemoryLogger('info');
    const store = await openSharedStore({ url: server.url, namespace: 'outage' }, memory.logger);
    await store.set('k', new TextEncoder().encode('v'), 60_000);
    await server.stop();
    const started = Date.now();
    const failures = await Promise.allSettled(Array.from({ length: 5 }, () => store.get('k')));
    expect(failures.every((f) => f.status === 'rejected')).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(store.increment('n', 1000)).rejects.toThrow();
    const warnings = memory.entries().filter((e) => e.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/shared store unreachable/);

    await server.start();
    await expect
      .poll(
        async () =>
          store.set('k', new TextEncoder().encode('back'), 60_000).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect(new TextDecoder().decode(await store.get('k'))).toBe('back');
    expect(memory.entries().some((e) => e.level === 'info' && /reachable again/.test(e.message))).toBe(true);
    expect(memory.entries().filter((e) => e.level === 'warn')).toHaveLength(1);
    await store.close();
  });
});

describe.skipIf(!withRedis)('redis store on a hung server', () => {
  it('gives up on a command after its timeout instead of waiting for the server', async () => {
    const server = await startRedisServer(withRedis as string);
    const store = createRedisStore({ url: server.url, namespace: 'hung', commandTimeoutMs: 200 });
    try {
      await store.set('k', new TextEncoder().encode('v'), 60_000);
      server.freeze();
      const started = Date.now();
      await expect(store.get('k')).rejects.toThrow(/timed out/i);
      expect(Date.now() - started).toBeLessThan(1_500);
      server.thaw();
    } finally {
      await store.close();
      await server.close();
    }
  });
});

describe('opening a shared store', () => {
  const { logger } = createMemoryLogger();
  it('is the in-process memory store without a URL', async () => {
    const store = await openSharedStore({}, logger);
    expect(store.kind).toBe('memory');
  });

  it('refuses a URL of another scheme', async () => {
    await expect(openSharedStore({ url: 'http://127.0.0.1:6379' }, logger)).rejects.toThrow(
      /redis:\/\/ or rediss:\/\//,
    );
  });

  it('refuses text that is not a URL', async () => {
    await expect(openSharedStore({ url: 'not a url' }, logger)).rejects.toThrow(/not a URL/);
  });
});
