import { setTimeout as delay } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import { createResourceCache } from '../cache/resource-cache.js';
import { createSharedTier } from '../cache/shared-tier.js';
import { createTtlCache } from '../cache/ttl-cache.js';
import { accountCacheRoot, resourceCacheDir } from '../store/cache-root.js';
import { cacheKey } from './cache-key.js';
import { followRedirects } from './follow-redirects.js';
import { createGuardedAgent } from './guarded-connector.js';
import { createHostGate } from './host-gate.js';
import { DEFAULT_CACHE_MAX_BYTES, type HttpClientOptions } from './http-client-options.js';
import { RECORDED_REQUESTS_HEADER, statusError } from './http-errors.js';
import type { DownloadResult, HttpClient, HttpRequest } from './http-types.js';
import { checkUrl, compilePolicy } from './network-policy.js';
import { systemResolver } from './resolver.js';
import { materialize, readSnapshot, type Snapshot, toDownloadResult, withProgress } from './response-body.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { runWithRetries } from './run-with-retries.js';
import { kyTransport, streamTransport, type Transport } from './send-request.js';
import { snapshotCodec } from './snapshot-codec.js';
import { DEFAULT_USER_AGENT } from './user-agent.js';

const DEFAULT_METADATA_MAX_BYTES = 64 * 1024 ** 2;
const CONNECT_TIMEOUT_MS = 10_000;

const defaultSleep = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal });

/**
 * The guarded HTTP client behind `ctx.http`: URL and address guard with pinned sockets, manual
 * redirects, bounded bodies, retries with backoff, a per-host concurrency limit, a metadata TTL
 * cache and a revalidating disk cache. Loaded on the first request by `createHttpClient`.
 */
export function createGuardedHttpClient(options: HttpClientOptions): HttpClient {
  const { limits } = options;
  const policy = compilePolicy(options.policy);
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const perHost = options.maxConcurrentPerHost ?? 4;
  const sleep = options.sleep ?? defaultSleep;
  const dispatcher = createGuardedAgent(policy, options.resolver ?? systemResolver, {
    connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, limits.requestTimeoutMs),
    connections: perHost,
  });
  const { store, telemetry } = options;
  const metadata = createTtlCache({
    maxSize: options.metadataCacheMaxBytes ?? DEFAULT_METADATA_MAX_BYTES,
    sizeOf: (value) => (value as Snapshot).body.byteLength,
    // An in-memory store would only hold a second copy of what the local tier has.
    ...(store && store.kind !== 'memory'
      ? {
          // Another replica's fetch may take one attempt's timeout before its answer is there to read.
          shared: createSharedTier({
            store,
            prefix: 'meta:http:',
            codec: snapshotCodec,
            waitMs: limits.requestTimeoutMs,
          }),
        }
      : {}),
    ...(telemetry ? { onLookup: (outcome) => telemetry.cacheLookup('http', outcome) } : {}),
  });
  const gate = store
    ? createHostGate({
        store,
        ...(options.upstreamBudgets ? { budgets: options.upstreamBudgets } : {}),
        maxWaitMs: retryPolicy.maxRetryAfterMs,
        sleep,
      })
    : undefined;
  const resources = createResourceCache({
    dir: options.cacheDir ?? resourceCacheDir(accountCacheRoot()),
    maxBytes: options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
  });
  const limiters = new Map<string, LimitFunction>();
  const counters = { requests: 0, retries: 0, resourceHits: 0, revalidations: 0 };

  const limiterFor = (host: string) => {
    let limiter = limiters.get(host);
    if (!limiter) {
      limiter = pLimit(perHost);
      limiters.set(host, limiter);
    }
    return limiter;
  };

  function withRetries<T>(request: HttpRequest, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const host = checkUrl(request.url, policy).hostname;
    const budget = {
      host,
      timeoutMs: request.timeoutMs ?? limits.requestTimeoutMs,
      deadlineMs: request.deadlineMs ?? limits.callDeadlineMs,
      retries: request.retries ?? retryPolicy.retries,
      signal: request.signal,
    };
    const loop = {
      policy: retryPolicy,
      sleep,
      slot: limiterFor(host),
      logger: options.logger,
      onRetry: () => {
        counters.retries++;
      },
      ...(gate ? { gate } : {}),
    };
    return runWithRetries(budget, loop, attempt);
  }

  function send<R extends { status: number; headers: Headers }>(
    transport: Transport<R>,
    request: HttpRequest,
    signal: AbortSignal,
    maxBytes: number,
    extra: Record<string, string> = {},
  ) {
    return followRedirects(
      {
        url: request.url,
        method: request.method ?? 'GET',
        headers: {
          // Lower-cased so a caller's `User-Agent` cannot end up beside ours as a second value.
          ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([n, v]) => [n.toLowerCase(), v])),
          ...extra,
          'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
          'accept-encoding': 'gzip, deflate, br',
        },
        body: request.body,
        signal,
        maxBytes,
        maxRedirects: options.maxRedirects ?? 5,
        policy,
        dispatcher,
        onHop: () => {
          counters.requests++;
        },
        ...(telemetry
          ? { onResponse: (url, status) => telemetry.upstreamResponse(url.hostname, status) }
          : {}),
      },
      transport,
    );
  }

  async function fetchFresh(request: HttpRequest): Promise<Snapshot> {
    return withRetries(request, async (signal) => {
      const { response, url } = await send(
        kyTransport,
        request,
        signal,
        request.maxBytes ?? limits.maxResponseBytes,
      );
      if (!response.ok && !request.acceptStatuses?.includes(response.status)) {
        await response.body?.cancel();
        throw statusError(
          response.status,
          url.hostname,
          response.headers.get('retry-after'),
          response.headers.get(RECORDED_REQUESTS_HEADER),
        );
      }
      return readSnapshot(response, url, request.onProgress);
    });
  }

  /**
   * Holds the file from the first look at the cache until the caller releases it or, for a caller that
   * never does, until a call deadline after it was handed out: a concurrent download of another
   * resource must not evict a file between its hand-out and its reading.
   */
  async function download(request: HttpRequest): Promise<DownloadResult> {
    const key = cacheKey(request);
    const hold = resources.hold(key);
    try {
      const result = await downloadHeld(request, key);
      const timer = setTimeout(hold, limits.callDeadlineMs).unref();
      const release = () => {
        clearTimeout(timer);
        hold();
      };
      return { ...result, release };
    } catch (error) {
      hold();
      throw error;
    }
  }

  async function downloadHeld(request: HttpRequest, key: string): Promise<DownloadResult> {
    const cached = await resources.get(key);
    const ttl = request.cacheTtlMs ?? 0;
    if (cached && Date.now() - cached.fetchedAt.getTime() < ttl) {
      counters.resourceHits++;
      return toDownloadResult(cached, true, false);
    }
    const conditional: Record<string, string> = {};
    if (cached?.etag) conditional['if-none-match'] = cached.etag;
    if (cached?.lastModified) conditional['if-modified-since'] = cached.lastModified;
    return withRetries(request, async (signal) => {
      const maxBytes = request.maxBytes ?? limits.maxDownloadBytes;
      const { response, url } = await send(streamTransport, request, signal, maxBytes, conditional);
      if (response.status === 304 && cached) {
        const confirmed = (await resources.confirm(key, new Date())) ?? cached;
        counters.resourceHits++;
        counters.revalidations++;
        return toDownloadResult(confirmed, true, true);
      }
      if (response.status < 200 || response.status > 299 || !response.body) {
        await streamTransport.discard(response);
        throw statusError(response.status, url.hostname, response.headers.get('retry-after'));
      }
      const body = withProgress(response.body, response.headers, request.onProgress);
      const now = new Date();
      const entry = await resources.store(key, body, {
        url: url.href,
        contentType: response.headers.get('content-type'),
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
        firstFetchedAt: now,
        fetchedAt: now,
      });
      return toDownloadResult(entry, false, false);
    });
  }

  return {
    async fetch(request) {
      checkAcceptedStatuses(request.acceptStatuses);
      const ttl = request.cacheTtlMs ?? 0;
      if (ttl <= 0) return materialize(await fetchFresh(request), false);
      try {
        const { value, hit } = await metadata.getOrLoad(cacheKey(request), ttl, async () => {
          const snapshot = await fetchFresh(request);
          if (snapshot.status > 299) throw new UncachedAnswer(snapshot);
          return snapshot;
        });
        return materialize(value, hit);
      } catch (error) {
        if (error instanceof UncachedAnswer) return materialize(error.snapshot, false);
        throw error;
      }
    },
    download,
    // destroy, not close: close would wait for a stalled upstream and hold up the server's shutdown.
    close: () => dispatcher.destroy(),
    stats: () => {
      const disk = resources.stats();
      return {
        requests: counters.requests,
        retries: counters.retries,
        metadataCache: metadata.stats(),
        resourceCache: {
          entries: disk.entries,
          bytes: disk.bytes,
          maxBytes: disk.maxBytes,
          hits: counters.resourceHits,
          revalidations: counters.revalidations,
          evictions: disk.evictions,
        },
      };
    },
  };
}

/** Carries an accepted client-error answer past the metadata cache, which keeps successes only. */
class UncachedAnswer {
  constructor(readonly snapshot: Snapshot) {}
}

function checkAcceptedStatuses(statuses: number[] | undefined): void {
  for (const status of statuses ?? []) {
    if (status < 400 || status > 499 || status === 408 || status === 425 || status === 429) {
      throw new Error(`acceptStatuses may only list non-retryable 4xx statuses, not ${status}.`);
    }
  }
}
