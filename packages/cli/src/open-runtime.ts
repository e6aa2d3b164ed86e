import {
  createFileStore,
  createJsonLogger,
  loadPrometheusMetrics,
  openSharedStore,
} from '@opendata-mcp/core/server';
import { buildRuntime, type Runtime } from './build-runtime.js';
import type { Config } from './config/config-schema.js';
import type { AdapterRegistry } from './registry.js';

export interface OpenRuntimeOptions {
  /** Collect Prometheus metrics (for `/metrics` on the HTTP transport). */
  metrics?: boolean;
  /**
   * Keep results in files in this directory when no store is configured, so that servers started one
   * after the other (the `call` command) read each other's results. A configured store wins.
   */
  resultsDir?: string;
  /** Stable names of the offline fixtures' loopback origins, for citations that do not change per run. */
  originNames?: Record<string, string>;
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
  // Only kept results go to the directory: caches and budgets of a single call gain nothing from disk.
  const resultsStore =
    !store && options.resultsDir && config.results?.enabled !== false
      ? createFileStore({ dir: options.resultsDir })
      : undefined;
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
        await resultsStore?.close();
      },
      {
        logger,
        ...(store ? { store } : {}),
        ...(resultsStore ? { resultsStore } : {}),
        ...(metrics ? { metrics } : {}),
        ...(options.originNames ? { originNames: options.originNames } : {}),
      },
    );
    return runtime;
  } catch (error) {
    await store?.close();
    await resultsStore?.close();
    throw error;
  }
}
