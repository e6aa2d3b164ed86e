import { analysisExtension } from '@opendata-mcp/analysis';
import { chartsExtension } from '@opendata-mcp/charts';
import {
  createJsonLogger,
  createOpenDataServer,
  type Logger,
  type OpenDataServer,
  type PrometheusMetrics,
  type SharedStore,
  type UpstreamBudgets,
} from '@opendata-mcp/core/server';
import type { Config } from './config/config-schema.js';
import { adapterOptions } from './config/parse-config.js';
import type { AdapterRegistry } from './registry.js';

export interface Runtime {
  server: OpenDataServer;
  config: Config;
  /** The registry the server was built from, plugins included. */
  registry: AdapterRegistry;
  logger: Logger;
  /** Present when the runtime was opened to serve `/metrics`. */
  metrics?: PrometheusMetrics;
  close(): Promise<void>;
}

/** What `openRuntime` opens before the server is built: the logger, the shared store and metrics. */
export interface RuntimeServices {
  logger?: Logger;
  store?: SharedStore;
  /** Where kept results live when not in `store`: the files `call` shares with the next `call`. */
  resultsStore?: SharedStore;
  metrics?: PrometheusMetrics;
  /** Stable names written in answers in place of loopback origins (the offline fixtures'). */
  originNames?: Record<string, string>;
}

/** The results namespace of replicas that share a store and name none (the store's own prefix keeps deployments apart). */
export const SHARED_RESULTS_NAMESPACE = 'replicas';

/** Turns a validated configuration into a composed server. */
export function buildRuntime(
  config: Config,
  registry: AdapterRegistry,
  onClose?: () => Promise<void>,
  services: RuntimeServices = {},
): Runtime {
  const logger = services.logger ?? createJsonLogger({ level: config.log_level ?? 'info' });
  const adapters = config.adapters.map((entry) => {
    const registration = registry.get(entry.type);
    if (!registration) throw new Error(`unknown adapter type ${entry.type}`);
    const adapter = registration.create(registration.options.parse(adapterOptions(entry)));
    return entry.tool_prefix ? { adapter, toolPrefix: entry.tool_prefix } : adapter;
  });
  const limits = config.limits ?? {};
  const results = config.results ?? {};
  // query_results and draw_chart read what the other tools keep; without kept results they have nothing to read.
  const server = createOpenDataServer({
    adapters,
    extensions: results.enabled === false ? [] : [analysisExtension, chartsExtension],
    logger,
    limits: {
      ...(limits.max_download_bytes ? { maxDownloadBytes: limits.max_download_bytes } : {}),
      ...(limits.max_response_bytes ? { maxResponseBytes: limits.max_response_bytes } : {}),
      ...(limits.max_rows ? { maxRows: limits.max_rows } : {}),
      ...(limits.max_query_memory_bytes ? { maxQueryMemoryBytes: limits.max_query_memory_bytes } : {}),
      ...(limits.query_timeout_ms ? { queryTimeoutMs: limits.query_timeout_ms } : {}),
      ...(limits.request_timeout_ms ? { requestTimeoutMs: limits.request_timeout_ms } : {}),
      ...(limits.call_deadline_ms ? { callDeadlineMs: limits.call_deadline_ms } : {}),
      ...(limits.max_answer_bytes ? { maxAnswerBytes: limits.max_answer_bytes } : {}),
      ...(limits.max_engines ? { maxEngines: limits.max_engines } : {}),
      ...(limits.max_engine_memory_bytes ? { maxEngineMemoryBytes: limits.max_engine_memory_bytes } : {}),
    },
    results: {
      ...(results.enabled === false ? { enabled: false } : {}),
      ...(results.ttl_ms ? { ttlMs: results.ttl_ms } : {}),
      ...(results.max_result_bytes ? { maxResultBytes: results.max_result_bytes } : {}),
      ...(results.max_bytes ? { maxBytes: results.max_bytes } : {}),
      ...(results.max_results ? { maxResults: results.max_results } : {}),
      ...(results.client_share ? { clientShare: results.client_share } : {}),
      // Replicas behind one address read each other's results: with a shared store, one namespace.
      ...(results.namespace || services.store || services.resultsStore
        ? { namespace: results.namespace ?? SHARED_RESULTS_NAMESPACE }
        : {}),
      ...(services.resultsStore ? { store: services.resultsStore } : {}),
    },
    ...(config.cache_dir ? { http: { cacheDir: config.cache_dir } } : {}),
    ...(config.http?.request_state_key ? { requestStateKey: config.http.request_state_key } : {}),
    ...(services.store ? { store: services.store } : {}),
    ...(config.upstream_budget ? { upstreamBudgets: upstreamBudgets(config.upstream_budget) } : {}),
    ...(services.metrics ? { telemetry: services.metrics } : {}),
    ...(services.originNames ? { originNames: services.originNames } : {}),
  });
  return {
    server,
    config,
    registry,
    logger,
    ...(services.metrics ? { metrics: services.metrics } : {}),
    async close() {
      await server.close();
      await onClose?.();
    },
  };
}

function upstreamBudgets(budget: NonNullable<Config['upstream_budget']>): UpstreamBudgets {
  return {
    ...(budget.requests !== undefined ? { requests: budget.requests } : {}),
    ...(budget.interval_ms !== undefined ? { intervalMs: budget.interval_ms } : {}),
    ...(budget.hosts
      ? {
          hosts: Object.fromEntries(
            Object.entries(budget.hosts).map(([host, b]) => [
              host.toLowerCase(),
              { requests: b.requests, intervalMs: b.interval_ms },
            ]),
          ),
        }
      : {}),
  };
}
