import { createJsonLogger, loadPrometheusMetrics, openSharedStore } from '@opendata-mcp/core';
import { buildRuntime, type Runtime } from './build-runtime.js';
import type { Config } from './config/config-schema.js';
import type { AdapterRegistry } from './registry.js';

export interface OpenRuntimeOptions {
  /** Collect Prometheus metrics (for `/metrics` on the HTTP transport). */
  metrics?: boolean;
}

/**
 * `buildRuntime` with what needs awaiting first: the shared store named in the configuration and,
 * for an HTTP server, its metrics. Both are loaded only when asked for, so a stdio server starts as
 * quickly as before; the store closes with the runtime.
 */
export async function openRuntime(
  config: Config,
  registry: AdapterRegistry,
  onClose?: () => Promise<void>,
  options: OpenRuntimeOptions = {},
): Promise<Runtime> {
  const logger = createJsonLogger({ level: config.log_level ?? 'info' });
  const store = config.store ? await openSharedStore(config.store, logger) : undefined;
  try {
    // Without a configured store, kept results live in the server's own memory store: its size is read there.
    let runtime: Runtime | undefined;
    const measured = store ?? { kind: 'memory', stats: async () => runtime?.server.results.stats() };
    const metrics = options.metrics ? await loadPrometheusMetrics({ store: measured }) : undefined;
    runtime = buildRuntime(
      config,
      registry,
      async () => {
        await onClose?.();
        await store?.close();
      },
      { logger, ...(store ? { store } : {}), ...(metrics ? { metrics } : {}) },
    );
    return runtime;
  } catch (error) {
    await store?.close();
    throw error;
  }
}
