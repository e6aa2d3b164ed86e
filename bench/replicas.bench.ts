// `pnpm bench replicas`: three server instances in this process, each with its own Redis connection as
// three processes would have, against the CKAN fixture on loopback, side by side with and without a shared
// store (a private redis-server on a free loopback port, no persistence):
// - upstream requests for the same catalogue calls spread over the replicas;
// - a call's time when answered from this replica's memory, from the store (another replica's fetch) and
//   from the portal;
// - requests per budget window under a burst, with the budget counted per process or across replicas.
// Prints the figures and ratios, then one JSON line. Imports the packages from their sources.
import { createCkanAdapter } from '../adapters/ckan/src/index.js';
import {
  createOpenDataServer,
  type OpenDataServer,
  openSharedStore,
  type SharedStore,
  silentLogger,
  type UpstreamBudgets,
} from '../packages/core/src/server/index.js';
import { findRedisServer, startRedisServer } from '../packages/core/src/testing/index.js';
import { startCkanFixture } from '../packages/fixtures/src/index.js';

const QUERIES = [
  'bus',
  'school',
  'water',
  'energy',
  'population',
  'traffic',
  'budget',
  'air',
  'health',
  'park',
];
const LATENCY_RUNS = 30;

const binary = findRedisServer();
if ('missing' in binary) {
  console.error(`pnpm bench replicas needs redis-server: ${binary.missing}`);
  process.exit(1);
}
const redis = await startRedisServer(binary.path);
const fixture = await startCkanFixture();
let namespaces = 0;

interface Replica {
  server: OpenDataServer;
  store?: SharedStore;
}

async function replicas(shared: boolean, upstreamBudgets?: UpstreamBudgets): Promise<Replica[]> {
  const namespace = `bench-${process.pid}-${namespaces++}`;
  return Promise.all(
    [0, 1, 2].map(async () => {
      const store = shared ? await openSharedStore({ url: redis.url, namespace }, silentLogger) : undefined;
      const server = createOpenDataServer({
        adapters: [
          createCkanAdapter({
            url: fixture.url,
            api_path: '/api/3/action',
            trusted_hosts: [fixture.hostPort],
          }),
        ],
        logger: silentLogger,
        ...(store ? { store } : {}),
        ...(upstreamBudgets ? { upstreamBudgets } : {}),
      });
      return { server, ...(store ? { store } : {}) };
    }),
  );
}

async function closeAll(all: Replica[]): Promise<void> {
  await Promise.all(all.flatMap((r) => [r.server.close(), r.store?.close()]));
}

const searches = () => fixture.requests.filter((r) => r.path.endsWith('/package_search')).length;

async function call(replica: Replica, query: string): Promise<number> {
  const started = performance.now();
  const answer = await replica.server.callTool('search_datasets', { query });
  if (!answer.ok) throw new Error(`search failed: ${answer.error.code}`);
  return performance.now() - started;
}

/** Every query asked once on every replica, all replicas at once per query. */
async function upstreamRequests(shared: boolean): Promise<number> {
  const all = await replicas(shared);
  const before = searches();
  for (const query of QUERIES) await Promise.all(all.map((r) => call(r, `${query} ${shared}`)));
  await closeAll(all);
  return searches() - before;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function latencies(): Promise<{ local: number; shared: number; upstream: number }> {
  const [a, b, c] = await replicas(true);
  const local: number[] = [];
  const shared: number[] = [];
  const upstream: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const query = `latency ${i}`;
    upstream.push(await call(a as Replica, query));
    shared.push(await call(b as Replica, query));
    local.push(await call(a as Replica, query));
  }
  await closeAll([a, b, c] as Replica[]);
  return { local: median(local), shared: median(shared), upstream: median(upstream) };
}

async function burst(shared: boolean): Promise<{ maxPerWindow: number; seconds: number }> {
  const budget = { requests: 4, intervalMs: 500 };
  const all = await replicas(shared, budget);
  // Just after a window turns, so arrivals a few ms after their grant stay in the grant's window.
  await new Promise((resolve) =>
    setTimeout(resolve, budget.intervalMs - (Date.now() % budget.intervalMs) + 20),
  );
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 24 }, (_, i) => call(all[i % 3] as Replica, `burst ${shared} ${i}`)),
  );
  const seconds = (Date.now() - started) / 1000;
  const windows = new Map<number, number>();
  for (const { at, path } of fixture.requests) {
    if (at < started || !path.endsWith('/package_search')) continue;
    const window = Math.floor(at / budget.intervalMs);
    windows.set(window, (windows.get(window) ?? 0) + 1);
  }
  await closeAll(all);
  return { maxPerWindow: Math.max(...windows.values()), seconds };
}

try {
  const alone = await upstreamRequests(false);
  const together = await upstreamRequests(true);
  console.log(
    `upstream requests for ${QUERIES.length} queries on 3 replicas: ${alone} without a store, ${together} with Redis (${(together / alone).toFixed(2)}×)`,
  );
  const time = await latencies();
  console.log(
    `search_datasets p50 over ${LATENCY_RUNS} runs: ${time.local.toFixed(2)} ms from this replica's memory, ` +
      `${time.shared.toFixed(2)} ms from Redis (another replica's fetch), ${time.upstream.toFixed(2)} ms from the portal on loopback`,
  );
  const perProcess = await burst(false);
  const acrossReplicas = await burst(true);
  console.log(
    `burst of 24 calls, budget 4 per 500 ms: at most ${perProcess.maxPerWindow} requests per window counted per process (${perProcess.seconds.toFixed(1)} s), ` +
      `${acrossReplicas.maxPerWindow} counted across replicas (${acrossReplicas.seconds.toFixed(1)} s)`,
  );
  console.log(
    JSON.stringify({
      bench: 'replicas',
      upstream_requests: { without_store: alone, with_store: together },
      p50_ms: time,
      burst_max_per_window: {
        per_process: perProcess.maxPerWindow,
        across_replicas: acrossReplicas.maxPerWindow,
      },
    }),
  );
} finally {
  await fixture.close();
  await redis.close();
}
