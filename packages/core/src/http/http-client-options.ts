import type { NetworkPolicy } from '../contract/adapter.js';
import type { Limits } from '../contract/limits.js';
import type { Logger } from '../log/logger.js';
import type { Telemetry } from '../observe/telemetry.js';
import type { SharedStore } from '../store/shared-store.js';
import type { Resolver } from './resolver.js';
import type { RetryPolicy } from './retry-policy.js';
import type { UpstreamBudgets } from './upstream-budget.js';

export interface HttpClientOptions {
  /** The adapter's network policy: trusted `host:port` fixtures and an optional host allow-list. */
  policy?: NetworkPolicy;
  limits: Limits;
  logger: Logger;
  /** Defaults to `opendata-mcp/<version>`. */
  userAgent?: string;
  /**
   * Directory of the on-disk resource cache, made private (0700) and checked for owner and mode; by
   * default `resources` in the account's cache folder (see `defaultCacheRoot`).
   */
  cacheDir?: string;
  /** Byte bound of the on-disk resource cache (default 2 GiB). */
  cacheMaxBytes?: number;
  /** Byte bound of the in-memory metadata cache (default 64 MiB). */
  metadataCacheMaxBytes?: number;
  /** Parallel requests per host (default 4). */
  maxConcurrentPerHost?: number;
  /** Redirect hops followed (default 5). */
  maxRedirects?: number;
  retry?: Partial<RetryPolicy>;
  /** Name resolution, injectable so tests run offline (default: the system resolver). */
  resolver?: Resolver;
  /**
   * The store replicas share. With one, every request first passes the host's shared back-off and
   * budget; a networked store (not `memory`) also holds the metadata cache, under this process's
   * own LRU, so replicas answer a repeated request from one upstream fetch.
   */
  store?: SharedStore;
  /** Requests per interval allowed to each upstream host (needs `store`; memory counts per process). */
  upstreamBudgets?: UpstreamBudgets;
  /** Receives upstream answers and cache outcomes, for metrics. */
  telemetry?: Telemetry;
  /** Waits between retries; injectable so tests can observe the delays. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const DEFAULT_CACHE_MAX_BYTES = 2 * 1024 ** 3;
