import { createCkanAdapter } from '@opendata-mcp/ckan';
import type { Envelope } from '@opendata-mcp/core';
import {
  createOpenDataServer,
  type OpenDataServer,
  openSharedStore,
  type SharedStore,
  type UpstreamBudgets,
} from '@opendata-mcp/core/server';
import {
  createMemoryLogger,
  findRedisServer,
  type MemoryLogger,
  type RedisServer,
  startRedisServer,
} from '@opendata-mcp/core/testing';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const binary = findRedisServer();
if ('missing' in binary) console.warn(`SKIPPING the replica tests: ${binary.missing}`);
const redisBinary = 'path' in binary ? binary.path : undefined;

interface Replica {
  server: OpenDataServer;
  store: SharedStore;
  log: MemoryLogger;
}

let namespaces = 0;

describe.skipIf(!redisBinary)('three replicas sharing one Redis', () => {
  let redis: RedisServer;
  let fixture: CkanFixture;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
    fixture = await startCkanFixture();
  });
  afterEach(async () => {
    fixture.faults.set('none');
    await Promise.all(replicas.flatMap((r) => [r.server.close(), r.store.close()]));
    replicas = [];
  });
  afterAll(async () => {
    await fixture?.close();
    await redis?.close();
  });

  /** Three instances as three processes would be: each its own server, HTTP clients and store connection. */
  async function startReplicas(upstreamBudgets?: UpstreamBudgets): Promise<Replica[]> {
    const namespace = `replicas-${process.pid}-${namespaces++}`;
    replicas = await Promise.all(
      [0, 1, 2].map(async () => {
        const log = createMemoryLogger('warn');
        const store = await openSharedStore({ url: redis.url, namespace }, log.logger);
        const adapter = createCkanAdapter({
          url: fixture.url,
          api_path: '/api/3/action',
          trusted_hosts: [fixture.hostPort],
        });
        const server = createOpenDataServer({
          adapters: [adapter],
          logger: log.logger,
          store,
          ...(upstreamBudgets ? { upstreamBudgets } : {}),
        });
        return { server, store, log };
      }),
    );
    return replicas;
  }

  const searches = () => fixture.requests.filter((r) => r.path.endsWith('/package_search'));
  // One word the catalogue holds costs one package_search (a question that finds little also sends a
  // looser query); a different limit makes it a different request, out of reach of every cache.
  const search = (replica: Replica, query: string, limit = 5) =>
    replica.server.callTool('search_datasets', { query, limit }) as Promise<Envelope>;

  it('answers the same catalogue call on every replica from one upstream request', async () => {
    const [a, b, c] = await startReplicas();
    const before = searches().length;
    // All at once: the replicas that miss wait for the one loading instead of asking too.
    const answers = await Promise.all([a, b, c].map((r) => search(r as Replica, 'bus')));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(searches().length - before).toBe(1);
    const names = answers.map((answer) =>
      answer.ok ? (answer.datasets as Array<{ name: string }>)[0]?.name : '',
    );
    expect(new Set(names)).toEqual(new Set(['sunderland-bus-stops']));

    // Later calls, one replica after another, still cost nothing upstream.
    for (const replica of [c, b, a]) expect((await search(replica as Replica, 'bus')).ok).toBe(true);
    expect(searches().length - before).toBe(1);
  });

  it('holds the per-host budget across replicas under a burst', async () => {
    const budget = { requests: 3, intervalMs: 1_000 };
    const all = await startReplicas(budget);
    // Starts just after a window turns: the fixture counts arrivals, a little after the grants, and a
    // burst granted in a window's last milliseconds would be counted in the next one.
    await new Promise((resolve) =>
      setTimeout(resolve, budget.intervalMs - (Date.now() % budget.intervalMs) + 20),
    );
    const started = Date.now();
    // Twelve different searches, four per replica, all at once: none can come from a cache.
    const calls = Array.from({ length: 12 }, (_, i) => search(all[i % 3] as Replica, 'bus', 3 + i));
    const answers = await Promise.all(calls);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const arrivals = fixture.requests.filter((r) => r.at >= started && r.path.endsWith('/package_search'));
    expect(arrivals).toHaveLength(12);
    // Counted in the same fixed windows the budget uses.
    const perWindow = new Map<number, number>();
    for (const { at } of arrivals) {
      const window = Math.floor(at / budget.intervalMs);
      perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
    }
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(budget.requests);
    expect(perWindow.size).toBeGreaterThanOrEqual(4);
  });

  it('makes every replica wait out a 429 that one of them received', async () => {
    const [a, b, c] = await startReplicas();
    fixture.faults.set('rate_limit', { times: 1, retryAfterSeconds: 2, scope: 'api' });
    const first = search(a as Replica, 'bus', 15);
    await expect
      .poll(() => fixture.requests.some((r) => r.status === 429), { timeout: 5_000, interval: 10 })
      .toBe(true);
    const limitedAt = fixture.requests.find((r) => r.status === 429)?.at as number;
    // The others call a moment later, once the first replica has read the 429 and shared it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const others = await Promise.all([search(b as Replica, 'bus', 16), search(c as Replica, 'bus', 17)]);
    expect((await first).ok).toBe(true);
    expect(others.every((answer) => answer.ok)).toBe(true);
    const after = fixture.requests.filter((r) => r.at > limitedAt && r.path.endsWith('/package_search'));
    expect(after).toHaveLength(3);
    // Nobody asked again before the portal's two seconds were up (a little slack for clock reads).
    for (const request of after) expect(request.at - limitedAt).toBeGreaterThanOrEqual(1_950);
  });

  it('keeps answering while Redis is down, warns once, and shares again once it is back', async () => {
    const all = await startReplicas();
    await redis.stop();
    try {
      const before = searches().length;
      const answers = await Promise.all(all.map((r) => search(r, 'bus', 18)));
      expect(answers.every((answer) => answer.ok)).toBe(true);
      // Each replica on its own: one upstream request each.
      expect(searches().length - before).toBe(3);
      for (const replica of all) {
        const warnings = replica.log.entries().filter((e) => e.level === 'warn');
        expect(warnings.map((e) => e.message)).toEqual([expect.stringMatching(/shared store unreachable/)]);
      }
    } finally {
      await redis.start();
    }
    // The clients reconnect on their own; wait until every replica's store answers.
    for (const replica of all) {
      await expect
        .poll(
          () =>
            replica.store.get('probe').then(
              () => true,
              () => false,
            ),
          { timeout: 10_000, interval: 100 },
        )
        .toBe(true);
    }
    const before = searches().length;
    const answers = await Promise.all(all.map((r) => search(r, 'bus', 19)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(searches().length - before).toBe(1);
    for (const replica of all)
      expect(replica.log.entries().filter((e) => e.level === 'warn')).toHaveLength(1);
  });
});
