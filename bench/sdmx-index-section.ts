// Section "index" of `pnpm bench sdmx`: discovery at the scale of the largest registries. Against a
// SYNTHETIC Eurostat-shaped registry on loopback (sdmx-synthetic-registry.ts: 100–300 ms per answer,
// 429 past 20 requests a second), side by side in one run:
// - the per-DSD path find_indicators took before the discovery index (one structure request per DSD),
//   at 300 flows: upstream requests, cold and warm time;
// - find_indicators over the index at 300 and at 8,000 flows: upstream requests and time of the first
//   search, median time of warm searches, and a second replica sharing Redis: its upstream requests;
// - the longest main-thread stall (a 5 ms timer's longest wait) during the first search, the warm
//   ones and the second replica's, and during the index's own work alone at 8,000 flows (build,
//   pack, unpack as a second replica does);
// - the process's peak RSS and the sizes of the bulk answers.
// Goals: first search <= 10 requests and <= 60 s, warm p50 <= 100 ms with no stall over 100 ms,
// second replica 0 requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longestStall } from '@opendata-mcp/core/testing';
import { indicatorMatches } from '../adapters/sdmx/src/discovery/indicator-matches.js';
import { openFlows } from '../adapters/sdmx/src/discovery/open-flows.js';
import { buildDiscoveryData } from '../adapters/sdmx/src/discovery-index/discovery-data.js';
import { packIndex, unpackIndex } from '../adapters/sdmx/src/discovery-index/packed-index.js';
import { createSdmxAdapter } from '../adapters/sdmx/src/index.js';
import { loadDataflowList } from '../adapters/sdmx/src/registry/dataflow-list.js';
import type { DataflowInfo } from '../adapters/sdmx/src/registry/structure-types.js';
import { wordForms } from '../adapters/sdmx/src/resolution/word-forms.js';
import type { SdmxRuntime } from '../adapters/sdmx/src/sdmx-runtime.js';
import { createHttpClient } from '../packages/core/src/http/create-http-client.js';
import { createTtlCache, DEFAULT_LIMITS, type Limits, type ToolContext } from '../packages/core/src/index.js';
import { createOpenDataServer, openSharedStore, silentLogger } from '../packages/core/src/server/index.js';
import { findRedisServer, startRedisServer } from '../packages/core/src/testing/index.js';
import { startSyntheticRegistry } from './sdmx-synthetic-registry.js';

const RATE = 20;
const QUERIES = [
  'mortality rate of children under five',
  'unemployment of young people',
  'greenhouse gas emissions',
  'life expectancy of women',
  'Bevölkerung nach Region',
  'poverty risk of households',
  'consumer prices',
  'energy consumption per inhabitant',
  'tourism',
  'passenger kilometres in cities',
];
const WARM_ROUNDS = 2;
const LIMITS: Limits = { ...DEFAULT_LIMITS, maxResponseBytes: 128 * 1024 * 1024, callDeadlineMs: 300_000 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The search as it was: the list, then one structure per DSD, then the code lists matched in memory. */
async function perDsdSearch(rt: SdmxRuntime, ctx: ToolContext, query: string): Promise<number> {
  const list = await loadDataflowList(rt, ctx, rt.agency);
  const byDsd = new Map<string, DataflowInfo>();
  for (const flow of list.dataflows)
    if (!byDsd.has(flow.structure?.id ?? flow.id)) byDsd.set(flow.structure?.id ?? flow.id, flow);
  const opened = await openFlows(rt, ctx, [...byDsd.values()]);
  return opened.structures.flatMap((s) => indicatorMatches(s, wordForms(query), 'en', {})).length;
}

/** A tool context and runtime over the registry, for calling the adapter's pieces directly. */
function directContext(registry: { url: string; hostPort: string }, dir: string) {
  const adapter = createSdmxAdapter({ url: registry.url, trusted_hosts: [registry.hostPort] });
  const http = createHttpClient({
    limits: LIMITS,
    logger: silentLogger,
    cacheDir: dir,
    ...(adapter.network ? { policy: adapter.network } : {}),
  });
  const ctx = {
    adapterId: 'bench',
    http,
    cache: createTtlCache(),
    clock: { now: () => new Date() },
    logger: silentLogger,
    signal: new AbortController().signal,
    progress: async () => {},
    limits: LIMITS,
  } as unknown as ToolContext;
  const rt: SdmxRuntime = {
    id: 'bench',
    baseUrl: registry.url,
    title: 'synthetic',
    agency: 'ESTAT',
    language: 'en',
    references: 'all',
    csvFormatParam: null,
    ttlMs: 3_600_000,
    flows: null,
    roleOverrides: {},
    totalDefaults: [],
  };
  return { http, ctx, rt };
}

/**
 * The index's own work without a search around it: the build (the synthetic registry's answers,
 * made in this process, included), packing, and unpacking as a second replica does.
 */
async function buildAndUnpack(flows: number): Promise<Record<string, number>> {
  const registry = await startSyntheticRegistry({ flows, ratePerSecond: RATE });
  const dir = mkdtempSync(join(tmpdir(), 'sdmx-bench-'));
  try {
    const { http, ctx, rt } = directContext(registry, dir);
    const t0 = performance.now();
    const build = await longestStall(() => buildDiscoveryData(rt, ctx));
    const buildMs = performance.now() - t0;
    const pack = await longestStall(() => packIndex(build.value));
    const t1 = performance.now();
    const unpack = await longestStall(() => unpackIndex(pack.value, {}));
    const unpackMs = performance.now() - t1;
    await http.close?.();
    return {
      flows,
      build_ms: Math.round(buildMs),
      build_longest_stall_ms: build.stallMs,
      pack_longest_stall_ms: pack.stallMs,
      unpack_ms: Math.round(unpackMs),
      unpack_longest_stall_ms: unpack.stallMs,
    };
  } finally {
    await registry.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function oldPath(flows: number): Promise<Record<string, number>> {
  const registry = await startSyntheticRegistry({ flows, ratePerSecond: RATE });
  const dir = mkdtempSync(join(tmpdir(), 'sdmx-bench-'));
  try {
    const { http, ctx, rt } = directContext(registry, dir);
    const started = performance.now();
    await perDsdSearch(rt, ctx, QUERIES[0] ?? '');
    const coldMs = performance.now() - started;
    const requests = registry.requests();
    const warm: number[] = [];
    for (const query of QUERIES) {
      const t = performance.now();
      await perDsdSearch(rt, ctx, query);
      warm.push(performance.now() - t);
    }
    await http.close?.();
    return { flows, requests, cold_ms: Math.round(coldMs), warm_p50_ms: Math.round(median(warm)) };
  } finally {
    await registry.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function indexPath(flows: number, redisUrl: string): Promise<Record<string, unknown>> {
  const registry = await startSyntheticRegistry({ flows, ratePerSecond: RATE });
  const namespace = `bench-index-${process.pid}-${flows}`;
  const replica = async () => {
    const store = await openSharedStore({ url: redisUrl, namespace }, silentLogger);
    const server = createOpenDataServer({
      adapters: [
        createSdmxAdapter({ url: registry.url, trusted_hosts: [registry.hostPort], index_wait_ms: 120_000 }),
      ],
      logger: silentLogger,
      limits: LIMITS,
      store,
    });
    return { server, store };
  };
  const search = async (r: Awaited<ReturnType<typeof replica>>, query: string) => {
    const answer = await r.server.callTool('find_indicators', { query, include_units: false, limit: 10 });
    if (!answer.ok) throw new Error(`find_indicators failed: ${answer.error.code} ${answer.error.message}`);
    return answer as unknown as { returned: number; note: string | null };
  };
  try {
    const first = await replica();
    const t0 = performance.now();
    const { value: cold, stallMs: coldStallMs } = await longestStall(() => search(first, QUERIES[0] ?? ''));
    const coldMs = performance.now() - t0;
    const coldRequests = registry.requests();
    const warm: number[] = [];
    let warmStallMs = 0;
    for (let round = 0; round < WARM_ROUNDS; round++)
      for (const query of QUERIES) {
        const t = performance.now();
        const { stallMs } = await longestStall(() => search(first, query));
        warmStallMs = Math.max(warmStallMs, stallMs);
        warm.push(performance.now() - t);
      }
    const second = await replica();
    const before = registry.requests();
    const t1 = performance.now();
    const { value: shared, stallMs: secondStallMs } = await longestStall(() =>
      search(second, QUERIES[3] ?? ''),
    );
    const secondMs = performance.now() - t1;
    const secondRequests = registry.requests() - before;
    for (const r of [first, second]) {
      await r.server.close();
      await r.store.close();
    }
    return {
      flows,
      bulk_answer_bytes: registry.sizes(),
      first_requests: coldRequests,
      first_ms: Math.round(coldMs),
      first_longest_stall_ms: coldStallMs,
      first_hits: cold.returned,
      first_note: cold.note,
      warm_p50_ms: Number(median(warm).toFixed(1)),
      warm_searches: warm.length,
      warm_longest_stall_ms: warmStallMs,
      second_replica_requests: secondRequests,
      second_replica_ms: Math.round(secondMs),
      second_replica_longest_stall_ms: secondStallMs,
      second_replica_hits: shared.returned,
    };
  } finally {
    await registry.close();
  }
}

function goals(row: Record<string, unknown>): string {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return (
    `first ${row.first_requests} requests (goal <= 10: ${met(Number(row.first_requests) <= 10)}), ` +
    `${(Number(row.first_ms) / 1000).toFixed(1)} s (goal <= 60: ${met(Number(row.first_ms) <= 60_000)}); ` +
    `warm p50 ${row.warm_p50_ms} ms (goal <= 100: ${met(Number(row.warm_p50_ms) <= 100)}), ` +
    `longest stall ${row.warm_longest_stall_ms} ms (goal <= 100: ${met(Number(row.warm_longest_stall_ms) <= 100)}); ` +
    `second replica ${row.second_replica_requests} requests (goal 0: ${met(row.second_replica_requests === 0)}), ${row.second_replica_ms} ms; ` +
    `longest main-thread stall: first search ${row.first_longest_stall_ms} ms (the synthetic registry, in this process, included), ` +
    `second replica ${row.second_replica_longest_stall_ms} ms`
  );
}

export async function indexSection(): Promise<Record<string, unknown>> {
  const binary = findRedisServer();
  if ('missing' in binary) throw new Error(`the index section needs redis-server: ${binary.missing}`);
  const redis = await startRedisServer(binary.path);
  try {
    console.log(
      `index: find_indicators against a synthetic Eurostat-shaped registry (100–300 ms per answer, 429 past ${RATE}/s)`,
    );
    const before = await oldPath(300);
    console.log(
      `  per-DSD path (before)  ${String(before.flows).padStart(5)} flows: ${before.requests} requests, cold ${(Number(before.cold_ms) / 1000).toFixed(1)} s, warm p50 ${before.warm_p50_ms} ms`,
    );
    const small = await indexPath(300, redis.url);
    console.log(`  discovery index        ${String(small.flows).padStart(5)} flows: ${goals(small)}`);
    const large = await indexPath(8_000, redis.url);
    console.log(`  discovery index        ${String(large.flows).padStart(5)} flows: ${goals(large)}`);
    const alone = await buildAndUnpack(8_000);
    console.log(
      `  index work alone        ${String(alone.flows).padStart(5)} flows: build ${(Number(alone.build_ms) / 1000).toFixed(1)} s ` +
        `(longest stall ${alone.build_longest_stall_ms} ms, the synthetic registry included), pack stall ${alone.pack_longest_stall_ms} ms, ` +
        `unpack ${alone.unpack_ms} ms (longest stall ${alone.unpack_longest_stall_ms} ms)`,
    );
    const sizes = large.bulk_answer_bytes as Record<string, number>;
    console.log(
      `  bulk answers at 8,000 flows: ${Object.entries(sizes)
        .map(([k, v]) => `${k} ${(v / 1024 / 1024).toFixed(1)} MB`)
        .join(', ')}`,
    );
    const peakRssMb = Math.round((process.resourceUsage().maxRSS * 1024) / 1024 / 1024);
    console.log(
      `  ratios at 300 flows: requests x${(Number(before.requests) / Number(small.first_requests)).toFixed(0)} fewer, ` +
        `warm x${(Number(before.warm_p50_ms) / Math.max(Number(small.warm_p50_ms), 0.1)).toFixed(0)} faster; peak RSS of this process ${peakRssMb} MB`,
    );
    return {
      per_dsd_300: before,
      index_300: small,
      index_8000: large,
      work_8000: alone,
      peak_rss_mb: peakRssMb,
    };
  } finally {
    await redis.close();
  }
}
