import { join } from 'node:path';
import { createTtlCache, type TtlCache } from '../cache/ttl-cache.js';
import type { Adapter } from '../contract/adapter.js';
import type { Clock, ToolContext } from '../contract/context.js';
import type { Limits } from '../contract/limits.js';
import { createHttpClient, type HttpClientOptions } from '../http/create-http-client.js';
import type { HttpClient } from '../http/http-types.js';
import type { UpstreamBudgets } from '../http/upstream-budget.js';
import type { Logger } from '../log/logger.js';
import type { Telemetry } from '../observe/telemetry.js';
import type { KeptResults } from '../results/kept-results.js';
import { accountCacheRoot, resourceCacheDir } from '../store/cache-root.js';
import type { SharedStore } from '../store/shared-store.js';
import { SERVER_OWNER_ID, type ToolOwner } from './compose-adapters.js';
import type { ProgressReporter } from './progress-reporter.js';
import { createToolCache } from './tool-cache.js';

interface Services {
  http: HttpClient;
  cache: TtlCache;
  logger: Logger;
}

export interface ToolContextSettings {
  adapters: ReadonlyArray<Adapter>;
  limits: Limits;
  logger: Logger;
  clock: Clock;
  results: KeptResults;
  telemetry: Telemetry;
  store: SharedStore | undefined;
  upstreamBudgets: UpstreamBudgets | undefined;
  httpClient: ((adapter: Adapter, options: HttpClientOptions) => HttpClient) | undefined;
  http: Partial<Omit<HttpClientOptions, 'policy' | 'limits' | 'logger'>> | undefined;
}

/** What one call runs with beyond its owner: its signal, where progress goes, whose results it counts against. */
export interface CallScope {
  signal: AbortSignal;
  progress?: ProgressReporter | undefined;
  client?: string | undefined;
}

export interface ToolContexts {
  /** The context of one call: its owner's services (an adapter's own client and policy, or the server's). */
  contextFor(owner: ToolOwner, scope: CallScope): ToolContext;
  /** Every HTTP client made, to close on shutdown after the adapters. */
  httpClients(): HttpClient[];
}

/**
 * Each adapter instance's services (its guarded HTTP client under its own network policy, its tool
 * cache, its logger), built once at start-up, and the server's own, built on first use: a tool of the
 * server never runs on an adapter's client or policy.
 */
export function createToolContexts(settings: ToolContextSettings): ToolContexts {
  const { limits, logger, clock, store, telemetry } = settings;
  const services = new Map<string, Services>();
  for (const adapter of settings.adapters) {
    const adapterLogger = logger.child({ adapter: adapter.id });
    const httpOptions: HttpClientOptions = {
      ...settings.http,
      // One cache folder per instance: each client bounds and evicts only the files it owns.
      cacheDir: join(settings.http?.cacheDir ?? resourceCacheDir(accountCacheRoot()), adapter.id),
      ...(adapter.network ? { policy: adapter.network } : {}),
      ...(store ? { store } : {}),
      ...(settings.upstreamBudgets ? { upstreamBudgets: settings.upstreamBudgets } : {}),
      ...(settings.telemetry ? { telemetry: settings.telemetry } : {}),
      limits,
      logger: adapterLogger,
    };
    const http = (settings.httpClient ?? ((_a, o) => createHttpClient(o)))(adapter, httpOptions);
    services.set(adapter.id, {
      http,
      // Another replica's load may take one attempt's timeout before it can be read.
      cache: createToolCache(adapter.id, store, limits.requestTimeoutMs, telemetry),
      logger: adapterLogger,
    });
  }
  // The server's own tools read what the server holds; a client of their own, under the default policy.
  let serverServices: Services | undefined;
  const servicesOf = (owner: ToolOwner): Services => {
    if (owner.kind === 'server') {
      serverServices ??= {
        http: createHttpClient({ limits, logger }),
        cache: createTtlCache({ maxEntries: 1 }),
        logger: logger.child({ component: 'server' }),
      };
      return serverServices;
    }
    const found = services.get(owner.adapter.id);
    if (!found) throw new Error(`Adapter "${owner.adapter.id}" is not part of this server.`);
    return found;
  };
  return {
    contextFor(owner, { signal, progress, client }) {
      return {
        adapterId: owner.kind === 'adapter' ? owner.adapter.id : SERVER_OWNER_ID,
        ...servicesOf(owner),
        clock,
        signal,
        limits,
        results: client ? settings.results.forClient(client) : settings.results,
        progress: async (update) => {
          await progress?.(update);
        },
      };
    },
    httpClients: () => [...services.values(), ...(serverServices ? [serverServices] : [])].map((s) => s.http),
  };
}
