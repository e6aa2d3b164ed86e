import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { SharedStore } from '../store/shared-store.js';
import type { Telemetry } from './telemetry.js';

/** Metrics a scrape reads: the server's telemetry plus the exposition in Prometheus text format. */
export interface PrometheusMetrics extends Telemetry {
  readonly contentType: string;
  /** The current values in the text exposition format. */
  render(): Promise<string>;
}

export interface PrometheusMetricsOptions {
  /**
   * The store whose size is reported (kept results, shared caches), read at scrape time: a
   * `SharedStore`, or anything that tells its kind and size (a server's `results`).
   */
  store?: Pick<SharedStore, 'kind' | 'stats'>;
  /** Process metrics (memory, CPU, event loop); on by default. */
  processMetrics?: boolean;
}

// Tool calls run from milliseconds (cache hits) to the call deadline (large downloads).
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * Prometheus metrics of one server, in a registry of its own (so several servers in one process,
 * as in tests, never mix their counts).
 */
export function createPrometheusMetrics(options: PrometheusMetricsOptions = {}): PrometheusMetrics {
  const registry = new Registry();
  if (options.processMetrics !== false)
    collectDefaultMetrics({ register: registry, prefix: 'opendata_mcp_' });
  const calls = new Counter({
    name: 'opendata_mcp_tool_calls_total',
    help: 'Tool calls answered, by tool and outcome (ok or the error code).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'opendata_mcp_tool_call_duration_seconds',
    help: 'Time from a tool call to its answer, by tool.',
    labelNames: ['tool'] as const,
    buckets: CALL_BUCKETS,
    registers: [registry],
  });
  const upstream = new Counter({
    name: 'opendata_mcp_upstream_responses_total',
    help: 'Answers from upstream hosts by host and HTTP status ("error" when none arrived); each redirect hop counts.',
    labelNames: ['host', 'status'] as const,
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'opendata_mcp_cache_lookups_total',
    help: 'Metadata cache lookups by cache (http, tool) and outcome (hit, shared_hit from another replica, miss).',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
  });
  const { store } = options;
  if (store) {
    // One read of the store per scrape feeds both gauges.
    let reading: Promise<{ entries: number; bytes: number } | undefined> | undefined;
    const stats = () => {
      reading ??= store
        .stats()
        .catch(() => undefined)
        .finally(() => {
          reading = undefined;
        });
      return reading;
    };
    new Gauge({
      name: 'opendata_mcp_store_entries',
      help: 'Entries in the store (kept results, shared caches); for Redis, the whole database.',
      labelNames: ['store'] as const,
      registers: [registry],
      async collect() {
        const value = await stats();
        if (value) this.set({ store: store.kind }, value.entries);
      },
    });
    new Gauge({
      name: 'opendata_mcp_store_bytes',
      help: 'Bytes the store holds; for Redis, the memory the server reports.',
      labelNames: ['store'] as const,
      registers: [registry],
      async collect() {
        const value = await stats();
        if (value) this.set({ store: store.kind }, value.bytes);
      },
    });
  }
  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    toolCall(tool, outcome, seconds) {
      calls.inc({ tool, outcome });
      latency.observe({ tool }, seconds);
    },
    upstreamResponse(host, status) {
      upstream.inc({ host, status: String(status) });
    },
    cacheLookup(cache, outcome) {
      lookups.inc({ cache, outcome });
    },
  };
}
