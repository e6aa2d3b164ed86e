import { DEFAULT_CACHE_MAX_BYTES, type HttpClientOptions } from './http-client-options.js';
import type { HttpClient, HttpStats } from './http-types.js';

export type { HttpClientOptions } from './http-client-options.js';

/**
 * The guarded HTTP client every adapter reaches the network through (`ctx.http`): URL and
 * address guard with pinned sockets, manual redirects, bounded bodies, retries with backoff,
 * a per-host concurrency limit, a metadata TTL cache and a revalidating disk cache.
 *
 * The network stack (undici, ky, ipaddr.js) costs a large share of the server's start-up, and
 * `initialize` and `tools/list` never use it: it is imported on the first request, and until
 * then the statistics are those of a client that has sent nothing.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  let loaded: HttpClient | undefined;
  let loading: Promise<HttpClient> | undefined;
  const client = () => {
    loading ??= import('./guarded-http-client.js').then(({ createGuardedHttpClient }) => {
      loaded = createGuardedHttpClient(options);
      return loaded;
    });
    return loading;
  };
  return {
    fetch: async (request) => (await client()).fetch(request),
    download: async (request) => (await client()).download(request),
    stats: () => loaded?.stats() ?? unusedStats(options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES),
    // A client that was never used has no network stack to close, and closing must not load one.
    close: async () => {
      if (loading) await (await loading).close?.();
    },
  };
}

function unusedStats(maxBytes: number): HttpStats {
  return {
    requests: 0,
    retries: 0,
    metadataCache: { entries: 0, hits: 0, misses: 0 },
    resourceCache: { entries: 0, bytes: 0, maxBytes, hits: 0, revalidations: 0, evictions: 0 },
  };
}
